package stats

import (
	"math"
	"sort"
)

// BenjaminiHochberg returns the Benjamini-Hochberg adjusted p-values of ps, in the same order (R's
// p.adjust(ps, "BH")): p_(i) * m / i for the i-th smallest of m, made monotone from the largest down and
// capped at 1. Rejecting every test whose adjusted p is <= q keeps the expected share of false
// discoveries among the rejections at or below q (for independent or positively dependent tests). NaN
// p-values are left NaN and do not count in m.
func BenjaminiHochberg(ps []float64) []float64 {
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
	running := 1.0
	for k := len(idx) - 1; k >= 0; k-- {
		adj := ps[idx[k]] * m / float64(k+1)
		running = math.Min(running, adj)
		out[idx[k]] = running
	}
	return out
}

// correct sets every delta's PAdjusted, Selected and Adjusted: the deltas of one metric, over all cells and candidates of the
// analysis, form one family (a report shows the elapsed-time family's decisions; the others are never
// tested on its pages, but get the same treatment so that no delta carries an unadjusted decision).
func (a *Analysis) correct() {
	families := map[string][]*Delta{}
	for _, c := range a.Cells {
		for _, d := range c.Deltas {
			families[d.Metric] = append(families[d.Metric], d)
		}
	}
	for _, ds := range families {
		ps := make([]float64, len(ds))
		for i, d := range ds {
			ps[i] = d.P()
		}
		adj := BenjaminiHochberg(ps)
		selected := 0
		for i, p := range adj {
			ds[i].PAdjusted, ds[i].Family = p, len(ds)
			if p <= a.Alpha {
				selected++
			}
		}
		for _, d := range ds {
			d.Selected = selected
			d.Adjusted = SignedRankTest(d.logs, d.AdjustedConfidence())
		}
	}
}
