package stats

import "math"

// The F distribution as limma's robust prior fit (FitFDistRobust) calls R's pf, qf and df: tails on the
// log scale, quantiles of either tail, the density, each with d2 = +Inf meaning chi-square(d1) / d1 (R's
// limits). Defined for f >= 0 and d1, d2 > 0; the fit passes nothing else.

// fLogTail is log P(F > f) (upper) or log P(F <= f) on d1 and d2 degrees of freedom: R's pf(f, d1, d2,
// lower.tail = !upper, log.p = TRUE). Like R's, it keeps its digits in either tail, however far: the
// incomplete beta (or, for d2 = +Inf, gamma) function is summed on the log scale for the smaller tail,
// and the other is log1p of minus it.
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
	}
	var lower, up float64
	if math.IsInf(d2, 1) {
		lower, up = gammaLogTails(d1/2, d1*f/2)
	} else {
		// x = d1 f / (d2 + d1 f) and 1 - x, each from its own formula, so neither cancels.
		lower, up = betaLogTails(d1*f/(d2+d1*f), d2/(d2+d1*f), d1/2, d2/2)
	}
	if upper {
		return up
	}
	return lower
}

// betaLogTails are the logs of the regularized incomplete beta function I_x(a, b) and of its complement
// 1 - I_x(a, b), y = 1 - x given apart so that neither loses digits near 1. The continued fraction of
// Numerical Recipes (section 6.4) is summed for whichever tail it converges fast in (x below the mean
// (a+1)/(a+b+2): the lower), its prefactor x^a y^b / B(a, b) on the log scale; the other tail is log1p of
// minus it.
func betaLogTails(x, y, a, b float64) (lower, upper float64) {
	switch {
	case x <= 0:
		return math.Inf(-1), 0
	case y <= 0:
		return 0, math.Inf(-1)
	}
	small, large := math.Min(a, b), math.Max(a, b)
	lgSmall, _ := math.Lgamma(small)
	logBeta := lgSmall - lgammaShift(large, small) // log B(a, b) = lgamma(a) + lgamma(b) - lgamma(a+b)
	prefix := a*math.Log(x) + b*math.Log(y) - logBeta
	if x < (a+1)/(a+b+2) {
		lower = prefix + math.Log(betaFraction(x, a, b)/a)
		return lower, math.Log1p(-math.Exp(lower))
	}
	upper = prefix + math.Log(betaFraction(y, b, a)/b)
	return math.Log1p(-math.Exp(upper)), upper
}

// betaFraction is the continued fraction of I_x(a, b) (modified Lentz), to 1e-16.
func betaFraction(x, a, b float64) float64 {
	const tiny = 1e-300
	nonzero := func(z float64) float64 {
		if math.Abs(z) < tiny {
			return tiny
		}
		return z
	}
	c, d := 1.0, 1/nonzero(1-(a+b)*x/(a+1))
	h := d
	for m := 1.0; m <= 100000; m++ {
		even := m * (b - m) * x / ((a + 2*m - 1) * (a + 2*m))
		d = 1 / nonzero(1+even*d)
		c = nonzero(1 + even/c)
		h *= d * c
		odd := -(a + m) * (a + b + m) * x / ((a + 2*m) * (a + 2*m + 1))
		d = 1 / nonzero(1+odd*d)
		c = nonzero(1 + odd/c)
		step := d * c
		h *= step
		if math.Abs(step-1) < 1e-16 {
			break
		}
	}
	return h
}

// gammaLogTails are the logs of the regularized incomplete gamma function P(a, x) and of Q(a, x) =
// 1 - P(a, x): the series for P below x = a + 1, the continued fraction for Q above (Numerical Recipes,
// section 6.2), their prefactor x^a e^-x / Gamma(a) on the log scale, the other tail log1p of minus it.
func gammaLogTails(a, x float64) (lower, upper float64) {
	if x <= 0 {
		return math.Inf(-1), 0
	}
	lg, _ := math.Lgamma(a)
	prefix := a*math.Log(x) - x - lg
	if x < a+1 {
		term, sum := 1/a, 1/a
		for n := 1.0; n < 100000 && math.Abs(term) > math.Abs(sum)*1e-17; n++ {
			term *= x / (a + n)
			sum += term
		}
		lower = prefix + math.Log(sum)
		return lower, math.Log1p(-math.Exp(lower))
	}
	const tiny = 1e-300
	b := x + 1 - a
	c, d := 1/tiny, 1/b
	h := d
	for i := 1.0; i < 100000; i++ {
		an := -i * (i - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		step := d * c
		h *= step
		if math.Abs(step-1) < 1e-16 {
			break
		}
	}
	upper = prefix + math.Log(h)
	return math.Log1p(-math.Exp(upper)), upper
}

// fQuantile is the f with fLogTail(f, d1, d2, upper) = logp: R's qf(logp, d1, d2, lower.tail = !upper,
// log.p = TRUE). As R's qf does, it takes chi-square(d1) / d1 once d2 exceeds 4e5 (and d1 <= d2). It
// brackets log f by doubling and bisects it until the bracket no longer shrinks: the tail is monotone, so
// the answer is as exact as the tail, in relative terms at any size of f.
func fQuantile(logp, d1, d2 float64, upper bool) float64 {
	if d1 <= d2 && d2 > 4e5 {
		d2 = math.Inf(1)
	}
	if logp > 0 || math.IsNaN(logp) {
		return math.NaN()
	}
	// below reports whether the quantile lies above exp(lf): the upper tail falls as f grows, the lower rises.
	below := func(lf float64) bool { return (fLogTail(math.Exp(lf), d1, d2, upper) > logp) == upper }
	lo, hi := -1.0, 1.0
	for below(hi) && hi < 709 {
		lo, hi = hi, 2*hi
	}
	for !below(lo) && lo > -745 {
		lo, hi = 2*lo, lo
	}
	for {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if below(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return math.Exp(lo + (hi-lo)/2)
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
