package stats

import "math"

// zeroin finds a root of f in [a, b], where fa = f(a) and fb = f(b) have opposite signs (or one is 0),
// by Brent's method (Brent 1973, "Algorithms for Minimization without Derivatives", ch. 4): inverse
// quadratic or linear interpolation when it stays inside the bracket and shrinks it fast enough,
// bisection otherwise, never a step smaller than the tolerance. It follows R's uniroot (R_zeroin2 in
// R's zeroin.c) step for step, with R's stopping rule |c - b| / 2 <= 2 eps |b| + tol / 2 and at most
// maxit evaluations of f, so that limma's robust prior fit (FitFDistRobust), which solves with uniroot's
// tol = 1e-8, lands on R's iterate and not merely within R's tolerance of the root.
func zeroin(f func(float64) float64, a, b, fa, fb, tol float64, maxit int) float64 {
	const eps = 0x1p-52
	if fa == 0 {
		return a
	}
	if fb == 0 {
		return b
	}
	c, fc := a, fa
	for range maxit + 1 {
		prev := b - a
		if math.Abs(fc) < math.Abs(fb) { // b is the best approximation so far
			a, b, c = b, c, b
			fa, fb, fc = fb, fc, fb
		}
		tolAct := 2*eps*math.Abs(b) + tol/2
		step := (c - b) / 2
		if math.Abs(step) <= tolAct || fb == 0 {
			return b
		}
		if math.Abs(prev) >= tolAct && math.Abs(fa) > math.Abs(fb) {
			var p, q float64
			cb := c - b
			if a == c { // two distinct points: the secant
				t1 := fb / fa
				p, q = cb*t1, 1-t1
			} else { // three: inverse quadratic interpolation
				q0, t1, t2 := fa/fc, fb/fc, fb/fa
				p = t2 * (cb*q0*(q0-t1) - (b-a)*(t1-1))
				q = (q0 - 1) * (t1 - 1) * (t2 - 1)
			}
			if p > 0 {
				q = -q
			} else {
				p = -p
			}
			if p < 0.75*cb*q-math.Abs(tolAct*q)/2 && p < math.Abs(prev*q/2) {
				step = p / q // inside [b, c] and shrinking fast enough
			}
		}
		if math.Abs(step) < tolAct {
			if step > 0 {
				step = tolAct
			} else {
				step = -tolAct
			}
		}
		a, fa = b, fb
		b += step
		fb = f(b)
		if (fb > 0 && fc > 0) || (fb < 0 && fc < 0) {
			c, fc = a, fa // keep the root bracketed by b and c
		}
	}
	return b
}
