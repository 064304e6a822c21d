package stats

import (
	"math"
	"slices"

	"github.com/deflatelab/deflatelab/matrix/lifetime"
)

// lifetimeCombination is a lifetime ratio's random-effects combination over runner instances, on the log
// scale of the ratio (lifetime.Combination).
type lifetimeCombination struct{ RandomEffects }

func (c lifetimeCombination) Ratio() float64 { return math.Exp(c.Estimate) }

func (c lifetimeCombination) Interval(conf float64) (lo, hi float64) {
	l, h := c.RandomEffects.Interval(conf)
	return math.Exp(l), math.Exp(h)
}

// combineInstances compares candidate with control within each run of the cell and, at every lifetime
// where two or more runs have an interval, replaces cmp's pooled ratio by their random-effects
// combination, as the elapsed-time deltas do (Instances): each run's log ratio weighed by the standard
// error its 95% interval implies. Nothing changes for a cell of one run.
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
	z := normalQuantile((1 + lifetime.Confidence) / 2)
	for _, r := range cmp.Ratios {
		var ys, ses []float64
		for _, run := range slices.Sorted(mapsKeys(per)) { // in run order: the sums, and so the last digits, the same every rendering
			ri, ok := per[run].RatioAt(r.N)
			if !ok || math.IsNaN(ri.Lo) || !(ri.Lo > 0) || math.IsInf(ri.Hi, 0) {
				continue
			}
			ys, ses = append(ys, math.Log(ri.Estimate)), append(ses, (math.Log(ri.Hi)-math.Log(ri.Lo))/(2*z))
		}
		if re, ok := Combine(ys, ses); ok {
			cmp.Combine(r.N, lifetimeCombination{re})
		}
	}
	return nil
}
