package report

import (
	"math"
	"sort"

	moremath "github.com/aclements/go-moremath/stats"
)

// This file recomputes, without matrix/stats, the comparisons of a merged folder: pairs from two or more
// runner instances (distinct Sample.Run). Each instance's exact signed-rank analysis (signedRankBrute)
// gives its Hodges-Lehmann estimate and a standard error from its 95% interval's half-width over the
// normal quantile of the level the exact interval achieves; the instances combine as random effects,
// tau^2 by maximising the restricted likelihood with a golden-section search (not the Fisher scoring
// matrix/stats uses), the estimate's standard error Hartung and Knapp's with the ad hoc correction, and
// intervals and p from Student's t with K-1 degrees of freedom (docs/METHOD.md, "Replicas on several
// runner instances").

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
