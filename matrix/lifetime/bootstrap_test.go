package lifetime

import (
	"math"
	"testing"
)

// bootstrapP is twice the share of resamples on the far side of 1, ties counted there, at most 1.
func TestBootstrapP(t *testing.T) {
	for _, c := range []struct {
		sorted []float64
		want   float64
	}{
		{[]float64{1.1, 1.2, 1.3, 1.4}, 0},
		{[]float64{0.9, 1.1, 1.2, 1.3}, 0.5},
		{[]float64{0.9, 1, 1.2, 1.3}, 1},      // one below, one tie: 2 of 4 on the far side
		{[]float64{0.5, 0.6, 0.7, 1.01}, 0.5}, // the far side is above
		{[]float64{0.9, 0.95, 1.05, 1.1}, 1},
	} {
		if got := bootstrapP(c.sorted); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("bootstrapP(%v) = %v, want %v", c.sorted, got, c.want)
		}
	}
}

// TestBootstrapMethod: the kept bootstrap gives the known crossing and an interval that Readjust widens.
func TestBootstrapMethod(t *testing.T) {
	ctl := rounds(8, func(r int) Process { return process(r, 200, 50, 100, 50) })
	cand := rounds(8, func(r int) Process { return process(r, 300, 40*(1+0.01*float64(r%3)), 100, 40) })
	cmp, err := CompareMethod(ctl, cand, 1, Bootstrap)
	if err != nil {
		t.Fatal(err)
	}
	if be := cmp.BreakEven; be.ResamplesTotal != Resamples || !be.CandidateWins || !(be.Lo <= float64(be.N) && float64(be.N) <= be.Hi) {
		t.Errorf("bootstrap break-even %+v", be)
	}
	r, _ := cmp.RatioAt(100)
	cmp.Readjust(0.999)
	w, _ := cmp.RatioAt(100)
	if w.Lo > r.Lo || w.Hi < r.Hi || math.IsNaN(r.P) {
		t.Errorf("readjusted %+v does not contain %+v", w, r)
	}
}
