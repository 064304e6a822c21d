package stats

import (
	"math"

	"github.com/aclements/go-moremath/mathx"
)

// The F distribution as limma's robust prior fit (FitFDistRobust) calls R's pf, qf and df: tails on the
// log scale, quantiles of either tail, the density, each with d2 = +Inf meaning chi-square(d1) / d1 (R's
// limits). Defined for f >= 0 and d1, d2 > 0; the fit passes nothing else.

// fLogTail is log P(F > f) (upper) or log P(F <= f) on d1 and d2 degrees of freedom: R's pf(f, d1, d2,
// lower.tail = !upper, log.p = TRUE). Like R it takes the incomplete beta function on whichever side of
// the distribution keeps its argument away from 1.
func fLogTail(f, d1, d2 float64, upper bool) float64 {
	switch {
	case f <= 0:
		if upper {
			return 0
		}
		return math.Inf(-1)
	case math.IsInf(f, 1):
		if upper {
			return math.Inf(-1)
		}
		return 0
	case math.IsInf(d2, 1):
		if upper {
			return math.Log(mathx.GammaIncComp(d1/2, d1*f/2))
		}
		return math.Log(mathx.GammaInc(d1/2, d1*f/2))
	}
	var p float64
	if d1*f > d2 {
		p = mathx.BetaInc(d2/(d2+d1*f), d2/2, d1/2) // P(F > f)
		if !upper {
			return math.Log1p(-p)
		}
	} else {
		p = mathx.BetaInc(d1*f/(d2+d1*f), d1/2, d2/2) // P(F <= f)
		if upper {
			return math.Log1p(-p)
		}
	}
	return math.Log(p)
}

// fQuantile is the f with fLogTail(f, d1, d2, upper) = logp: R's qf(logp, d1, d2, lower.tail = !upper,
// log.p = TRUE). As R's qf does, it takes chi-square(d1) / d1 once d2 exceeds 4e5 (and d1 <= d2). It
// bisects on f / (1 + f), which maps [0, Inf) onto [0, 1), until the interval no longer shrinks: the
// tail is monotone, so the answer is as exact as the tail itself.
func fQuantile(logp, d1, d2 float64, upper bool) float64 {
	if d1 <= d2 && d2 > 4e5 {
		d2 = math.Inf(1)
	}
	if logp > 0 || math.IsNaN(logp) {
		return math.NaN()
	}
	lo, hi := 0.0, 1.0
	for {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		t := fLogTail(mid/(1-mid), d1, d2, upper)
		if (t > logp) == upper { // the upper tail falls as f grows, the lower rises
			lo = mid
		} else {
			hi = mid
		}
	}
	m := lo + (hi-lo)/2
	return m / (1 - m)
}

// fDensity is the density of F(d1, d2) at f > 0: R's df(f, d1, d2). For d2 = +Inf it is the density of
// chi-square(d1) / d1. The normalising constant's log-gamma difference is taken by Stirling's series for
// large d2 (lgammaShift), where lgamma(a + b) - lgamma(b) would cancel away its digits.
func fDensity(f, d1, d2 float64) float64 {
	a := d1 / 2
	if math.IsInf(d2, 1) {
		lg, _ := math.Lgamma(a)
		return math.Exp(a*math.Log(a) + (a-1)*math.Log(f) - a*f - lg)
	}
	b := d2 / 2
	lga, _ := math.Lgamma(a)
	// log f(x) = a log(d1/d2) + (a-1) log x - (a+b) log(1 + d1 x/d2) - lgamma(a) + lgamma(a+b) - lgamma(b)
	return math.Exp(a*math.Log(d1/d2) + (a-1)*math.Log(f) - (a+b)*math.Log1p(d1*f/d2) - lga + lgammaShift(b, a))
}

// lgammaShift is lgamma(b + a) - lgamma(b) for a, b > 0. Past b = 15 it sums Stirling's series, whose
// leading terms ((b+a-1/2) log(b+a) - (b-1/2) log b) are regrouped as (b-1/2) log1p(a/b) + a log(b+a) so
// that nothing of size b log b is subtracted; the remainders' series stops at the x^-9 term, below 1e-16
// of the value there.
func lgammaShift(b, a float64) float64 {
	if b < 15 {
		x, _ := math.Lgamma(b + a)
		y, _ := math.Lgamma(b)
		return x - y
	}
	corr := func(x float64) float64 { // lgamma(x) - ((x-1/2) log x - x + log(2 pi)/2)
		x2 := 1 / (x * x)
		return (1.0/12 - x2*(1.0/360-x2*(1.0/1260-x2*(1.0/1680-x2/1188)))) / x
	}
	return (b-0.5)*math.Log1p(a/b) + a*math.Log(b+a) - a + corr(b+a) - corr(b)
}
