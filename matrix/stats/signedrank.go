package stats

import (
	"cmp"
	"math"
	"slices"
	"sort"
)

// ExactMaxN is the largest number of non-zero differences for which SignedRankTest uses the exact null
// distribution (R's wilcox.test uses it below 50 as well): beyond it, and whenever differences tie or
// are zero, the normal approximation with tie and continuity corrections takes over. 2^49 fits a
// float64 exactly, so the exact counts stay exact.
const ExactMaxN = 49

// SignedRank is the Wilcoxon signed-rank analysis of a set of paired differences (the report feeds it
// log ratios ln(candidate/control), one per round): a two-sided test of "the differences are symmetric
// about 0", the Hodges-Lehmann estimate of their centre, and the matching confidence interval. It
// follows R's wilcox.test(x, conf.int = TRUE, correct = TRUE), including its conventions:
//   - zero differences are left out of the test, the estimate and the interval (Zeros counts them);
//   - Exact is true when N <= ExactMaxN and no two |differences| tie: the p-value and the interval come
//     from the exact distribution of V; otherwise from the normal approximation of V, with the variance
//     reduced for ties and a continuity correction of 0.5;
//   - Estimate is the Hodges-Lehmann estimate, the median of the N(N+1)/2 Walsh averages
//     (d_i + d_j)/2, i <= j (R's normal-approximation path instead returns a root of the statistic,
//     which differs from it by less than the spacing of neighbouring Walsh averages);
//   - the interval's bounds are Walsh averages: exact, the qu-th smallest and the qu-th largest, qu from
//     the exact quantile of V; approximate, the shifts d at which the corrected statistic of the
//     differences minus d crosses the normal quantiles.
//
// Invariants: N + Zeros is the number of differences given; Lo <= Estimate <= Hi whenever the interval
// is finite; Lo and Hi are -Inf and +Inf when the requested confidence cannot be reached (fewer than 6
// differences at 95%), and then Thin reports true.
type SignedRank struct {
	N          int     // non-zero differences
	Zeros      int     // differences equal to 0, left out
	V          float64 // sum of the ranks of |d| over the positive differences
	P          float64 // two-sided p-value; 1 when N is 0
	Exact      bool    // p-value and interval from the exact distribution
	Estimate   float64 // Hodges-Lehmann estimate; NaN when N is 0
	Lo, Hi     float64 // interval at Confidence or better; infinite when unreachable
	Confidence float64 // achieved confidence of [Lo, Hi] (exact: >= requested; approximate: requested)
}

// Thin reports whether the interval is unavailable (too few differences for the confidence).
func (s SignedRank) Thin() bool { return s.N == 0 || math.IsInf(s.Lo, 0) || math.IsInf(s.Hi, 0) }

// SignedRankTest analyses the differences d (not modified) at the given confidence, in (0, 1).
func SignedRankTest(d []float64, confidence float64) SignedRank {
	var x []float64
	s := SignedRank{Estimate: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1), P: 1}
	for _, v := range d {
		if v == 0 {
			s.Zeros++
		} else if !math.IsNaN(v) {
			x = append(x, v)
		}
	}
	n := len(x)
	s.N = n
	if n == 0 {
		return s
	}
	ranks, ties := absRanks(x)
	for i, v := range x {
		if v > 0 {
			s.V += ranks[i]
		}
	}
	walsh := walshAverages(x)
	s.Estimate = median(walsh)
	alpha := 1 - confidence
	total := float64(n*(n+1)) / 2
	if n <= ExactMaxN && !ties && s.Zeros == 0 {
		s.Exact = true
		dist := signRankCounts(n)
		var p float64
		if s.V > total/2 {
			p = 1 - signRankCDF(dist, int(s.V)-1)
		} else {
			p = signRankCDF(dist, int(s.V))
		}
		s.P = math.Min(1, 2*p)
		qu := signRankQuantile(dist, alpha/2)
		if qu == 0 {
			qu = 1
		}
		ql := int(total) - qu
		s.Confidence = 1 - 2*signRankCDF(dist, qu-1)
		if s.Confidence >= confidence {
			s.Lo, s.Hi = walsh[qu-1], walsh[ql]
		}
		return s
	}
	s.P = normalP(signedRankZ(x, ranks))
	s.Confidence = confidence
	zq := normalQuantile(1 - alpha/2)
	lo, hi := walsh[0], walsh[len(walsh)-1]
	if signedRankZAt(x, lo) < zq || signedRankZAt(x, hi) > -zq {
		return s // the confidence cannot be reached: R lowers it, the lab leaves the interval open
	}
	s.Lo, s.Hi = shiftRoot(x, lo, hi, zq), shiftRoot(x, lo, hi, -zq)
	return s
}

// absRanks returns the ranks of |x| (average ranks for ties, from 1) and whether any two tie.
func absRanks(x []float64) (ranks []float64, ties bool) {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return math.Abs(x[idx[a]]) < math.Abs(x[idx[b]]) })
	ranks = make([]float64, len(x))
	for i := 0; i < len(idx); {
		j := i + 1
		for j < len(idx) && math.Abs(x[idx[j]]) == math.Abs(x[idx[i]]) {
			j++
		}
		if j-i > 1 {
			ties = true
		}
		for k := i; k < j; k++ {
			ranks[idx[k]] = float64(i+j+1) / 2 // the mean of ranks i+1 .. j
		}
		i = j
	}
	return ranks, ties
}

// signedRankZ is R's corrected normal statistic of V for differences x with ranks.
func signedRankZ(x, ranks []float64) float64 {
	var v float64
	groups := map[float64]float64{}
	for i, r := range ranks {
		if x[i] > 0 {
			v += r
		}
		groups[r]++
	}
	var tieSum float64
	for _, t := range groups {
		tieSum += t*t*t - t
	}
	return signedRankZOf(v, tieSum, len(x))
}

// signedRankZOf is the corrected statistic from V, the ties' sum of t^3 - t over groups of t tied
// |differences|, and the number of differences.
func signedRankZOf(v, tieSum float64, count int) float64 {
	n := float64(count)
	sigma := math.Sqrt(n*(n+1)*(2*n+1)/24 - tieSum/48)
	z := v - n*(n+1)/4
	if sigma == 0 {
		return 0
	}
	corr := 0.0
	switch {
	case z > 0:
		corr = 0.5
	case z < 0:
		corr = -0.5
	}
	return (z - corr) / sigma
}

// signedRankZAt is the corrected statistic of the differences x - d (zeros left out), non-increasing in d:
// signedRankZ of x - d with absRanks' ranks, from one sort of the |differences| and no map (shiftRoot
// asks it some sixty times per bound of every tied or long set of differences). V and the ties' sum are
// sums of half-integers, exact in any order, so the statistic is signedRankZ's to the bit.
func signedRankZAt(x []float64, d float64) float64 {
	xd := make([]signedDiff, 0, len(x))
	for _, v := range x {
		if e := v - d; e != 0 {
			xd = append(xd, signedDiff{math.Abs(e), e > 0})
		}
	}
	n := len(xd)
	if n == 0 {
		return 0
	}
	slices.SortFunc(xd, func(a, b signedDiff) int { return cmp.Compare(a.abs, b.abs) })
	var v, tieSum float64
	for i := 0; i < n; {
		j := i + 1
		for j < n && xd[j].abs == xd[i].abs {
			j++
		}
		rank := float64(i+j+1) / 2 // the mean of ranks i+1 .. j, as absRanks gives them
		for k := i; k < j; k++ {
			if xd[k].positive {
				v += rank
			}
		}
		t := float64(j - i)
		tieSum += t*t*t - t
		i = j
	}
	return signedRankZOf(v, tieSum, n)
}

// signedDiff is a difference's absolute value and sign, for signedRankZAt.
type signedDiff struct {
	abs      float64
	positive bool
}

// shiftRoot finds, by bisection, the shift d in [lo, hi] at which signedRankZAt(x, d) falls through zq:
// a point where the step function jumps, which is a Walsh average.
func shiftRoot(x []float64, lo, hi, zq float64) float64 {
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid == lo || mid == hi {
			break
		}
		if signedRankZAt(x, mid) > zq {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
}

// walshAverages returns every (x_i + x_j)/2, i <= j, ascending.
func walshAverages(x []float64) []float64 {
	w := make([]float64, 0, len(x)*(len(x)+1)/2)
	for i := range x {
		for j := i; j < len(x); j++ {
			w = append(w, (x[i]+x[j])/2)
		}
	}
	sort.Float64s(w)
	return w
}

// median of sorted values.
func median(sorted []float64) float64 {
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

// signRankCounts returns, for k = 0 .. n(n+1)/2, how many of the 2^n sign patterns give V = k.
func signRankCounts(n int) []float64 {
	c := make([]float64, n*(n+1)/2+1)
	c[0] = 1
	top := 0
	for i := 1; i <= n; i++ {
		top += i
		for k := top; k >= i; k-- {
			c[k] += c[k-i]
		}
	}
	return c
}

// signRankCDF is P(V <= q) under the null, from the counts.
func signRankCDF(counts []float64, q int) float64 {
	if q < 0 {
		return 0
	}
	var s float64
	for k := 0; k <= q && k < len(counts); k++ {
		s += counts[k]
	}
	return s / math.Exp2(float64(nFromCounts(counts)))
}

// nFromCounts recovers n from the length n(n+1)/2 + 1 of the counts.
func nFromCounts(counts []float64) int {
	m := len(counts) - 1
	return int(math.Round((math.Sqrt(8*float64(m)+1) - 1) / 2))
}

// signRankQuantile is R's qsignrank(p, n) for p <= 0.5: the smallest q with P(V <= q) >= p, with R's
// allowance of 10 machine epsilons.
func signRankQuantile(counts []float64, p float64) int {
	p -= 10 * 2.220446049250313e-16
	f := math.Exp2(-float64(nFromCounts(counts)))
	var c float64
	for q := range counts {
		c += counts[q] * f
		if c >= p {
			return q
		}
	}
	return len(counts) - 1
}

// normalP is the two-sided p-value of a standard normal statistic.
func normalP(z float64) float64 { return math.Min(1, math.Erfc(math.Abs(z)/math.Sqrt2)) }

// normalQuantile is the standard normal quantile function.
func normalQuantile(p float64) float64 { return -math.Sqrt2 * math.Erfcinv(2*p) }
