package stats

import (
	"math"
	"testing"

	"golang.org/x/perf/benchmath"
)

// A verdict split by workload counts each workload's cells on their own: the fixed cells all faster
// (with a typical change), the mixed ones slower, equivalent and inconclusive (no typical change).
func TestVerdictByWorkload(t *testing.T) {
	o := func(wl string, dop int, c Class, logEst float64) Outcome {
		return Outcome{Workload: wl, DOP: dop, Class: c, Delta: &Delta{Log: SignedRank{N: 10, Estimate: logEst}}}
	}
	v := Verdict{Candidate: "pooled/8", Outcomes: []Outcome{
		o("fixed", 1, Faster, math.Log(0.9)), o("fixed", 4, Faster, math.Log(0.8)),
		o("mixed", 1, Slower, math.Log(1.5)), o("mixed", 4, Equivalent, 0.001), o("mixed", 8, Inconclusive, 0.05),
	}}
	v.count()
	if v.Faster != 2 || v.Slower != 1 || v.Same != 2 || v.Equivalent != 1 || v.Agree() {
		t.Fatalf("whole verdict: %+v", v)
	}
	parts := v.ByWorkload()
	if len(parts) != 2 || parts[0].Workload != "fixed" || parts[1].Workload != "mixed" {
		t.Fatalf("parts %+v", parts)
	}
	fixed, mixed := parts[0], parts[1]
	if fixed.Cells != 2 || fixed.Faster != 2 || !fixed.Agree() || math.Abs(fixed.Typical-(math.Sqrt(0.72)-1)*100) > 1e-9 {
		t.Errorf("fixed: %+v", fixed)
	}
	if mixed.Cells != 3 || mixed.Slower != 1 || mixed.Same != 2 || mixed.Equivalent != 1 || mixed.Agree() {
		t.Errorf("mixed: %+v", mixed)
	}
}

// A delta's class is read from its adjusted interval and the margin, in that order.
func TestDeltaClass(t *testing.T) {
	paired := func(lo, hi float64) *Delta {
		return &Delta{Test: testN(10), Log: SignedRank{N: 10, Lo: lo, Hi: hi, Estimate: (lo + hi) / 2}, Adjusted: SignedRank{N: 10, Lo: lo, Hi: hi}, alpha: 0.05}
	}
	l := func(pct float64) float64 { return math.Log1p(pct / 100) }
	for _, c := range []struct {
		name string
		d    *Delta
		want Class
	}{
		{"faster", paired(l(-8), l(-3)), Faster},
		{"slower", paired(l(3), l(8)), Slower},
		{"equivalent, holding 0", paired(l(-1), l(1.5)), Equivalent},
		{"equivalent, excluding 0", paired(l(0.5), l(1.9)), Equivalent},
		{"inconclusive", paired(l(-3), l(4)), Inconclusive},
		{"margin edge", paired(l(-1), l(2.1)), Inconclusive},
		{"unstable", func() *Delta { d := paired(l(3), l(8)); d.Unstable = true; return d }(), Unstable},
		{"no data", &Delta{}, NoData},
	} {
		if got := c.d.Class(); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

func testN(n int) benchmath.Comparison { return benchmath.Comparison{N1: n, N2: n, P: 1, Alpha: 0.05} }
