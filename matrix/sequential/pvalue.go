package sequential

import "math"

// PValue is the anytime-valid p-value for "the mean of x is mu0": the smallest 1/M_k(mu0) over every
// prefix x[:k]. Ville's inequality bounds the chance that it ever falls to alpha by alpha, so it is
// valid at any stopping time and never rises as values arrive.
func PValue(x []float64, mu0, c float64) float64 {
	p, _ := pValueSide(x, mu0, c)
	return p
}

// pValueSide is PValue with the side of mu0 the mean of x was on at the prefix that set it (-1 below,
// +1 above, 0 when no prefix gave evidence): the direction of the decision that p supports.
func pValueSide(x []float64, mu0, c float64) (p float64, side int) {
	p = 1.0
	var sum float64
	for k := 1; k <= len(x); k++ {
		sum += x[k-1]
		if k < 2 {
			continue
		}
		if pk := 1 / EValue(x[:k], mu0, c); pk < p {
			p, side = pk, 0
			switch m := sum / float64(k); {
			case m < mu0:
				side = -1
			case m > mu0:
				side = +1
			}
		}
	}
	return p, side
}

// EquivalencePValue is the anytime-valid p-value for "|mean| >= margin" (not equivalent): the smallest,
// over every prefix x[:k] whose mean lies within -+margin, of max(1/M_k(margin), 1/M_k(-margin)). When
// it is <= alpha, some interval of the confidence sequence at alpha lay wholly inside (-margin, margin),
// which happens with probability at most alpha when the true mean is outside. margin must be positive.
func EquivalencePValue(x []float64, margin, c float64) float64 {
	p := 1.0
	var sum float64
	for k := 1; k <= len(x); k++ {
		sum += x[k-1]
		if k < 2 || math.Abs(sum/float64(k)) >= margin {
			continue
		}
		pk := math.Max(1/EValue(x[:k], margin, c), 1/EValue(x[:k], -margin, c))
		p = math.Min(p, pk)
	}
	return math.Min(p, 1)
}
