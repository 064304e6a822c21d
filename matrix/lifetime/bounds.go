package lifetime

import (
	"math"
	"math/rand/v2"
	"sort"
)

// flipPOne is the sign-flip test's two-sided p-value for "no difference" of the pair differences d
// (candidate minus control): the share of sign patterns s with |sum s_i d_i| >= |sum d_i|, all 2^n up to
// MaxExactFlips pairs, else the observed one and FlipDraws drawn with seed. It is flipSet.pAt(1)
// without building the intervals: a pattern flipping F counts when the sums over F and over the rest
// do not have the same strict sign.
func flipPOne(d []float64, seed uint64) float64 {
	n := len(d)
	var sum float64
	for _, x := range d {
		sum += x
	}
	counts := func(fd float64) bool { return fd*(sum-fd) <= 0 }
	if n <= MaxExactFlips {
		half := 1 << (n - 1)
		sub := make([]float64, half)
		c := 2 // the observed pattern and its full flip
		for m := 1; m < half; m++ {
			low := m & -m
			sub[m] = sub[m&^low] + d[bitIndex(low)]
			if counts(sub[m]) {
				c += 2
			}
		}
		return float64(c) / float64(int(1)<<n)
	}
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	c := 1
	for range FlipDraws {
		var fd float64
		for i := range n {
			if r.IntN(2) == 1 {
				fd += d[i]
			}
		}
		if counts(fd) {
			c++
		}
	}
	return float64(c) / float64(FlipDraws+1)
}

// breakEvenBounds is the break-even's interval (BreakEven): the sign-flip test of "candidate and control
// cost the same at N", at level 1 - Confidence, evaluated at every knot (between knots every pair's costs
// are linear in N) and refined between two knots by bisection on whole operations. sign is the long-run
// winner's sign of candidate minus control (-1: the candidate wins), n the break-even.
func breakEvenBounds(knots []int, cand, ctl []curve, n, sign int, seed uint64) (lo, hi float64) {
	alpha := 1 - Confidence
	d := make([]float64, len(cand))
	// shown is +1 when the test shows the candidate dearer at N, -1 cheaper, 0 neither.
	shown := func(at int) int {
		var sum float64
		for i := range cand {
			d[i] = cand[i].at(at) - ctl[i].at(at)
			sum += d[i]
		}
		if flipPOne(d, seed) > alpha {
			return 0
		}
		return signOf(sum)
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
