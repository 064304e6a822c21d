package stats

import (
	"github.com/deflatelab/deflatelab/matrix/sequential"
)

// BenjaminiHochberg returns the Benjamini-Hochberg adjusted p-values of ps, in the same order (R's
// p.adjust(ps, "BH")); NaN p-values are left NaN and do not count. It is sequential.BenjaminiHochberg, the
// step-up the adaptive rule's Benjamini-Yekutieli shares.
func BenjaminiHochberg(ps []float64) []float64 { return sequential.BenjaminiHochberg(ps) }

// correct sets every delta's PAdjusted, Selected and Adjusted: the deltas of one metric, over all cells and candidates of the
// analysis, form one family (a report shows the elapsed-time family's decisions; the others are never
// tested on its pages, but get the same treatment so that no delta carries an unadjusted decision).
func (a *Analysis) correct() {
	families := map[string][]*Delta{}
	cells := map[string][]*Cell{}
	for _, c := range a.Cells {
		for _, d := range c.Deltas {
			families[d.Metric] = append(families[d.Metric], d)
			cells[d.Metric] = append(cells[d.Metric], c)
		}
	}
	for metric, ds := range families {
		if a.Priors == nil {
			a.Priors = map[string][]StratumPrior{}
		}
		a.Priors[metric] = moderateFamily(ds, cells[metric], a.Options)
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
			if d.Instances != nil {
				d.Instances.readjust(d.AdjustedConfidence(), d.Margin())
				d.Instances.setSplit(!a.AllowSplit)
			}
		}
	}
}
