package sequential

import (
	"math"
	"sort"
)

// BenjaminiYekutieli returns the Benjamini-Yekutieli adjusted p-values of ps, in the same order (R's
// p.adjust(ps, "BY")): the Benjamini-Hochberg adjustment times the harmonic number H_m = 1 + 1/2 + ... +
// 1/m, made monotone and capped at 1. Rejecting every test whose adjusted p is <= q keeps the false
// discovery rate at or below q under any dependence between the tests (Benjamini and Yekutieli, Ann.
// Statist. 29(4), 2001, Theorem 1.3), which adaptive stopping, deciding when each cell's rounds end
// from what the cells show, can create. NaN p-values stay NaN and do not count in m.
func BenjaminiYekutieli(ps []float64) []float64 { return stepUp(ps, true) }

// BenjaminiHochberg returns the Benjamini-Hochberg adjusted p-values of ps, in the same order (R's
// p.adjust(ps, "BH")): p_(i) * m / i for the i-th smallest of m, made monotone from the largest down and
// capped at 1. Rejecting every test whose adjusted p is <= q keeps the expected share of false
// discoveries among the rejections at or below q (for independent or positively dependent tests). NaN
// p-values are left NaN and do not count in m.
func BenjaminiHochberg(ps []float64) []float64 { return stepUp(ps, false) }

// stepUp adjusts ps by Benjamini-Hochberg, times H_m when harmonic (Benjamini-Yekutieli).
func stepUp(ps []float64, harmonic bool) []float64 {
	out := make([]float64, len(ps))
	var idx []int
	for i, p := range ps {
		out[i] = math.NaN()
		if !math.IsNaN(p) {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return ps[idx[a]] < ps[idx[b]] })
	m := float64(len(idx))
	h := 1.0
	if harmonic {
		h = 0
		for i := 1; i <= len(idx); i++ {
			h += 1 / float64(i)
		}
	}
	running := 1.0
	for k := len(idx) - 1; k >= 0; k-- {
		running = math.Min(running, ps[idx[k]]*m*h/float64(k+1))
		out[idx[k]] = running
	}
	return out
}
