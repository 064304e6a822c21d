package stats

import "math"

// The polygamma functions limma's prior fit needs (fitFDist: digamma, trigamma; trigammaInverse:
// trigamma and its derivative), which Go's math package lacks. Each shifts x up by the recurrence until
// x >= polygammaShift, then sums the asymptotic (Bernoulli) series to the x^-15 term; at x >= 10 the
// first omitted term is below 1e-17 of the value, so the result is as exact as float64 arithmetic allows
// (checked against R in TestPolygammaAgainstR). Defined for x > 0 only (the callers pass half degrees of
// freedom); NaN otherwise.
const polygammaShift = 10

// digamma is psi(x) = d/dx ln Gamma(x).
func digamma(x float64) float64 {
	if !(x > 0) || math.IsInf(x, 1) {
		if math.IsInf(x, 1) {
			return x
		}
		return math.NaN()
	}
	var acc float64
	for x < polygammaShift {
		acc -= 1 / x // psi(x) = psi(x+1) - 1/x
		x++
	}
	x2 := 1 / (x * x)
	// ln x - 1/(2x) - sum B_2k / (2k x^2k)
	s := x2 * (1.0/12 - x2*(1.0/120-x2*(1.0/252-x2*(1.0/240-x2*(1.0/132-x2*(691.0/32760-x2/12))))))
	return acc + math.Log(x) - 0.5/x - s
}

// trigamma is psi'(x).
func trigamma(x float64) float64 {
	if !(x > 0) {
		return math.NaN()
	}
	if math.IsInf(x, 1) {
		return 0
	}
	var acc float64
	for x < polygammaShift {
		acc += 1 / (x * x) // psi1(x) = psi1(x+1) + 1/x^2
		x++
	}
	x2 := 1 / (x * x)
	// 1/x + 1/(2x^2) + sum B_2k / x^(2k+1)
	s := x2 / x * (1.0/6 - x2*(1.0/30-x2*(1.0/42-x2*(1.0/30-x2*(5.0/66-x2*(691.0/2730-x2*7.0/6))))))
	return acc + 1/x + 0.5*x2 + s
}

// tetragamma is the second derivative of digamma (R's psigamma(x, deriv = 2)).
func tetragamma(x float64) float64 {
	if !(x > 0) {
		return math.NaN()
	}
	if math.IsInf(x, 1) {
		return 0
	}
	var acc float64
	for x < polygammaShift {
		acc -= 2 / (x * x * x) // psi2(x) = psi2(x+1) - 2/x^3
		x++
	}
	x2 := 1 / (x * x)
	// -1/x^2 - 1/x^3 - sum (2k+1) B_2k / x^(2k+2)
	s := x2 * x2 * (0.5 - x2*(1.0/6-x2*(1.0/6-x2*(3.0/10-x2*(5.0/6-x2*691.0/210)))))
	return acc - x2 - x2/x - s
}

// trigammaInverse is the y with trigamma(y) = x, x > 0, as limma's trigammaInverse computes it: Newton's
// method on 1/trigamma(y), which is nearly linear in y, from y = 0.5 + 1/x, to a relative step below
// 1e-8; the limits 1/sqrt(x) for x > 1e7 and 1/x for x < 1e-6 as limma takes them. NaN for x < 0.
func trigammaInverse(x float64) float64 {
	switch {
	case math.IsNaN(x) || x < 0:
		return math.NaN()
	case x > 1e7:
		return 1 / math.Sqrt(x)
	case x < 1e-6:
		return 1 / x
	}
	y := 0.5 + 1/x
	for range 50 {
		tri := trigamma(y)
		dif := tri * (1 - tri/x) / tetragamma(y)
		y += dif
		if -dif/y < 1e-8 {
			break
		}
	}
	return y
}
