package lifetime

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// TestFlipDrawsMatchIntN: the kept patterns are the ones the sign-flip tests drew before they were kept
// (r.IntN(2) == 1 per pair, in pair order, draw after draw), for pattern sets of one and of two words,
// and the cache returns the same set for the same seed and size.
func TestFlipDrawsMatchIntN(t *testing.T) {
	for _, c := range []struct {
		n    int
		seed uint64
	}{{15, 1}, {36, 0xfeed}, {64, 3}, {100, 42}} {
		f := drawFlips(c.n, c.seed)
		r := rand.New(rand.NewPCG(c.seed, uint64(c.n)))
		d := make([]float64, c.n)
		for i := range d {
			d[i] = float64(int(1) << (i % 50)) // each pair its own bit in the sum's mantissa
		}
		for k := range FlipDraws {
			var want float64
			flipped := 0
			for i := range c.n {
				if r.IntN(2) == 1 {
					want += d[i]
					flipped++
				}
			}
			if got, n := f.sum(k, d); got != want || n != flipped {
				t.Fatalf("n %d seed %d draw %d: sum %v of %d pairs, want %v of %d", c.n, c.seed, k, got, n, want, flipped)
			}
			if k%4 == 0 && k+4 <= FlipDraws {
				s0, s1, s2, s3 := f.sum4(k, d)
				for j, got := range []float64{s0, s1, s2, s3} {
					if want, _ := f.sum(k+j, d); got != want {
						t.Fatalf("n %d seed %d draw %d: sum4 %v, sum %v", c.n, c.seed, k+j, got, want)
					}
				}
			}
			if sa, sb, n := f.sum2(k, d, d); sa != want || sb != want || n != flipped {
				t.Fatalf("n %d seed %d draw %d: sum2 %v, %v of %d pairs, want %v of %d", c.n, c.seed, k, sa, sb, n, want, flipped)
			}
		}
		if cachedFlips(c.n, c.seed) != cachedFlips(c.n, c.seed) {
			t.Errorf("n %d seed %d: the cache drew the set twice", c.n, c.seed)
		}
	}
}

// TestFlipRejectsMatchesP: the early-stopping decision is flipPOne's p-value against the level, on the
// exact and the drawn path, for differences with no effect, a small one and a large one, at levels on
// both sides of their p-values.
func TestFlipRejectsMatchesP(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{6, 11, 14, 20, 36} {
		for _, shift := range []float64{0, 0.3, 2} {
			d := make([]float64, n)
			for i := range d {
				d[i] = r.NormFloat64() + shift
			}
			p := flipPOne(d, 9)
			for _, alpha := range []float64{0.01, 1 - Confidence, 0.2, p, p - 1e-9} {
				if got, want := flipRejects(d, 9, alpha), p <= alpha; got != want {
					t.Errorf("%d pairs, shift %v: flipRejects at %v = %v, p %v", n, shift, alpha, got, p)
				}
			}
		}
	}
}

// TestSortFloatsMatchesSort: the radix sort gives sort.Float64s' values, for ratios (all positive),
// mixed signs with zeros of both signs, infinities, repeated values, and a slice holding a NaN.
func TestSortFloatsMatchesSort(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	gen := map[string]func(i int) float64{
		"ratios": func(int) float64 { return math.Exp(r.NormFloat64()) },
		"signed": func(i int) float64 {
			return []float64{r.NormFloat64() * 1e6, 0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1)}[i%5]
		},
		"repeated": func(int) float64 { return float64(r.IntN(7)) - 3 },
		"nan":      func(i int) float64 { return []float64{r.Float64(), math.NaN()}[min(i%1000, 1)] },
	}
	for name, g := range gen {
		for _, n := range []int{10, 300, 10000} {
			x := make([]float64, n)
			for i := range x {
				x[i] = g(i)
			}
			want := slices.Clone(x)
			sort.Float64s(want)
			sortFloats(x)
			for i := range x {
				if !(x[i] == want[i] || math.IsNaN(x[i]) && math.IsNaN(want[i])) {
					t.Fatalf("%s, %d values: [%d] = %v, sort.Float64s %v", name, n, i, x[i], want[i])
				}
			}
		}
	}
}
