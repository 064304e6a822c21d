package matrix_test

import (
	"fmt"

	"github.com/deflatelab/deflatelab/matrix"
)

// Rotation runs three variants in a Williams design: over six rounds every variant takes every position
// twice and directly follows every other variant twice.
func ExamplePlan_RoundOrder() {
	p := matrix.Plan{Variants: []string{"control", "pooled", "splitalloc"}, Order: matrix.Rotate, Rounds: 6}
	for r := range 6 {
		fmt.Println(r, p.RoundOrder(0, r))
	}
	// Output:
	// 0 [control pooled splitalloc]
	// 1 [pooled splitalloc control]
	// 2 [splitalloc control pooled]
	// 3 [splitalloc pooled control]
	// 4 [control splitalloc pooled]
	// 5 [pooled control splitalloc]
}

func ExampleCell_BenchName() {
	c := matrix.Cell{Platform: "windows/amd64", Workload: "fixed", DOP: 8, Phase: "cold", Backend: "privateheap"}
	fmt.Println(c.BenchName("pooled"))
	// Output:
	// Deflate/workload=fixed/dop=8/phase=cold/backend=privateheap/variant=pooled
}

// An adaptive plan runs foldover pairs - a rotation row, then the same row reversed - so that each batch
// of two rounds is order-balanced on its own; for three variants the first six rounds are the rotation's
// six rows, reordered.
func ExamplePlan_RoundOrder_adaptive() {
	p := matrix.Plan{Variants: []string{"control", "pooled", "splitalloc"}, Order: matrix.Rotate, Rounds: 6, Adaptive: &matrix.DefaultAdaptive}
	for r := range 6 {
		fmt.Println(r, p.RoundOrder(0, r))
	}
	// Output:
	// 0 [control pooled splitalloc]
	// 1 [splitalloc pooled control]
	// 2 [pooled splitalloc control]
	// 3 [control splitalloc pooled]
	// 4 [splitalloc control pooled]
	// 5 [pooled control splitalloc]
}
