package sequential

import "math"

// DefaultPrecision is the mixture's prior precision c on the standardised effect (mu-mu0)/sigma, whose
// prior is N(0, 1/c): 0.05, a prior SD of 4.5 noise SDs, because the lab's effects are often many times
// their round-to-round noise. With n pairs M_n can reach at most ((n+c)/c)^((n-1)/2): at c = 0.05 that is
// 729 after 4 pairs, above the ~140 that Benjamini-Yekutieli over a page of 16-128 comparisons asks of a
// comparison (alpha 0.05), so a large effect closes its cell after two batches; at c = 0.3 the most is 54
// and no cell could close before 6 pairs. The price is width for small effects: at 10 pairs and level
// 0.007 the interval's half-width is 1.92 standard deviations against 1.79 at c = 0.3.
const DefaultPrecision = 0.05

// EValue is Lai's mixture likelihood ratio M_n(mu0) for the mean of x being mu0, with the variance
// unknown (right-Haar prior on sigma, N(0, 1/c) prior on (mu-mu0)/sigma):
//
//	M_n = sqrt(c/(n+c)) * (1 - S^2/((n+c) V))^(-n/2),  S = sum(x_i - mu0), V = sum((x_i - mu0)^2).
//
// Under a Gaussian with mean mu0 it is a nonnegative martingale with M_1 = 1. It is 1 for fewer than two
// values, and 1 when every value equals mu0 (no evidence either way). c must be positive.
func EValue(x []float64, mu0, c float64) float64 {
	n := float64(len(x))
	if len(x) < 2 {
		return 1
	}
	var s, v float64
	for _, xi := range x {
		d := xi - mu0
		s += d
		v += d * d
	}
	if v == 0 {
		return 1
	}
	r := s * s / ((n + c) * v) // < 1, since s^2 <= n v
	return math.Sqrt(c/(n+c)) * math.Pow(1-r, -n/2)
}

// Interval is the confidence sequence's interval after x: every mu0 with EValue(x, mu0, c) < 1/alpha.
// Since M_n grows with |mu0 - mean|, it is mean -+ a half-width, in closed form; it is infinite when n
// values cannot exclude anything at alpha (too few), and the time-uniform guarantee is that the true
// mean lies inside the intervals of every n at once with probability at least 1-alpha.
func Interval(x []float64, alpha, c float64) (mean, lo, hi float64) {
	if len(x) < 2 {
		m := math.NaN()
		if len(x) == 1 {
			m = x[0]
		}
		return m, math.Inf(-1), math.Inf(1)
	}
	mean, s2 := meanVar(x)
	half := halfWidth(len(x), s2, alpha, c)
	return mean, mean - half, mean + half
}

// meanVar is x's mean and biased variance (the sum of squares over n).
func meanVar(x []float64) (mean, s2 float64) {
	for _, xi := range x {
		mean += xi
	}
	mean /= float64(len(x))
	for _, xi := range x {
		s2 += (xi - mean) * (xi - mean)
	}
	return mean, s2 / float64(len(x))
}

// halfWidth is the interval's half-width after n values of biased variance s2: with d = mean - mu0,
// V = n (s2 + d^2), and M >= 1/alpha  <=>  r >= 1-q, q = (alpha sqrt(c/(n+c)))^(2/n),
// r = n d^2 / ((n+c)(s2+d^2)). Infinite when n values cannot exclude anything at alpha.
func halfWidth(nInt int, s2, alpha, c float64) float64 {
	n := float64(nInt)
	q := math.Pow(alpha*math.Sqrt(c/(n+c)), 2/n)
	a := n - (1-q)*(n+c)
	if a <= 0 {
		return math.Inf(1)
	}
	return math.Sqrt(s2 * (1 - q) * (n + c) / a)
}
