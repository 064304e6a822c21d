package lifetime

// pelt is Killick, Fearnhead and Eckley's Pruned Exact Linear Time search (JASA 2012) for the
// segmentation of y minimising the summed segment costs plus penalty per changepoint, with the
// weighted normal mean-change cost: a segment costs sum w_i (y_i - its weighted mean)^2. Adding a
// changepoint never raises that cost, so the pruning constant K is 0 and the result is the exact optimum.
// It returns the segments' end indices (exclusive), the last being len(y).
func pelt(y, w []float64, penalty float64) []int {
	n := len(y)
	if n == 0 {
		return nil
	}
	// Prefix sums of w, w*y, w*y^2: any segment's cost in O(1).
	sw, swy, swyy := make([]float64, n+1), make([]float64, n+1), make([]float64, n+1)
	for i := range y {
		sw[i+1] = sw[i] + w[i]
		swy[i+1] = swy[i] + w[i]*y[i]
		swyy[i+1] = swyy[i] + w[i]*y[i]*y[i]
	}
	cost := func(a, b int) float64 { // points a..b-1
		W := sw[b] - sw[a]
		if W <= 0 {
			return 0
		}
		S := swy[b] - swy[a]
		return max(0, swyy[b]-swyy[a]-S*S/W) // rounding can make it a hair negative
	}
	f := make([]float64, n+1) // f[t]: optimal cost of points 0..t-1
	last := make([]int, n+1)  // last[t]: the start of the last segment in that optimum
	f[0] = -penalty
	cands := []int{0}
	vals := make([]float64, 0, n)
	for t := 1; t <= n; t++ {
		best, arg := 0.0, -1
		vals = vals[:0]
		for _, tau := range cands {
			v := f[tau] + cost(tau, t) + penalty
			vals = append(vals, v)
			if arg < 0 || v < best {
				best, arg = v, tau
			}
		}
		f[t], last[t] = best, arg
		// Prune: a start whose cost so far, without the penalty, already exceeds the optimum can never
		// start the last segment of a later optimum.
		kept := cands[:0]
		for i, tau := range cands {
			if vals[i]-penalty <= best {
				kept = append(kept, tau)
			}
		}
		cands = append(kept, t)
	}
	var ends []int
	for t := n; t > 0; t = last[t] {
		ends = append(ends, t)
	}
	for i, j := 0, len(ends)-1; i < j; i, j = i+1, j-1 {
		ends[i], ends[j] = ends[j], ends[i]
	}
	return ends
}
