package stats

import (
	"math"
	"slices"

	"github.com/deflatelab/deflatelab/matrix/lifetime"
)

// lifetimeCombination is a lifetime ratio's moderated combination over runner instances (Moderated), on
// the log scale of the ratio (lifetime.Combination).
type lifetimeCombination struct{ Moderated }

func (c lifetimeCombination) Ratio() float64 { return math.Exp(c.Estimate) }

func (c lifetimeCombination) Interval(conf float64) (lo, hi float64) {
	l, h := c.Moderated.Interval(conf)
	return math.Exp(l), math.Exp(h)
}

// instanceRatios is one candidate's lifetime ratio at N in one cell, per runner instance with an
// interval: their log ratios, for the moderated combination (moderateLifetimes).
type instanceRatios struct {
	cmp       *lifetime.Comparison
	cell      *Cell // the cold cell, for its stratum
	candidate string
	n         int
	m         Moderated
}

// moderateLifetimes combines every lifetime ratio that two or more instances measured, the between-instance
// variance moderated over the ratios at the same lifetime N of every cell and candidate (their prior; the
// variance of a ratio at N = 1 and at 1M differ by orders of magnitude, so one prior over all N would
// describe none), as the elapsed-time deltas' is over their family (moderateFamily), and sets the
// comparisons' ratios from it. Unmoderated leaves the priors at 0 degrees of freedom. Unless OnePrior, or
// AlsoBy is Strata, each ratio is moderated a second time over the ratios at the same N of its AlsoBy
// stratum (its candidate's, by default) and keeps the combination with the larger p-value, as the
// deltas' does.
func (a *Analysis) moderateLifetimes(ls []*Lifetime) {
	byN := map[int][]*instanceRatios{}
	for _, l := range ls {
		for i := range l.pending {
			byN[l.pending[i].n] = append(byN[l.pending[i].n], &l.pending[i])
		}
	}
	for _, rs := range byN {
		if !a.Unmoderated {
			ms := make([]*Moderated, len(rs))
			for i, r := range rs {
				ms[i] = &r.m
			}
			also := map[string][]*Moderated{}
			alt := make([]Moderated, len(rs))
			if !a.OnePrior && a.AlsoBy != a.Strata {
				for i, r := range rs {
					alt[i] = r.m
					k := a.AlsoBy.label(r.cell, r.candidate)
					also[k] = append(also[k], &alt[i])
				}
			}
			setFamilyPrior(ms, false)
			for _, g := range also {
				setFamilyPrior(g, false)
			}
			for i, m := range ms {
				if len(also) > 0 && alt[i].P() > m.P() {
					*m = alt[i]
				}
			}
		}
		for _, r := range rs {
			if r.m.ok() {
				r.cmp.Combine(r.n, lifetimeCombination{r.m})
			}
		}
	}
}

// combineInstances compares candidate with control within each run of the cell and, at every lifetime
// where two or more runs have an interval, records their log ratios for the moderated combination
// (moderateLifetimes), which replaces cmp's pooled ratio, as the elapsed-time deltas' does (Instances).
// Nothing changes for a cell of one run.
func (l *Lifetime) combineInstances(control, candidate string, cmp *lifetime.Comparison) error {
	runs := map[string]bool{}
	for _, id := range l.rounds {
		runs[id.Run] = true
	}
	if len(runs) < 2 {
		return nil
	}
	per := map[string]*lifetime.Comparison{}
	for _, run := range slices.Sorted(mapsKeys(runs)) {
		of := func(ps []lifetime.Process) []lifetime.Process {
			var out []lifetime.Process
			for _, p := range ps {
				if l.rounds[p.Round].Run == run {
					out = append(out, p)
				}
			}
			return out
		}
		ctl, cand := of(l.procs[control]), of(l.procs[candidate])
		if len(ctl) == 0 || len(cand) == 0 {
			continue
		}
		c, err := lifetime.CompareMethod(ctl, cand, seedOf(l.Cell, candidate+" in "+run), l.method)
		if err != nil {
			continue // no common round in this run: it has nothing to add
		}
		per[run] = c
	}
	if l.Instances == nil {
		l.Instances = map[string]map[string]*lifetime.Comparison{}
	}
	l.Instances[candidate] = per
	cell := &Cell{Cell: l.Cell, Processors: l.Processors}
	for _, r := range cmp.Ratios {
		var ys []float64
		for _, run := range slices.Sorted(mapsKeys(per)) {
			ri, ok := per[run].RatioAt(r.N)
			if !ok || math.IsNaN(ri.Lo) || !(ri.Lo > 0) || math.IsInf(ri.Hi, 0) || !(ri.Estimate > 0) {
				continue
			}
			ys = append(ys, math.Log(ri.Estimate))
		}
		if m, ok := moderate(ys, VarPrior{}); ok {
			l.pending = append(l.pending, instanceRatios{cmp: cmp, cell: cell, candidate: candidate, n: r.N, m: m})
		}
	}
	return nil
}
