package report

import (
	"gonum.org/v1/gonum/mathext"
	"math"
	"slices"
	"sort"

	moremath "github.com/aclements/go-moremath/stats"
)

// This file recomputes, without matrix/stats, the comparisons of a merged folder: pairs from two or more
// runner instances (distinct Sample.Run). Each instance's exact signed-rank analysis (signedRankBrute)
// gives its Hodges-Lehmann estimate (and a standard error from its 95% interval's half-width over the
// normal quantile of the level the exact interval achieves). The decision is the moderated combination
// (docs/METHOD.md, "Replicas on several runner instances"): the mean of the instances' estimates, their
// sample variance moderated with priors fitted over its candidate's comparisons (and each stratum of
// them: trace_test.go's recompute) by the moments of the log
// variances (Smyth 2004, section 6.2) - here with digamma by a central difference of math.Lgamma,
// trigamma by its series with an Euler-Maclaurin tail and its inverse by bisection, not the asymptotic
// series and Newton steps matrix/stats uses - and Student's t on the prior's plus K-1 degrees of
// freedom. The random-effects combination (tau^2 by maximising the restricted likelihood with a
// golden-section search, not the Fisher scoring matrix/stats uses) is recomputed for the heterogeneity
// the page describes.

// instanceBrute is one instance's exact analysis at 95%: its estimate and standard error (NaN without an
// interval).
func instanceBrute(logs []float64) (est, se float64, ok bool) {
	_, est, lo, hi, ok := signedRankBrute(logs, 0.95)
	if !ok || math.IsNaN(lo) {
		return est, math.NaN(), ok
	}
	level := bruteLevel(len(logs), 0.95)
	z := math.Sqrt2 * math.Erfinv(level) // the normal quantile at (1+level)/2
	return est, (hi - lo) / (2 * z), true
}

// bruteLevel is the confidence the exact signed-rank interval of n pairs achieves when conf is asked.
func bruteLevel(n int, conf float64) float64 {
	cdf := signRankCDFBrute(n)
	qu := 0
	for cdf(qu) < (1-conf)/2-1e-12 {
		qu++
	}
	if qu == 0 {
		qu = 1
	}
	return 1 - 2*cdf(qu-1)
}

// reml is the random-effects combination of ys with variances vs.
type reml struct {
	k             int
	est, se, tau2 float64
}

// combineREML maximises the restricted log-likelihood over tau^2 >= 0 and returns the combination.
func combineREML(ys, vs []float64) reml {
	k := len(ys)
	mu := func(tau2 float64) (m, sw float64) {
		var swy float64
		for i := range ys {
			w := 1 / (vs[i] + tau2)
			sw, swy = sw+w, swy+w*ys[i]
		}
		return swy / sw, sw
	}
	ll := func(tau2 float64) float64 {
		m, sw := mu(tau2)
		l := -0.5 * math.Log(sw)
		for i := range ys {
			v := vs[i] + tau2
			l -= 0.5*math.Log(v) + 0.5*(ys[i]-m)*(ys[i]-m)/v
		}
		return l
	}
	// The likelihood of tau^2 is searched on a log grid wide enough for any spread of the ys, then refined
	// by golden sections around the best grid point; tau^2 = 0 competes as itself.
	spread := 0.0
	for i := range ys {
		for j := range ys {
			spread = math.Max(spread, math.Abs(ys[i]-ys[j]))
		}
		spread = math.Max(spread, vs[i])
	}
	best, bestL := 0.0, ll(0)
	lo, hi := math.Log(1e-16), math.Log(10*spread*spread+1e-12)
	const steps = 400
	at := 0
	for s := 0; s <= steps; s++ {
		x := lo + (hi-lo)*float64(s)/steps
		if l := ll(math.Exp(x)); l > bestL {
			best, bestL, at = math.Exp(x), l, s
		}
	}
	if best > 0 {
		a := lo + (hi-lo)*float64(max(at-1, 0))/steps
		b := lo + (hi-lo)*float64(min(at+1, steps))/steps
		g := (math.Sqrt(5) - 1) / 2
		for range 200 {
			c, d := b-g*(b-a), a+g*(b-a)
			if ll(math.Exp(c)) > ll(math.Exp(d)) {
				b = d
			} else {
				a = c
			}
		}
		if x := math.Exp((a + b) / 2); ll(x) >= bestL {
			best = x
		}
	}
	m, sw := mu(best)
	var q float64
	for i := range ys {
		q += (ys[i] - m) * (ys[i] - m) / (vs[i] + best)
	}
	se := math.Max(math.Sqrt(q/float64(k-1)/sw), math.Sqrt(1/sw))
	return reml{k: k, est: m, se: se, tau2: best}
}

// interval is the combination's interval at conf.
func (r reml) interval(conf float64) (lo, hi float64) {
	d := moremath.TDist{V: float64(r.k - 1)}
	p := (1 + conf) / 2
	a, b := 0.0, 1e6
	for range 400 { // bisection on the t CDF
		mid := (a + b) / 2
		if d.CDF(mid) < p {
			a = mid
		} else {
			b = mid
		}
	}
	h := (a + b) / 2 * r.se
	return r.est - h, r.est + h
}

// p is the combination's two-sided p-value for no effect.
func (r reml) p() float64 {
	return math.Min(1, 2*(1-moremath.TDist{V: float64(r.k - 1)}.CDF(math.Abs(r.est)/r.se)))
}

// byRun groups a cell's per-pair log ratios by instance.
type byRun map[string][]float64

// runs lists the instances in order.
func (b byRun) runs() []string {
	var out []string
	for r := range b {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}

// estimates lists the Hodges-Lehmann estimates of the instances with an interval, in run order.
func (b byRun) estimates() []float64 {
	var ys []float64
	for _, run := range b.runs() {
		est, se, _ := instanceBrute(b[run])
		if !math.IsNaN(se) && se > 0 {
			ys = append(ys, est)
		}
	}
	return ys
}

// combine is the instances' random-effects combination; ok is false when fewer than two have an interval.
func (b byRun) combine() (r reml, ok bool) {
	var ys, vs []float64
	for _, run := range b.runs() {
		est, se, _ := instanceBrute(b[run])
		if !math.IsNaN(se) && se > 0 {
			ys, vs = append(ys, est), append(vs, se*se)
		}
	}
	if len(ys) < 2 {
		return r, false
	}
	return combineREML(ys, vs), true
}

// disagree reports whether one instance's own interval at conf lies wholly below 0 and another's wholly
// above, outside the margin (percent).
func (b byRun) disagree(conf, margin float64) bool {
	faster, slower := false, false
	for _, run := range b.runs() {
		_, _, lo, hi, ok := signedRankBrute(b[run], conf)
		if !ok || math.IsNaN(lo) {
			continue
		}
		plo, phi := (math.Exp(lo)-1)*100, (math.Exp(hi)-1)*100
		switch {
		case plo >= -margin && phi <= margin:
		case phi < 0:
			faster = true
		case plo > 0:
			slower = true
		}
	}
	return faster && slower
}

// modT is a comparison's moderated combination: K estimates, their mean and sample variance, and the
// prior of the comparisons it was moderated over (d0 may be +Inf).
type modT struct {
	k                    int
	est, s2              float64
	d0, s0, post, pooled float64 // pooled: the family's total K-1, which caps the df (as limma's eBayes)
}

// newModT is the unmoderated combination of ys (at least two).
func newModT(ys []float64) modT {
	m := modT{k: len(ys)}
	for _, y := range ys {
		m.est += y / float64(m.k)
	}
	for _, y := range ys {
		m.s2 += (y - m.est) * (y - m.est) / float64(m.k-1)
	}
	m.post = m.s2
	return m
}

// digammaDiff is digamma by a central difference of math.Lgamma (accurate to about 1e-9 here).
func digammaDiff(x float64) float64 {
	h := 1e-4 * math.Max(1, x)
	a, _ := math.Lgamma(x + h)
	b, _ := math.Lgamma(x - h)
	c, _ := math.Lgamma(x + 2*h)
	d, _ := math.Lgamma(x - 2*h)
	return (8*(a-b) - (c - d)) / (12 * h) // fourth-order difference
}

// trigammaSeries is sum_{n>=0} 1/(x+n)^2: 1000 terms, then the Euler-Maclaurin tail.
func trigammaSeries(x float64) float64 {
	s := 0.0
	const n = 1000
	for i := range n {
		s += 1 / ((x + float64(i)) * (x + float64(i)))
	}
	y := x + n
	return s + 1/y + 1/(2*y*y) + 1/(6*y*y*y) - 1/(30*math.Pow(y, 5))
}

// moderateAll fits the prior over ms (comparisons with two or more instances) by the moments
// of the log sample variances, and sets each one's posterior variance.
func moderateAll(ms []*modT) {
	n := float64(len(ms))
	if n < 2 {
		return
	}
	var xs []float64
	for _, m := range ms {
		xs = append(xs, math.Max(m.s2, 0))
	}
	sorted := slices.Sorted(slices.Values(xs))
	med := sorted[len(sorted)/2]
	if len(sorted)%2 == 0 {
		med = (sorted[len(sorted)/2-1] + sorted[len(sorted)/2]) / 2
	}
	if med == 0 {
		med = 1
	}
	var es []float64
	var emean, tri float64
	for i, m := range ms {
		d := float64(m.k - 1)
		e := math.Log(math.Max(xs[i], 1e-5*med)) - digammaDiff(d/2) + math.Log(d/2)
		es = append(es, e)
		emean += e / n
		tri += trigammaSeries(d/2) / n
	}
	var evar float64
	for _, e := range es {
		evar += (e - emean) * (e - emean) / (n - 1)
	}
	evar -= tri
	var d0, s0 float64
	if evar > 0 {
		// trigamma is decreasing: bisect for trigamma(y) = evar on a log scale.
		lo, hi := 1e-8, 1e8
		for range 200 {
			mid := math.Sqrt(lo * hi)
			if trigammaSeries(mid) > evar {
				lo = mid
			} else {
				hi = mid
			}
		}
		d0 = 2 * math.Sqrt(lo*hi)
		s0 = math.Exp(emean + digammaDiff(d0/2) - math.Log(d0/2))
	} else {
		d0 = math.Inf(1)
		for _, x := range xs {
			s0 += math.Max(x, 1e-5*med) / n
		}
	}
	pooled := 0.0
	for _, m := range ms {
		pooled += float64(m.k - 1)
	}
	for _, m := range ms {
		m.d0, m.s0, m.pooled = d0, s0, pooled
		if math.IsInf(d0, 1) {
			m.post = s0
		} else {
			m.post = (float64(m.k-1)*m.s2 + d0*s0) / (float64(m.k-1) + d0)
		}
	}
}

// pooledBelow is the stratum size under which each comparison is also decided on the stratum's pooled
// variance (stats.DefaultPooledBelow, restated here: this check does not read matrix/stats).
const pooledBelow = 12

// moderateSmall is moderateAll, and for a stratum of fewer than pooledBelow comparisons each comparison
// keeps the larger p-value of that and its stratum's pooled variance (the K-1-weighted mean of the S2, on
// infinite prior df capped at the pooled df).
func moderateSmall(ms []*modT) {
	moderateAll(ms)
	if len(ms) < 2 || len(ms) >= pooledBelow {
		return
	}
	var sum, pooled float64
	for _, m := range ms {
		sum += float64(m.k-1) * m.s2
		pooled += float64(m.k - 1)
	}
	for _, m := range ms {
		alt := *m
		alt.d0, alt.s0, alt.post, alt.pooled = math.Inf(1), sum/pooled, sum/pooled, pooled
		if alt.p() > m.p() {
			*m = alt
		}
	}
}

// df is the moderated t's degrees of freedom.
func (m modT) df() float64 {
	if m.pooled > 0 {
		return math.Min(m.d0+float64(m.k-1), m.pooled)
	}
	return m.d0 + float64(m.k-1)
}

// cdf is Student's t distribution function on the combination's df (the normal one for infinite df).
func (m modT) cdf(x float64) float64 {
	if math.IsInf(m.df(), 1) {
		return 0.5 * math.Erfc(-x/math.Sqrt2)
	}
	return moremath.TDist{V: m.df()}.CDF(x)
}

// interval is the combination's interval at conf.
func (m modT) interval(conf float64) (lo, hi float64) {
	p := (1 + conf) / 2
	a, b := 0.0, 1e6
	for range 400 { // bisection on the t CDF
		mid := (a + b) / 2
		if m.cdf(mid) < p {
			a = mid
		} else {
			b = mid
		}
	}
	h := (a + b) / 2 * math.Sqrt(m.post/float64(m.k))
	return m.est - h, m.est + h
}

// p is the moderated t test's two-sided p-value for no effect, as the regularized incomplete beta
// I_x(df/2, 1/2) at x = df / (df + t²) (gonum's, not the lab's F tail), or erfc(t/√2) for infinite df:
// both keep their digits far into the tail, where 2 (1 - CDF(t)) is 0.
func (m modT) p() float64 {
	t := math.Abs(m.est) / math.Sqrt(m.post/float64(m.k))
	df := m.df()
	if math.IsInf(df, 1) {
		return math.Min(1, math.Erfc(t/math.Sqrt2))
	}
	return math.Min(1, mathext.RegIncBeta(df/2, 0.5, df/(df+t*t)))
}

// split reports whether an instance with an interval estimates a change of the other sign than the
// combination's est (or none): the instances do not agree on the direction, so the cell is named neither
// faster nor slower.
func (b byRun) split(est float64) bool {
	for _, run := range b.runs() {
		y, se, _ := instanceBrute(b[run])
		if !math.IsNaN(se) && se > 0 && y*est <= 0 {
			return true
		}
	}
	return false
}
