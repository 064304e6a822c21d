package lifetime

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFlipSelectMatchesSorted: a flip set read by selection gives the sorted scans' interval ends,
// counts and hull p-values to the bit, at levels and ratios across the distribution, on the exact and the
// drawn path, with effects and without; and nthSmallest is the sorted slice's element.
func TestFlipSelectMatchesSorted(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	compared := 0
	for _, n := range []int{1, 2, 6, 12, 14, 15, 36} {
		for _, effect := range []float64{1, 1.04, 1.5} {
			a, b := pairs(r, n, effect)
			f := newFlipSet(a, b, 3)
			if f.sorted {
				continue // rounding put an end past the estimate: nothing to compare
			}
			compared++
			s := f
			s.los, s.his = slices.Clone(f.los), slices.Clone(f.his)
			sortFloats(s.los)
			sortFloats(s.his)
			s.sorted = true
			for _, conf := range []float64{0.5, 0.9, 0.95, 0.99, 0.9996, 1 - 1e-9} {
				l1, h1 := f.interval(conf)
				l2, h2 := s.interval(conf)
				if !same(l1, l2) || !same(h1, h2) {
					t.Errorf("%d pairs, effect %v, %v: selected [%v, %v], sorted [%v, %v]", n, effect, conf, l1, h1, l2, h2)
				}
			}
			for k := range 61 {
				x := f.estimate * (0.7 + 0.01*float64(k))
				if f.countAt(x) != s.countAt(x) || !same(f.pHull(x), s.pHull(x)) {
					t.Errorf("%d pairs, effect %v, at %v: count %d, %d; pHull %v, %v", n, effect, x, f.countAt(x), s.countAt(x), f.pHull(x), s.pHull(x))
				}
			}
			for _, x := range append(slices.Clone(s.los[:min(5, len(s.los))]), s.his[max(0, len(s.his)-5):]...) { // at ends themselves
				if f.countAt(x) != s.countAt(x) || !same(f.pHull(x), s.pHull(x)) {
					t.Errorf("%d pairs, effect %v, at end %v: count %d, %d; pHull %v, %v", n, effect, x, f.countAt(x), s.countAt(x), f.pHull(x), s.pHull(x))
				}
			}
		}
	}
	if compared < 15 {
		t.Errorf("only %d of 21 sets were read by selection", compared)
	}
	for _, n := range []int{1, 2, 3, 10, 1000} {
		x := make([]float64, n)
		for i := range x {
			x[i] = float64(r.IntN(n/2 + 1)) // with repeats
		}
		want := slices.Sorted(slices.Values(x))
		for k := range n {
			if got := nthSmallest(x, k); got != want[k] {
				t.Fatalf("%d values: nthSmallest(%d) = %v, sorted %v", n, k, got, want[k])
			}
		}
	}
}

func same(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
