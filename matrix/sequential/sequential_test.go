package sequential

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestEValueMatchesTheMixtureIntegral(t *testing.T) {
	// M_n is the ratio of two integrals over sigma (right-Haar prior) with the effect integrated out in
	// closed form; integrate it numerically, on a log grid of sigma, and compare with the closed form.
	for _, tc := range []struct {
		x      []float64
		mu0, c float64
	}{
		{[]float64{0.1, 0.3, -0.05}, 0, 1},
		{[]float64{-0.8, -0.75, -0.82, -0.79}, 0, 0.3},
		{[]float64{0.01, -0.02, 0.015, 0.0, 0.005}, 0.0198, 0.3},
	} {
		n := float64(len(tc.x))
		var s, v float64
		for _, xi := range tc.x {
			s += xi - tc.mu0
			v += (xi - tc.mu0) * (xi - tc.mu0)
		}
		var num, den float64
		for ls := -12.0; ls < 6; ls += 1e-3 { // sigma = e^ls, dsigma/sigma = d ls
			sig2 := math.Exp(2 * ls)
			base := math.Pow(sig2, -n/2)
			den += base * math.Exp(-v/(2*sig2))
			num += base * math.Sqrt(tc.c/(n+tc.c)) * math.Exp(-(v-s*s/(n+tc.c))/(2*sig2))
		}
		want := num / den
		if got := EValue(tc.x, tc.mu0, tc.c); math.Abs(got-want) > 1e-6*want {
			t.Errorf("EValue(%v, %v, %v) = %v, numerical integral %v", tc.x, tc.mu0, tc.c, got, want)
		}
	}
}

func TestIntervalBoundsAreWhereEValueCrosses(t *testing.T) {
	x := []float64{0.02, 0.05, 0.01, 0.04, 0.03, 0.06}
	for _, alpha := range []float64{0.05, 0.001} {
		_, lo, hi := Interval(x, alpha, DefaultPrecision)
		for _, b := range []float64{lo, hi} {
			if e := EValue(x, b, DefaultPrecision); math.Abs(e*alpha-1) > 1e-9 {
				t.Errorf("alpha %v: EValue at bound %v = %v, want 1/alpha", alpha, b, e)
			}
		}
	}
	if _, lo, hi := Interval(x[:2], 0.001, DefaultPrecision); !math.IsInf(lo, -1) || !math.IsInf(hi, 1) {
		t.Errorf("two values at alpha 0.001: interval [%v, %v], want unbounded (too few to exclude anything)", lo, hi)
	}
}

func TestBenjaminiYekutieliMatchesR(t *testing.T) {
	// R: p.adjust(c(0.01, 0.04, 0.03, 0.2, NA), "BY") = 0.08333333 0.11111111 0.11111111 0.41666667 NA
	got := BenjaminiYekutieli([]float64{0.01, 0.04, 0.03, 0.2, math.NaN()})
	want := []float64{0.0833333333, 0.1111111111, 0.1111111111, 0.4166666667}
	for i, w := range want {
		if math.Abs(got[i]-w) > 1e-9 {
			t.Errorf("adjusted[%d] = %v, want %v", i, got[i], w)
		}
	}
	if !math.IsNaN(got[4]) {
		t.Errorf("NaN p adjusted to %v, want NaN", got[4])
	}
}

// TestTimeUniformCoverage checks Ville's bound by simulation: over streams of 60 values, looked at after
// every value, the interval must miss the true mean at some time in at most alpha of the streams - for
// Gaussian noise (the model) and for heavier-tailed noise (Student t with 4 degrees of freedom).
func TestTimeUniformCoverage(t *testing.T) {
	const streams, length, alpha = 2000, 60, 0.05
	rng := rand.New(rand.NewPCG(1, 2))
	for _, noise := range []struct {
		name string
		draw func() float64
	}{
		{"normal", rng.NormFloat64},
		{"t4", func() float64 {
			var chi float64
			for range 4 {
				z := rng.NormFloat64()
				chi += z * z
			}
			return rng.NormFloat64() / math.Sqrt(chi/4)
		}},
	} {
		missed := 0
		for range streams {
			const mu, sd = 0.1, 0.03
			x := make([]float64, length)
			for i := range x {
				x[i] = mu + sd*noise.draw()
			}
			if PValue(x, mu, DefaultPrecision) <= alpha {
				missed++
			}
		}
		// The bound is alpha; 2000 streams put the rate's binomial standard error near 0.5%.
		if rate := float64(missed) / streams; rate > alpha {
			t.Errorf("%s noise: the interval missed the true mean at some time in %.1f%% of streams, want <= %.0f%%", noise.name, rate*100, alpha*100)
		} else {
			t.Logf("%s noise: missed in %.2f%% of streams", noise.name, rate*100)
		}
	}
}

// simulate draws a family of comparisons, each with the given true log-ratio mean, sd and pair count.
func simulate(rng *rand.Rand, means []float64, sd float64, n int) [][]float64 {
	fam := make([][]float64, len(means))
	for i, mu := range means {
		for range n {
			fam[i] = append(fam[i], mu+sd*rng.NormFloat64())
		}
	}
	return fam
}

func TestDecideKnownEffects(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	// 16 comparisons: 4 much faster (-20%), 4 much slower (+30%), 4 with no change, 4 small (+1%: slower,
	// and inside the margin, so either is right); 1% noise per round.
	var means []float64
	for range 4 {
		means = append(means, math.Log(0.8), math.Log(1.3), 0, math.Log(1.01))
	}
	for _, tc := range []struct {
		pairs                          int
		wantFaster, wantSlower, wantEq int // at least
	}{
		{4, 4, 4, 0},
		{20, 4, 4, 4},
	} {
		ds := DefaultRule.Decide(simulate(rng, means, 0.01, tc.pairs))
		count := map[string]int{}
		for i, d := range ds {
			count[d.Class]++
			want := []string{Faster, Slower, Equivalent, Slower}[i%4]
			if d.Class != Undecided && d.Class != want && !(i%4 == 3 && d.Class == Equivalent) {
				t.Errorf("%d pairs, comparison %d (true mean %.3f): decided %q", tc.pairs, i, means[i], d.Class)
			}
			if d.Class == Faster && !(d.Hi < 0) || d.Class == Slower && !(d.Lo > 0) {
				t.Errorf("%d pairs, comparison %d: %s with interval [%v, %v] that does not exclude 0", tc.pairs, i, d.Class, d.Lo, d.Hi)
			}
		}
		if count[Faster] < tc.wantFaster || count[Slower] < tc.wantSlower || count[Equivalent] < tc.wantEq {
			t.Errorf("%d pairs: decided %v, want at least %d faster, %d slower, %d equivalent", tc.pairs, count, tc.wantFaster, tc.wantSlower, tc.wantEq)
		}
	}
}

// TestDecideNoEffectUnderOptionalStopping runs families with no effect at all, looking after every batch
// of two pairs up to 20 pairs and stopping each comparison as soon as it is decided (the adaptive runner's
// use). A family with any faster/slower decision is a false discovery (every null is true, so FDR = FWER
// here); the rate must stay at or below alpha.
func TestDecideNoEffectUnderOptionalStopping(t *testing.T) {
	const families, m, maxPairs = 400, 16, 20
	rng := rand.New(rand.NewPCG(5, 6))
	withFalse := 0
	for range families {
		full := simulate(rng, make([]float64, m), 0.02, maxPairs)
		n := make([]int, m) // pairs each comparison has taken
		open := make([]bool, m)
		for i := range open {
			open[i] = true
		}
		var ds []Decision
		for b := 2; b <= maxPairs; b += 2 {
			fam := make([][]float64, m)
			for i := range fam {
				if open[i] {
					n[i] = b
				}
				fam[i] = full[i][:n[i]]
			}
			ds = DefaultRule.Decide(fam)
			for i, d := range ds {
				open[i] = open[i] && d.Class == Undecided
			}
		}
		for _, d := range ds {
			if d.Class == Faster || d.Class == Slower {
				withFalse++
				break
			}
		}
	}
	if rate := float64(withFalse) / families; rate > DefaultRule.Alpha {
		t.Errorf("no-effect families with a false faster/slower: %.1f%%, want <= %.0f%%", rate*100, DefaultRule.Alpha*100)
	}
}

func TestRuleValidate(t *testing.T) {
	for _, r := range []Rule{
		{Alpha: 0, Margin: 0.02, Precision: 1}, {Alpha: 0.05, Margin: 0, Precision: 1}, {Alpha: 0.05, Margin: 0.02},
		{Alpha: 1, Margin: 0.02, Precision: 1}, {Alpha: 0.05, Margin: 0.02, Precision: math.Inf(1)},
		{Alpha: 0.05, Margin: 0.02, Precision: 1, Correction: "holm"}, {Alpha: 0.05, Margin: 0.02, Precision: 1, MaxN: -1},
	} {
		if r.Validate() == nil {
			t.Errorf("%+v: Validate accepted it", r)
		}
	}
	if err := DefaultRule.Validate(); err != nil {
		t.Errorf("DefaultRule: %v", err)
	}
}
