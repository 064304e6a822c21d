package stats

import (
	"math"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/lifetime"
)

// A lifetime that names a winner is footnoted when the cell's verdicts do not back it: up to the cold
// samples' operations the cold verdict alone backs it, beyond them the cold or the warm one.
func TestVerdictsDisagree(t *testing.T) {
	l := func(pct float64) float64 { return math.Log1p(pct / 100) }
	delta := func(lo, hi float64) *Delta {
		return &Delta{Candidate: "pooled/8", Metric: Elapsed.Name, Test: testN(10),
			Log: SignedRank{N: 10, Lo: lo, Hi: hi, Estimate: (lo + hi) / 2}, Adjusted: SignedRank{N: 10, Lo: lo, Hi: hi}, alpha: 0.05}
	}
	faster, unclear := delta(l(-8), l(-3)), delta(l(-3), l(4))
	cell := func(phase string, d *Delta) *Cell {
		c := &Cell{Cell: matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: 1, Phase: phase, Backend: "libc"}}
		if d != nil {
			c.Deltas = []*Delta{d}
		}
		return c
	}
	life := &Lifetime{Cell: matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: 1, Phase: "cold", Backend: "libc"},
		Comparisons: map[string]*lifetime.Comparison{"pooled/8": {Measured: 100}}}
	for _, c := range []struct {
		name       string
		cold, warm *Delta
		n          int
		want       bool
	}{
		{"both faster, long life", faster, faster, 10000, false},
		{"cold faster, short life reads cold only", faster, unclear, 100, false},
		{"cold faster backs a long life, warm unclear", faster, unclear, 10000, false},
		{"cold unclear, short life", unclear, faster, 10, true},
		{"cold unclear, warm faster backs a long life", unclear, faster, 10000, false},
		{"neither phase faster, long life", unclear, unclear, 10000, true},
		{"cold unclear, no warm verdict, long life", unclear, nil, 10000, false},
		{"no cold verdict", nil, faster, 10, false},
		{"cold faster, no warm verdict, long life", faster, nil, 10000, false},
	} {
		a := &Analysis{Cells: []*Cell{cell("cold", c.cold), cell("warm", c.warm)}}
		cold, warm, got := a.VerdictsDisagree(life, "pooled/8", c.n)
		if got != c.want || cold != c.cold || warm != c.warm {
			t.Errorf("%s: disagree %v (cold %p warm %p), want %v", c.name, got, cold, warm, c.want)
		}
	}
}
