package stats

import (
	"cmp"
	"math"
	"slices"
)

// RobustPrior is limma's robust empirical-Bayes prior (Phipson, Lee, Majewski, Alexander and Smyth,
// Ann. Appl. Stat. 10:946, 2016): one prior variance Var for the family, fitted on Winsorised log
// variances so that a few outlying comparisons do not inflate it, and a prior degrees of freedom per
// comparison, Shrunk[i], which is DF (the Winsorised fit's) for a comparison that looks like the rest and
// falls towards 0 for one whose variance is an outlier of the prior: that comparison's posterior then
// leans on its own variance (it keeps its own evidence) instead of being squeezed to the family's.
//
// Invariants: Var > 0; Shrunk is ordered as the variances were, Shrunk[i] >= 0, and Shrunk[i] = DF (DF
// may be +Inf) unless comparison i, or one more outlying, has an upper tail below its empirical one; it
// does not decrease as a comparison's variance becomes less outlying.
type RobustPrior struct {
	Var    float64
	DF     float64
	Shrunk []float64
}

// Prior is comparison i's prior: Var on Shrunk[i] degrees of freedom.
func (p RobustPrior) Prior(i int) VarPrior { return VarPrior{Var: p.Var, DF: p.Shrunk[i]} }

// winsorTail is limma's default winsor.tail.p: the Winsorised fit clips the lowest 5% and the highest
// 10% of the log variances.
var winsorTail = [2]float64{0.05, 0.1}

// FitFDistRobust fits the robust prior to sample variances x on degrees of freedom df (same length) as
// limma 3.54's fitFDistRobustly without a covariate, at its default winsor.tail.p = c(0.05, 0.1):
//
//   - with fewer than 10 variances nothing is Winsorised (both tails hold less than one variance) and the
//     fit is FitFDist's, its df for every comparison; with 2, the same (limma returns no per-comparison
//     df there; squeezeVar could not use its answer);
//   - variances whose df is not finite or not above 1e-6, or that are NaN, are left out of the fit and
//     get its DF; variances below 1e-12 of the median are raised to it; ok is false when fewer than two
//     remain or the median is not positive (limma stops);
//   - unequal df are first brought to the largest by matching F tail probabilities under FitFDist's prior;
//   - the log variances' trimmed mean (10% each side) centres them, the residuals are Winsorised at
//     their 5% and 90% quantiles, and DF solves "the Winsorised variance of log F(df, DF) equals theirs"
//     (128-point Gauss-Legendre moments, R's uniroot on DF / (1 + DF) with tol 1e-8, from FitFDist's df
//     up: a Winsorised fit never gives less prior weight than the plain one); +Inf when even an infinite
//     DF has more Winsorised variance than the data;
//   - Var is the trimmed mean corrected by the Winsorised mean of log F(df, DF);
//   - each comparison's upper F tail is set against its empirical tail, (n - rank + 1/2) / n; where it is
//     smaller, the comparison is an outlier with that probability, and its df mixes DF and the df at
//     which the most extreme variance has tail probability 1/2, then made non-decreasing in the tail.
func FitFDistRobust(x, df []float64) (p RobustPrior, ok bool) {
	n := len(x)
	if n < 2 || len(df) != n {
		return p, false
	}
	var keep []int
	for i := range x {
		if !math.IsNaN(x[i]) && !math.IsInf(df[i], 0) && df[i] > 1e-6 {
			keep = append(keep, i)
		}
	}
	if len(keep) < n {
		xs, ds := make([]float64, len(keep)), make([]float64, len(keep))
		for j, i := range keep {
			xs[j], ds[j] = x[i], df[i]
		}
		sub, ok := FitFDistRobust(xs, ds)
		if !ok {
			return p, false
		}
		p = RobustPrior{Var: sub.Var, DF: sub.DF, Shrunk: make([]float64, n)}
		for i := range p.Shrunk {
			p.Shrunk[i] = sub.DF
		}
		for j, i := range keep {
			p.Shrunk[i] = sub.Shrunk[j]
		}
		return p, true
	}
	if n == 2 {
		return nonRobust(x, df)
	}
	m := median(slices.Sorted(slices.Values(x)))
	if !(m > 0) {
		return p, false
	}
	x = slices.Clone(x)
	for i := range x {
		x[i] = math.Max(x[i], m*1e-12)
	}
	plain, ok := FitFDist(x, df)
	if !ok {
		return p, false
	}
	if winsorTail[0] < 1/float64(n) && winsorTail[1] < 1/float64(n) {
		return nonRobust(x, df)
	}
	d1 := equalizeDF(x, df, plain)

	z := make([]float64, n)
	for i := range x {
		z[i] = math.Log(x[i])
	}
	ztrend := trimmedMean(z, winsorTail[1])
	zwins := make([]float64, n)
	for i := range z {
		zwins[i] = z[i] - ztrend
	}
	lo, hi := quantile7(zwins, winsorTail[0]), quantile7(zwins, 1-winsorTail[1])
	var zwmean, zwvar float64
	for i := range zwins {
		zwins[i] = math.Min(math.Max(zwins[i], lo), hi)
		zwmean += zwins[i]
	}
	zwmean /= float64(n)
	for _, v := range zwins {
		zwvar += (v - zwmean) * (v - zwmean)
	}
	zwvar = zwvar / float64(n) * float64(n) / float64(n-1)

	link := func(d float64) float64 { return d / (1 + d) }
	linkInv := func(u float64) float64 { return u / (1 - u) }
	_, momVarInf := winsorizedMoments(d1, math.Inf(1))
	funInf := math.Log(zwvar / momVarInf)
	if funInf <= 0 {
		return robustInfinite(z, d1, ztrend, zwmean), true
	}
	if math.IsInf(plain.DF, 1) {
		return nonRobust(x, df)
	}
	fun := func(u float64) float64 {
		_, v := winsorizedMoments(d1, linkInv(u))
		return math.Log(zwvar / v)
	}
	d2 := plain.DF
	if low := fun(link(plain.DF)); low < 0 {
		d2 = linkInv(zeroin(fun, link(plain.DF), 1, low, funInf, 1e-8, 1000))
	}
	momMean, _ := winsorizedMoments(d1, d2)
	centre := ztrend + zwmean - momMean
	p = RobustPrior{Var: math.Exp(centre), DF: d2, Shrunk: make([]float64, n)}

	fstat, logTail := make([]float64, n), make([]float64, n)
	for i := range z {
		fstat[i] = math.Exp(z[i] - centre)
		logTail[i] = fLogTail(fstat[i], d1, d2, true)
	}
	rank := averageRanks(fstat)
	logNotOutlier := make([]float64, n)
	anyOutlier := false
	for i := range z {
		logNotOutlier[i] = math.Min(logTail[i]-(math.Log(float64(n)-rank[i]+0.5)-math.Log(float64(n))), 0)
		anyOutlier = anyOutlier || logNotOutlier[i] < 0
		p.Shrunk[i] = d2
	}
	if !anyOutlier {
		return p, true
	}
	minLogTail := slices.Min(logTail)
	outlierDF := 0.0
	if !math.IsInf(minLogTail, -1) {
		// The df at which the most extreme variance has upper tail 1/2, by one secant step in log tail.
		outlierDF = math.Log(0.5) / minLogTail * d2
		outlierDF = math.Log(0.5) / fLogTail(slices.Max(fstat), d1, outlierDF, true) * outlierDF
	}
	for i := range p.Shrunk {
		p.Shrunk[i] = math.Exp(logNotOutlier[i])*d2 - math.Expm1(logNotOutlier[i])*outlierDF
	}
	// In order of the tail, most outlying first: the leading run pooled to its smallest running mean, then
	// non-decreasing, so that a less outlying comparison never gets less prior weight.
	o := orderBy(logTail)
	var sum, best float64
	imin := 0
	for j, i := range o {
		sum += p.Shrunk[i]
		if mean := sum / float64(j+1); j == 0 || mean < best {
			best, imin = mean, j
		}
	}
	run := math.Inf(-1)
	for j, i := range o {
		v := p.Shrunk[i]
		if j <= imin {
			v = best
		}
		run = math.Max(run, v)
		p.Shrunk[i] = run
	}
	return p, true
}

// nonRobust is FitFDist's prior as a RobustPrior: its df for every comparison.
func nonRobust(x, df []float64) (RobustPrior, bool) {
	plain, ok := FitFDist(x, df)
	if !ok {
		return RobustPrior{}, false
	}
	p := RobustPrior{Var: plain.Var, DF: plain.DF, Shrunk: make([]float64, len(x))}
	for i := range p.Shrunk {
		p.Shrunk[i] = plain.DF
	}
	return p, true
}

// robustInfinite is the robust fit when even an infinite prior df leaves the Winsorised log variances
// more spread than log chi-square(d1) / d1 is: DF = +Inf, and a comparison whose chi-square upper tail
// is below its empirical tail gets that ratio of the pooled df (n d1), non-decreasing along the tail.
func robustInfinite(z []float64, d1, ztrend, zwmean float64) RobustPrior {
	n := len(z)
	momMean, _ := winsorizedMoments(d1, math.Inf(1))
	centre := ztrend + zwmean - momMean
	p := RobustPrior{Var: math.Exp(centre), DF: math.Inf(1), Shrunk: make([]float64, n)}
	fstat, tail := make([]float64, n), make([]float64, n)
	for i := range z {
		fstat[i] = math.Exp(z[i] - centre)
		tail[i] = math.Exp(fLogTail(fstat[i], d1, math.Inf(1), true))
	}
	rank := averageRanks(fstat)
	anyOutlier := false
	for i := range z {
		p.Shrunk[i] = math.Inf(1)
		if notOutlier := tail[i] / ((float64(n) - rank[i] + 0.5) / float64(n)); notOutlier < 1 {
			p.Shrunk[i], anyOutlier = notOutlier*float64(n)*d1, true
		}
	}
	if anyOutlier {
		run := math.Inf(-1)
		for _, i := range orderBy(tail) {
			run = math.Max(run, p.Shrunk[i])
			p.Shrunk[i] = run
		}
	}
	return p
}

// equalizeDF brings variances on fewer degrees of freedom than the largest to it, in place: each keeps
// its F tail probability (whichever tail is smaller, on the log scale) under the plain prior. It returns
// the common df.
func equalizeDF(x, df []float64, plain VarPrior) float64 {
	d1 := slices.Max(df)
	for i := range x {
		if !(df[i] < d1-1e-14) {
			continue
		}
		f := x[i] / plain.Var
		up, low := fLogTail(f, df[i], plain.DF, true), fLogTail(f, df[i], plain.DF, false)
		if up < low {
			f = fQuantile(up, d1, plain.DF, true)
		} else {
			f = fQuantile(low, d1, plain.DF, false)
		}
		x[i] = f * plain.Var
	}
	return d1
}

// winsorizedMoments are the mean and variance of log F(d1, d2) Winsorised at its winsorTail quantiles
// (limma's inner winsorizedMoments): the middle by the 128-point rule on u = F / (1 + F), the tails as
// point masses at the quantiles.
func winsorizedMoments(d1, d2 float64) (mean, variance float64) {
	fq := [2]float64{fQuantile(math.Log(winsorTail[0]), d1, d2, false), fQuantile(math.Log(1-winsorTail[1]), d1, d2, false)}
	zq := [2]float64{math.Log(fq[0]), math.Log(fq[1])}
	q := [2]float64{fq[0] / (1 + fq[0]), fq[1] / (1 + fq[1])}
	nodes, weights := uniformQuad128()
	q21 := q[1] - q[0]
	fnodes, dens, znodes := make([]float64, len(nodes)), make([]float64, len(nodes)), make([]float64, len(nodes))
	var m float64
	for i, u := range nodes {
		u = q[0] + q21*u
		fnodes[i] = u / (1 - u)
		znodes[i] = math.Log(fnodes[i])
		dens[i] = fDensity(fnodes[i], d1, d2) / ((1 - u) * (1 - u))
		m += weights[i] * dens[i] * znodes[i]
	}
	m = q21*m + zq[0]*winsorTail[0] + zq[1]*winsorTail[1]
	var v float64
	for i := range nodes {
		v += weights[i] * dens[i] * (znodes[i] - m) * (znodes[i] - m)
	}
	v = q21*v + (zq[0]-m)*(zq[0]-m)*winsorTail[0] + (zq[1]-m)*(zq[1]-m)*winsorTail[1]
	return m, v
}

// trimmedMean is R's mean(x, trim): the mean of the sorted values from floor(n trim) + 1 to n - floor(n
// trim) (1-based).
func trimmedMean(x []float64, trim float64) float64 {
	s := slices.Sorted(slices.Values(x))
	lo := int(math.Floor(float64(len(s)) * trim))
	var sum float64
	for _, v := range s[lo : len(s)-lo] {
		sum += v
	}
	return sum / float64(len(s)-2*lo)
}

// quantile7 is R's quantile(x, prob) of the default type 7: with h = (n - 1) prob, the h-th order
// statistic interpolated as R does, (1 - frac) x[lo] + frac x[lo + 1].
func quantile7(x []float64, prob float64) float64 {
	s := slices.Sorted(slices.Values(x))
	index := float64(len(s)-1) * prob
	lo := math.Floor(index)
	q := s[int(lo)]
	if h := index - lo; h > 0 && s[int(math.Ceil(index))] != q {
		q = (1-h)*q + h*s[int(math.Ceil(index))]
	}
	return q
}

// averageRanks is R's rank(x): 1-based ranks, ties given the mean of their ranks.
func averageRanks(x []float64) []float64 {
	o := orderBy(x)
	r := make([]float64, len(x))
	for j := 0; j < len(o); {
		k := j
		for k+1 < len(o) && x[o[k+1]] == x[o[j]] {
			k++
		}
		for l := j; l <= k; l++ {
			r[o[l]] = float64(j+k)/2 + 1
		}
		j = k + 1
	}
	return r
}

// orderBy is R's order(x): the indices of x in increasing order of their values, ties in index order.
func orderBy(x []float64) []int {
	o := make([]int, len(x))
	for i := range o {
		o[i] = i
	}
	slices.SortStableFunc(o, func(a, b int) int { return cmp.Compare(x[a], x[b]) })
	return o
}

// SqueezeVarRobust is limma's squeezeVar(var, df, robust = TRUE) without a covariate: the robust prior
// (FitFDistRobust) and every variance's posterior under its own prior df, p.Prior(i).Post(var, df). A
// variance on 0 degrees of freedom counts as 0 (and is left out of the fit), as in limma; ok is false
// when the prior cannot be fitted. One variance is its own posterior, on prior df 0.
func SqueezeVarRobust(vars, df []float64) (post []float64, p RobustPrior, ok bool) {
	v, ok := squeezeInput(vars, df)
	if !ok {
		return nil, p, false
	}
	if len(v) == 1 {
		return v, RobustPrior{Var: v[0], Shrunk: []float64{0}}, true
	}
	if p, ok = FitFDistRobust(v, df); !ok {
		return nil, p, false
	}
	post = make([]float64, len(v))
	for i := range v {
		post[i] = p.Prior(i).Post(v[i], df[i])
	}
	return post, p, true
}
