package lifetime

import (
	"math"
	"sort"
)

// Sign-flip settings.
const (
	// MaxExactFlips is the most pairs whose 2^n sign patterns are all enumerated (2^13 intervals to sort
	// at 14 pairs, about a millisecond); beyond it FlipDraws patterns are drawn at random.
	MaxExactFlips = 14
	// FlipDraws is how many random sign patterns a larger comparison is tested with (besides the observed
	// one): a randomization test is exact for any number of draws, and 9,999 put a p-value near 0.03
	// within about 0.002 of the exact one.
	FlipDraws = 9999
)

// flipSet is the sign-flip permutation distribution of a paired ratio of sums R = sum(a)/sum(b) (a_i
// the candidate's cost in pair i, b_i control's, all positive), tested by inversion. The hypothesis
// "the ratio is r" is the hypothesis that the pair differences a_i - r*b_i are symmetric about 0; its
// statistic is |sum s_i (a_i - r b_i)| over the sign patterns s, and its p-value the share of patterns
// whose statistic is at least the observed one (s = all +1). For the A/A control at r = 1 the flips are
// exactly what swapping the two labels of a pair does, so the test is exact under the label-swap null.
//
// A pattern that flips the pairs of a set F counts at r exactly when r lies between R_F and R_U, the
// ratios of sums over F and over the pairs it leaves (the statistic's square difference factors as
// 4 B_F B_U (r - R_F)(R_U - r)), so the distribution is a set of intervals, which is how it is kept:
// count(r) = always + weight * #{intervals holding r}, and p(r) = count(r) / total.
//
// Invariants: len(los) == len(his); both ascending when sorted, else in draw order with every lo <=
// estimate <= every hi (flipselect.go); always <= total; the estimate holds in every interval (it is a
// weighted mean of R_F and R_U), so p(estimate) = 1.
type flipSet struct {
	estimate float64
	los, his []float64
	sorted   bool
	always   int // patterns that count at every r: the observed one and its full flip
	weight   int // patterns one interval stands for: 2 exact (F and its complement), 1 drawn
	total    int // patterns in all: 2^n, or FlipDraws + 1
}

// newFlipSet builds the distribution of pairs (a[i], b[i]); seed draws the patterns when there are more
// than MaxExactFlips pairs. It needs at least one pair.
func newFlipSet(a, b []float64, seed uint64) flipSet {
	n := len(a)
	var sa, sb float64
	for i := range a {
		sa += a[i]
		sb += b[i]
	}
	f := flipSet{estimate: sa / sb}
	size := FlipDraws // intervals at most: one per drawn pattern, or per subset below
	if n <= MaxExactFlips {
		size = 1<<(n-1) - 1
	}
	f.los, f.his = make([]float64, 0, size), make([]float64, 0, size)
	add := func(fa, fb float64) {
		rf, ru := fa/fb, (sa-fa)/(sb-fb)
		f.los, f.his = append(f.los, math.Min(rf, ru)), append(f.his, math.Max(rf, ru))
	}
	if n <= MaxExactFlips {
		// Subsets F of the first n-1 pairs, F empty left out: each stands for itself and its complement.
		half := 1 << (n - 1)
		f.always, f.weight, f.total = 2, 2, 1<<n
		subA, subB := make([]float64, half), make([]float64, half)
		for m := 1; m < half; m++ {
			low := m & -m
			i := bitIndex(low)
			subA[m], subB[m] = subA[m&^low]+a[i], subB[m&^low]+b[i]
			add(subA[m], subB[m])
		}
	} else {
		draws := cachedFlips(n, seed)
		f.always, f.weight, f.total = 1, 1, FlipDraws+1
		for d := range FlipDraws {
			fa, fb, k := draws.sum2(d, a, b)
			if k == 0 || k == n { // the observed pattern or its full flip: counts at every r
				f.always++
				continue
			}
			add(fa, fb)
		}
	}
	f.ordered()
	return f
}

func bitIndex(x int) int {
	i := 0
	for x > 1 {
		x >>= 1
		i++
	}
	return i
}

// countAt is the number of patterns whose statistic at r is at least the observed one.
func (f flipSet) countAt(r float64) int {
	if !f.sorted {
		return f.countUnsorted(r)
	}
	in := sort.Search(len(f.los), func(i int) bool { return f.los[i] > r }) - // lo <= r
		sort.Search(len(f.his), func(i int) bool { return f.his[i] >= r }) // hi < r
	return f.always + f.weight*in
}

// pAt is the test's two-sided p-value for "the ratio is r".
func (f flipSet) pAt(r float64) float64 { return float64(f.countAt(r)) / float64(f.total) }

// interval is the hull of the ratios the test does not reject at level 1 - conf: [lo, hi] with lo the
// smallest r whose p-value exceeds 1 - conf and hi the largest. When even the most extreme pattern cannot
// reach the level (1 - conf below always/total: 8 pairs cannot give 99.3%), no ratio is ruled out and
// there is no interval at that level: NaN, NaN, as for too few pairs.
func (f flipSet) interval(conf float64) (lo, hi float64) {
	if !f.sorted {
		return f.intervalSelected(conf)
	}
	thr := (1 - conf) * float64(f.total)
	if float64(f.always) > thr {
		return math.NaN(), math.NaN()
	}
	// From the left: the count rises only where an interval opens.
	active, j := 0, 0
	lo = f.estimate
	for i := 0; i < len(f.los); {
		v := f.los[i]
		for ; i < len(f.los) && f.los[i] == v; i++ {
			active++
		}
		for ; j < len(f.his) && f.his[j] < v; j++ {
			active--
		}
		if float64(f.always+f.weight*active) > thr {
			lo = v
			break
		}
	}
	// From the right: the count rises only where an interval closes.
	active, i := 0, len(f.los)-1
	hi = f.estimate
	for j := len(f.his) - 1; j >= 0; {
		v := f.his[j]
		for ; j >= 0 && f.his[j] == v; j-- {
			active++
		}
		for ; i >= 0 && f.los[i] > v; i-- {
			active--
		}
		if float64(f.always+f.weight*active) > thr {
			hi = v
			break
		}
	}
	return min(lo, f.estimate), max(hi, f.estimate)
}

// pHull is the p-value that matches interval: the largest level 1 - conf at which r0 is outside the
// interval, that is the largest p-value of any ratio at or beyond r0 on the side away from the estimate.
// It is at least pAt(r0), so a test on it is valid wherever pAt's is, and it rejects exactly when the
// printed interval excludes r0.
func (f flipSet) pHull(r0 float64) float64 {
	if !f.sorted {
		return f.pHullSelected(r0)
	}
	if r0 == f.estimate {
		return 1
	}
	best := f.countAt(r0)
	if r0 > f.estimate { // the largest count on [r0, +Inf): at r0, or where an interval closes beyond it
		active, i := 0, len(f.los)-1
		for j := len(f.his) - 1; j >= 0 && f.his[j] >= r0; {
			v := f.his[j]
			for ; j >= 0 && f.his[j] == v; j-- {
				active++
			}
			for ; i >= 0 && f.los[i] > v; i-- {
				active--
			}
			best = max(best, f.always+f.weight*active)
		}
	} else { // on (-Inf, r0]: at r0, or where an interval opens before it
		active, j := 0, 0
		for i := 0; i < len(f.los) && f.los[i] <= r0; {
			v := f.los[i]
			for ; i < len(f.los) && f.los[i] == v; i++ {
				active++
			}
			for ; j < len(f.his) && f.his[j] < v; j++ {
				active--
			}
			best = max(best, f.always+f.weight*active)
		}
	}
	return min(1, float64(best)/float64(f.total))
}
