package lifetime

import (
	"math"
	"sort"
)

// flipPOne is the sign-flip test's two-sided p-value for "no difference" of the pair differences d
// (candidate minus control): the share of sign patterns s with |sum s_i d_i| >= |sum d_i|, all 2^n up to
// MaxExactFlips pairs, else the observed one and FlipDraws drawn with seed. It is flipSet.pAt(1)
// without building the intervals: a pattern flipping F counts when the sums over F and over the rest
// do not have the same strict sign.
func flipPOne(d []float64, seed uint64) float64 {
	c, total := flipCount(d, seed, math.MaxInt)
	return float64(c) / float64(total)
}

// flipRejects reports whether flipPOne(d, seed) <= alpha. It stops counting as soon as the count is too
// large for that (the count only grows), so differences with no effect are answered after a fraction of
// the patterns: the break-even's bounds ask it at every knot.
func flipRejects(d []float64, seed uint64, alpha float64) bool {
	total := FlipDraws + 1
	if len(d) <= MaxExactFlips {
		total = 1 << len(d)
	}
	// stop: the smallest count whose p-value, computed as flipPOne computes it, is above alpha.
	stop := max(0, int(alpha*float64(total))-1)
	for stop <= total && !(float64(stop)/float64(total) > alpha) {
		stop++
	}
	c, _ := flipCount(d, seed, stop)
	return float64(c)/float64(total) <= alpha
}

// flipCount is flipPOne's count of patterns at least as extreme as the observed one, and the patterns in
// all; it returns as soon as the count reaches stop (then the count returned is at least stop).
func flipCount(d []float64, seed uint64, stop int) (c, total int) {
	n := len(d)
	var sum float64
	for _, x := range d {
		sum += x
	}
	counts := func(fd float64) bool { return fd*(sum-fd) <= 0 }
	if n <= MaxExactFlips {
		half := 1 << (n - 1)
		sub := make([]float64, half)
		c = 2 // the observed pattern and its full flip
		for m := 1; m < half && c < stop; m++ {
			low := m & -m
			sub[m] = sub[m&^low] + d[bitIndex(low)]
			if counts(sub[m]) {
				c += 2
			}
		}
		return c, 1 << n
	}
	draws := cachedFlips(n, seed)
	c = 1
	k := 0
	for ; k+4 <= FlipDraws && c < stop; k += 4 {
		s0, s1, s2, s3 := draws.sum4(k, d)
		for _, fd := range [4]float64{s0, s1, s2, s3} {
			if counts(fd) {
				c++
			}
		}
	}
	for ; k < FlipDraws && c < stop; k++ {
		if fd, _ := draws.sum(k, d); counts(fd) {
			c++
		}
	}
	return c, FlipDraws + 1
}

// breakEvenBounds is the break-even's interval (BreakEven): the sign-flip test of "candidate and control
// cost the same at N", at level 1 - Confidence, evaluated at every knot (between knots every pair's costs
// are linear in N) and refined between two knots by bisection on whole operations. sign is the long-run
// winner's sign of candidate minus control (-1: the candidate wins), n the break-even.
func breakEvenBounds(knots []int, cand, ctl []curve, n, sign int, seed uint64) (lo, hi float64) {
	alpha := 1 - Confidence
	d := make([]float64, len(cand))
	// shown is +1 when the test shows the candidate dearer at N, -1 cheaper, 0 neither; the searches
	// below ask some lifetimes twice (a knot from the hi side and again from the lo side), so the
	// answers are kept.
	known := map[int]int{}
	shown := func(at int) int {
		if s, ok := known[at]; ok {
			return s
		}
		var sum float64
		for i := range cand {
			d[i] = cand[i].at(at) - ctl[i].at(at)
			sum += d[i]
		}
		s := 0
		if flipRejects(d, seed, alpha) {
			s = signOf(sum)
		}
		known[at] = s
		return s
	}
	// hi: the start of the last run of knots where the winner is shown cheaper.
	j := len(knots)
	for j > 0 && shown(knots[j-1]) == sign {
		j--
	}
	switch {
	case j == len(knots):
		hi = math.Inf(1)
	case j == 0:
		hi = float64(knots[0])
	default:
		a, b := knots[j-1], knots[j] // not shown at a, shown at b
		hi = float64(a + 1 + sort.Search(b-a-1, func(k int) bool { return shown(a+1+k) == sign }))
	}
	// lo: one past the last knot below the break-even where the other variant is shown cheaper.
	lo = 1
	for i := len(knots) - 1; i >= 0; i-- {
		if knots[i] >= n || shown(knots[i]) != -sign {
			continue
		}
		a, b := knots[i], n // shown the other way at a, not at the break-even
		if i+1 < len(knots) {
			b = min(b, knots[i+1])
		}
		last := a + sort.Search(b-a, func(k int) bool { return shown(a+1+k) != -sign }) // the largest N shown the other way
		lo = float64(last + 1)
		break
	}
	return min(lo, float64(n)), max(hi, float64(n))
}
