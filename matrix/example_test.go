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

// A run interleaves its cells: round r of every cell, in the order the run's seed gives that round,
// before any cell's round r+1. The order is recomputed from run.json's seed.
func ExampleInterleave_CellOrder() {
	il := matrix.Interleave{Seed: 7}
	for r := range 3 {
		fmt.Println(r, il.CellOrder(4, r))
	}
	// Output:
	// 0 [3 1 0 2]
	// 1 [0 3 2 1]
	// 2 [3 1 2 0]
}

func ExampleParseReplica() {
	r, err := matrix.ParseReplica("2/3")
	fmt.Println(r, err)
	_, err = matrix.ParseReplica("4/3")
	fmt.Println(err)
	// Output:
	// 2/3 <nil>
	// matrix: replica "4/3": want I/K with 1 <= I <= K <= 16 (replica I of K, e.g. 2/3)
}
