package stats

import (
	"math"
	"testing"
)

// Reference values from R 4.2.2 (Debian's r-base-core 4.2.2.20221110-2), produced with this script and
// copied verbatim (the tests do not need R):
//
//	cases <- list(
//	  hw = c(1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30) - c(0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29),
//	  n3 = c(-0.4, -0.1, -0.25),
//	  n6 = c(-0.12, -0.05, -0.31, 0.02, -0.08, -0.2),
//	  n12 = c(0.031, -0.012, 0.044, 0.027, 0.058, -0.003, 0.019, 0.072, 0.036, 0.011, 0.049, 0.025),
//	  ties = c(0.1, 0.1, -0.2, 0.3, 0.3, 0.3, -0.05, 0.4),
//	  zeros = c(0, 0.2, -0.1, 0.5, 0.3, 0, 0.25, 0.4, -0.15, 0.35),
//	  n60 = sin(1:60) + 0.3
//	)
//	for (name in names(cases)) {
//	  x <- cases[[name]]
//	  r <- suppressWarnings(wilcox.test(x, conf.int = TRUE, conf.level = 0.95))
//	  cat(sprintf("%s: V=%.15g p=%.15g est=%.15g lo=%.15g hi=%.15g conf=%.15g method=%s\n", name, r$statistic,
//	    r$p.value, r$estimate, r$conf.int[1], r$conf.int[2], attr(r$conf.int, "conf.level"), r$method))
//	}
//	cat(sprintf("%.15g", p.adjust(c(0.01, 0.04, 0.03, 0.005, 0.2, 0.0004882812, 0.5, 0.049), "BH")), "\n")
//
// Output:
//
//	hw: V=40 p=0.0390625 est=0.46 lo=0.01 hi=0.786 conf=0.95 method=Wilcoxon signed rank exact test
//	n3: V=0 p=0.25 est=-0.25 lo=-0.4 hi=-0.1 conf=0.75 method=Wilcoxon signed rank exact test
//	n6: V=1 p=0.0625 est=-0.12 lo=-0.31 hi=0.02 conf=0.95 method=Wilcoxon signed rank exact test
//	n12: V=74 p=0.00341796875 est=0.03 lo=0.012 hi=0.0465 conf=0.95 method=Wilcoxon signed rank exact test
//	ties: V=31 p=0.0782088076229926 est=0.196200734755229 lo=-0.0499793943021199 hi=0.349924908672728 conf=0.95 method=Wilcoxon signed rank test with continuity correction
//	zeros: V=33 p=0.042315274905714 est=0.249954475619051 lo=0.0250484718310272 hi=0.400073640837504 conf=0.95 method=Wilcoxon signed rank test with continuity correction
//	n60: V=1354 p=0.00124631559160985 est=0.31471638887944 lo=0.155843300130516 hi=0.509921805109567 conf=0.95 method=Wilcoxon signed rank test with continuity correction
//	0.0266666666666667 0.064 0.06 0.02 0.228571428571429 0.0039062496 0.5 0.0653333333333333
//
// "hw" is the textbook example of R's ?wilcox.test (Hollander & Wolfe, 1973, p. 29: depression scale
// before and after a tranquilizer; one-sided p = 0.01953 there, two-sided 0.039 here).
//
// On R's normal-approximation path ("with continuity correction") R finds the interval bounds and the
// estimate with uniroot(tol = 1e-4) on a step function: its bounds are the Walsh averages at the steps
// to within 1e-4, and its estimate is a root of the corrected statistic, not the Hodges-Lehmann median of
// the Walsh averages; the test checks the bounds to 1e-4 and the Hodges-Lehmann estimate by hand.
func TestSignedRankAgainstR(t *testing.T) {
	n60 := make([]float64, 60)
	for i := range n60 {
		n60[i] = math.Sin(float64(i+1)) + 0.3
	}
	before := []float64{1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30}
	after := []float64{0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29}
	hw := make([]float64, len(before))
	for i := range hw {
		hw[i] = before[i] - after[i]
	}
	inf := math.Inf(1)
	for _, tc := range []struct {
		name         string
		x            []float64
		v, p         float64
		est          float64 // R's estimate; NaN: checked against hlWant instead
		hlWant       float64
		lo, hi       float64 // R's bounds; infinite when R's confidence is below 95% (R prints a lower one)
		tol          float64 // on the bounds
		exact        bool
		n, zeros     int
		wantThinNote string
	}{
		{"hw", hw, 40, 0.0390625, 0.46, 0.46, 0.01, 0.786, 1e-12, true, 9, 0, ""},
		{"n3", []float64{-0.4, -0.1, -0.25}, 0, 0.25, -0.25, -0.25, -inf, inf, 0, true, 3, 0, "R: conf 0.75"},
		{"n6", []float64{-0.12, -0.05, -0.31, 0.02, -0.08, -0.2}, 1, 0.0625, -0.12, -0.12, -0.31, 0.02, 1e-12, true, 6, 0, ""},
		{"n12", []float64{0.031, -0.012, 0.044, 0.027, 0.058, -0.003, 0.019, 0.072, 0.036, 0.011, 0.049, 0.025}, 74, 0.00341796875, 0.03, 0.03, 0.012, 0.0465, 1e-12, true, 12, 0, ""},
		// Hodges-Lehmann by R: x <- c(...); d <- outer(x, x, "+")/2; median(d[!lower.tri(d)]) is 0.1875 here
		// and 0.25 for zeros (without the zeros).
		{"ties", []float64{0.1, 0.1, -0.2, 0.3, 0.3, 0.3, -0.05, 0.4}, 31, 0.0782088076229926, math.NaN(), 0.1875, -0.0499793943021199, 0.349924908672728, 1e-4, false, 8, 0, ""},
		// The two zeros are left out: 8 differences, 36 Walsh averages.
		{"zeros", []float64{0, 0.2, -0.1, 0.5, 0.3, 0, 0.25, 0.4, -0.15, 0.35}, 33, 0.042315274905714, math.NaN(), 0.25, 0.0250484718310272, 0.400073640837504, 1e-4, false, 8, 2, ""},
		{"n60", n60, 1354, 0.00124631559160985, math.NaN(), math.NaN(), 0.155843300130516, 0.509921805109567, 1e-4, false, 60, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := SignedRankTest(tc.x, 0.95)
			if s.V != tc.v || math.Abs(s.P-tc.p) > 1e-12 || s.Exact != tc.exact || s.N != tc.n || s.Zeros != tc.zeros {
				t.Errorf("V %v p %.15g exact %v n %d zeros %d; want V %v p %.15g exact %v n %d zeros %d",
					s.V, s.P, s.Exact, s.N, s.Zeros, tc.v, tc.p, tc.exact, tc.n, tc.zeros)
			}
			if !math.IsNaN(tc.est) && math.Abs(s.Estimate-tc.est) > 1e-12 {
				t.Errorf("estimate %.15g, want R's %.15g", s.Estimate, tc.est)
			}
			if !math.IsNaN(tc.hlWant) && math.Abs(s.Estimate-tc.hlWant) > 1e-12 {
				t.Errorf("Hodges-Lehmann estimate %.15g, want %.15g", s.Estimate, tc.hlWant)
			}
			if math.IsInf(tc.lo, 0) {
				if !s.Thin() {
					t.Errorf("interval [%v, %v], want none (95%% unreachable)", s.Lo, s.Hi)
				}
				return
			}
			if math.Abs(s.Lo-tc.lo) > tc.tol || math.Abs(s.Hi-tc.hi) > tc.tol {
				t.Errorf("interval [%.15g, %.15g], want R's [%.15g, %.15g] within %g", s.Lo, s.Hi, tc.lo, tc.hi, tc.tol)
			}
			if !(s.Lo <= s.Estimate && s.Estimate <= s.Hi) || s.Confidence < 0.95 {
				t.Errorf("estimate %v outside [%v, %v] or confidence %v < 0.95", s.Estimate, s.Lo, s.Hi, s.Confidence)
			}
		})
	}
}

// The n60 estimate by brute force: the median of the 1830 Walsh averages, recomputed here, must be
// within R's uniroot tolerance of R's root, and equal to the implementation's.
func TestHodgesLehmannLarge(t *testing.T) {
	var x []float64
	for i := range 60 {
		x = append(x, math.Sin(float64(i+1))+0.3)
	}
	var w []float64
	for i := range x {
		for j := i; j < len(x); j++ {
			w = append(w, (x[i]+x[j])/2)
		}
	}
	// 1830 values: the median is the mean of the 915th and 916th smallest.
	lo, hi := kth(w, 914), kth(w, 915)
	want := (lo + hi) / 2
	s := SignedRankTest(x, 0.95)
	if s.Estimate != want {
		t.Errorf("estimate %v, want %v", s.Estimate, want)
	}
	if math.Abs(want-0.31471638887944) > 2e-3 {
		t.Errorf("Hodges-Lehmann %v is far from R's root 0.31471638887944", want)
	}
}

// kth returns the k-th smallest (from 0) by selection, independently of sort.
func kth(v []float64, k int) float64 {
	c := append([]float64(nil), v...)
	for i := 0; i <= k; i++ {
		m := i
		for j := i + 1; j < len(c); j++ {
			if c[j] < c[m] {
				m = j
			}
		}
		c[i], c[m] = c[m], c[i]
	}
	return c[k]
}

func TestSignedRankEdges(t *testing.T) {
	for _, tc := range []struct {
		name  string
		x     []float64
		n     int
		p     float64
		thin  bool
		isNaN bool
	}{
		{"none", nil, 0, 1, true, true},
		{"all zero", []float64{0, 0, 0, 0, 0, 0}, 0, 1, true, true},
		{"NaN skipped", []float64{math.NaN(), 1, 2, 3, 4, 5, 6}, 6, 0.03125, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := SignedRankTest(tc.x, 0.95)
			if s.N != tc.n || math.Abs(s.P-tc.p) > 1e-12 || s.Thin() != tc.thin || math.IsNaN(s.Estimate) != tc.isNaN {
				t.Errorf("%+v: want n %d p %v thin %v NaN estimate %v", s, tc.n, tc.p, tc.thin, tc.isNaN)
			}
		})
	}
}

func TestBenjaminiHochberg(t *testing.T) {
	ps := []float64{0.01, 0.04, 0.03, 0.005, 0.2, 0.0004882812, 0.5, 0.049}
	want := []float64{0.0266666666666667, 0.064, 0.06, 0.02, 0.228571428571429, 0.0039062496, 0.5, 0.0653333333333333} // R, above
	got := BenjaminiHochberg(ps)
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Errorf("adjusted p[%d] = %.15g, want R's %.15g", i, got[i], want[i])
		}
	}
	if got := BenjaminiHochberg([]float64{math.NaN(), 0.02, 0.04}); !math.IsNaN(got[0]) || got[1] != 0.04 || got[2] != 0.04 {
		t.Errorf("with a NaN: %v, want [NaN 0.04 0.04]", got)
	}
}

// TestSignedRankCommittedCells: three elapsed-time comparisons of the committed full run at 8b8cac6
// (reports/20261201T013329Z-linux-amd64-57b5d154), their per-round log ratios as the report computes them,
// against R 4.2.2's w <- wilcox.test(x, conf.int = TRUE) (w$estimate, w$conf.int, w$p.value), to 1e-9.
func TestSignedRankCommittedCells(t *testing.T) {
	for _, c := range []struct {
		cell          string
		x             []float64
		hl, lo, hi, p float64
	}{
		{"libc fixed/1 cold pooled/8", []float64{-0.013883850439130142, -0.081509006152637634, -0.019526573451409405, -0.038679245208298969, -0.045150211426995088, -0.042633259708581187, -0.028979149133052207, -0.060572411321556135, -0.043117040336369858, -0.038651717428488448, -0.067358969153800199, -0.024913945688730624},
			-0.0408912608, -0.0552380047, -0.0289791491, 0.00048828125},
		{"libc mixed/1 warm aa", []float64{-0.025294685706434464, -0.015077886805498486, 0.024460654098941451, -0.0059499073012517934, -0.0028911405030991066, -0.014358322098904312, 0.0064787290260919185, 0.0010531346836854666, -0.010147228808113914, 0.0070012566170232658, 0.0037400353918577468, 0.035351137421347656},
			-0.0010119694, -0.0105138971, 0.0126019543, 0.9096679688},
		{"pages mixed/4 warm pooled/12", []float64{-1.927090616522489, -1.9359243763514495, -1.9807266559305228, -1.9275644281913598, -2.0206953233002691, -2.0362398831355675, -1.9736653179271095, -2.0572327549339513, -1.9649170895948913, -1.9288590486613122, -2.0717907950936674, -1.9887389264171269},
			-1.9817837027, -2.0206953233, -1.9503779672, 0.00048828125},
	} {
		s := SignedRankTest(c.x, 0.95)
		if math.Abs(s.Estimate-c.hl) > 1e-9 || math.Abs(s.Lo-c.lo) > 1e-9 || math.Abs(s.Hi-c.hi) > 1e-9 || math.Abs(s.P-c.p) > 1e-9 {
			t.Errorf("%s: %v [%v, %v] p %v; R %v [%v, %v] p %v", c.cell, s.Estimate, s.Lo, s.Hi, s.P, c.hl, c.lo, c.hi, c.p)
		}
	}
}
