package stats

import (
	"math"
	"testing"
)

// TestCombineAgainstMetafor checks the random-effects combination against R 4.2.2's metafor 3.8-1:
//
//	z <- rma(yi=y, sei=se, method="REML", test="z", control=list(threshold=1e-12, maxiter=10000))
//	k <- rma(yi=y, sei=se, method="REML", test="knha", control=list(threshold=1e-12, maxiter=10000))
//	sprintf("%.10f %.12g %.10f %.10f %.10f %.10f %.10f %.10f %.10g", z$beta, z$tau2, z$I2/100, z$QE,
//	        z$se, k$se, k$ci.lb, k$ci.ub, k$pval)
//
// The ad hoc corrected interval is metafor's knha interval where its standard error is at least the z
// one; in the last case it is not (three close estimates with wide intervals: knha alone would call them
// significant, p = 0.0059), and the expected interval and p-value are R's est -+ qt(.975, 2) * z$se and
// 2 * pt(-abs(est / z$se), 2).
func TestCombineAgainstMetafor(t *testing.T) {
	for _, tc := range []struct {
		name                   string
		y, se                  []float64
		est, tau2, i2, q       float64
		seZ, seKnHa, lo, hi, p float64
	}{
		{"three instances, offsets", []float64{-0.031, -0.052, -0.012}, []float64{0.008, 0.010, 0.009},
			-0.0313343284, 0.000300087629149, 0.7888106762, 8.8508941272, 0.0112722220, 0.0114085455, -0.0804213377, 0.0177526809, 0.1109352806},
		{"two instances, opposite", []float64{0.020, -0.025}, []float64{0.006, 0.007},
			-0.0023555556, 0.00097, 0.9580246914, 23.8235294118, 0.0224995363, 0.0224995363, -0.2882392708, 0.2835281597, 0.9335919598},
		{"four instances, large effect", []float64{-0.70, -0.69, -0.71, -0.72}, []float64{0.01, 0.012, 0.009, 0.011},
			-0.7057172906, 2.14177475035e-05, 0.1652576134, 3.9541764492, 0.0056735036, 0.0060168273, -0.7248655204, -0.6865690609, 1.366367337e-06},
		{"three close, noisy (ad hoc)", []float64{0.01, 0.012, 0.009}, []float64{0.02, 0.025, 0.03},
			0.0104008529, 0, 0, 0.0066737740, 0.0138527129, 0.0008002130, -0.0492025601, 0.0700042659, 0.5310804954},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, ok := Combine(tc.y, tc.se)
			if !ok {
				t.Fatal("not combined")
			}
			lo, hi := r.Interval(0.95)
			for _, c := range []struct {
				name      string
				got, want float64
			}{
				{"estimate", r.Estimate, tc.est}, {"tau2", r.Tau2, tc.tau2}, {"I2", r.I2, tc.i2}, {"Q", r.Q, tc.q},
				{"se z", r.SEZ, tc.seZ}, {"se knha", r.SEKnHa, tc.seKnHa}, {"lo", lo, tc.lo}, {"hi", hi, tc.hi}, {"p", r.P(), tc.p},
			} {
				if math.Abs(c.got-c.want) > 1e-8*math.Max(1, math.Abs(c.want)) && math.Abs(c.got-c.want) > 5e-10 {
					t.Errorf("%s = %.12g, metafor %.12g", c.name, c.got, c.want)
				}
			}
		})
	}
	if _, ok := Combine([]float64{0.1}, []float64{0.01}); ok {
		t.Error("one instance combined")
	}
	if _, ok := Combine([]float64{0.1, 0.2}, []float64{0.01, math.Inf(1)}); ok {
		t.Error("an instance without an interval combined")
	}
}

func TestTQuantile(t *testing.T) {
	// R: qt(c(.975, .975, .975, .9), c(1, 2, 11, 3))
	for _, c := range []struct{ df, p, want float64 }{{1, .975, 12.70620474}, {2, .975, 4.30265273}, {11, .975, 2.20098516}, {3, .9, 1.63774435}} {
		if got := tQuantile(c.df, c.p); math.Abs(got-c.want) > 1e-7 {
			t.Errorf("qt(%v, %v) = %v, want %v", c.p, c.df, got, c.want)
		}
	}
}

// Standard errors so small that their weights overflow (a metric measured as nearly constant on every
// instance: the B/op of a merged full run) give no combination, never a NaN in cells.json.
func TestCombineRefusesOverflow(t *testing.T) {
	for _, c := range []struct {
		name string
		ys   []float64
		ses  []float64
	}{
		{"equal, tiny", []float64{0, 0, 0}, []float64{1e-90, 1e-90, 1e-90}},
		{"two, tiny", []float64{1e-12, 2e-12}, []float64{1e-100, 3e-100}},
	} {
		r, ok := Combine(c.ys, c.ses)
		if ok {
			for _, x := range []float64{r.Estimate, r.SE, r.Tau2, r.I2, r.Q} {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					t.Errorf("%s: ok with a non-finite field: %+v", c.name, r)
				}
			}
		}
	}
	if _, ok := Combine([]float64{0.01, 0.02, 0.015}, []float64{0.004, 0.005, 0.006}); !ok {
		t.Error("an ordinary combination refused")
	}
}
