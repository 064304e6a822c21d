package stats_test

import (
	"fmt"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

func Example() {
	cell := matrix.Cell{Platform: "windows/amd64", Workload: "fixed", DOP: 8, Phase: "warm", Backend: "privateheap"}
	control := []float64{290, 288, 295, 291, 289, 293}
	pooled := []float64{163, 160, 166, 162, 165, 161}
	var samples []matrix.Sample
	for round := range control {
		for i, v := range []struct {
			name string
			ms   float64
		}{{"control", control[round]}, {"pooled", pooled[round]}} {
			samples = append(samples, matrix.Sample{Cell: cell, Variant: v.name, Round: round, Position: (i + round) % 2, OK: true,
				Result: &hostresult.Result{Ops: 20000, ElapsedNs: int64(v.ms * 1e6), OutputBytes: 1, Digest: "x"}})
		}
	}
	a, err := stats.Analyze(samples, stats.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	c := a.Cells[0]
	for _, v := range c.Variants {
		e := v.Metrics[stats.Elapsed.Name]
		fmt.Printf("%s: %.1f ms [%.0f, %.0f]\n", v.Name, e.Center, e.Lo, e.Hi)
	}
	d := c.Delta("pooled", stats.Elapsed.Name)
	center, lo, hi := d.Percent()
	fmt.Printf("pooled: %+.0f%% [%+.0f, %+.0f], %v, significant %v\n", center, lo, hi, d.Test, d.Significant())
	// Output:
	// control: 290.5 ms [288, 295]
	// pooled: 162.5 ms [160, 166]
	// pooled: -44% [-45, -43], p=0.002 n=6, significant true
}
