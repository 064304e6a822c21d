package stats

import (
	"math"
	"sync"
)

// uniformQuad128 is the 128-point Gauss-Legendre rule on [0, 1] with weights summing to 1: statmod's
// gauss.quad.prob(128, dist = "uniform"), which limma's fitFDistRobustly integrates the Winsorised
// moments of log F with (FitFDistRobust). The nodes are the roots of the Legendre polynomial P_128,
// found by Newton's method from Tricomi's approximation cos(pi (i - 1/4) / (n + 1/2)), which converges to
// them without skipping one; statmod finds the same nodes as eigenvalues of the Jacobi matrix. Ascending.
var uniformQuad128 = sync.OnceValues(func() (nodes, weights []float64) {
	return gaussLegendre(128)
})

// gaussLegendre is the n-point Gauss-Legendre rule mapped onto [0, 1] with weights summing to 1.
func gaussLegendre(n int) (nodes, weights []float64) {
	nodes, weights = make([]float64, n), make([]float64, n)
	for i := range (n + 1) / 2 {
		z := math.Cos(math.Pi * (float64(i) + 0.75) / (float64(n) + 0.5))
		var dp float64
		for range 100 {
			p0, p1 := 1.0, z // P_0, P_1; the recurrence climbs to P_n and P_{n-1}
			for j := 2; j <= n; j++ {
				p0, p1 = p1, ((2*float64(j)-1)*z*p1-(float64(j)-1)*p0)/float64(j)
			}
			dp = float64(n) * (z*p1 - p0) / (z*z - 1) // P_n'(z)
			dz := p1 / dp
			z -= dz
			if math.Abs(dz) <= 1e-15 {
				break
			}
		}
		w := 2 / ((1 - z*z) * dp * dp) / 2
		// z descends from near 1 as i grows: node n-1-i is (1+z)/2, its mirror i is (1-z)/2.
		nodes[n-1-i], weights[n-1-i] = (1+z)/2, w
		nodes[i], weights[i] = (1-z)/2, w
	}
	return nodes, weights
}
