package stats

import (
	"cmp"
	"math"
	"sort"
	"strings"
)

// Verdict sums up one candidate on one platform and backend in one phase without pooling the cells: it
// counts the cells (workload, DOP) by Class - faster, slower, unstable (speed regimes in control or the
// candidate), the others (Same: equivalent or inconclusive, of which Equivalent are equivalent), or no
// data - and keeps every cell's outcome. Typical is a single
// figure for the whole phase, and it is set only when every cell agrees (all significant, all in one
// direction): the geometric mean of the cells' Hodges-Lehmann ratios, each cell weighing the same,
// as a percentage change. Otherwise it is NaN, because a figure between cells that disagree describes
// none of them.
//
// Invariants: Cells == Faster + Slower + Same + Unstable + NoData == len(Outcomes); Thin counts the outcomes
// whose paired estimate has no interval (they are counted in one of the other groups too).
type Verdict struct {
	Platform, Backend, Candidate, Phase string
	Metric                              string
	Workload                            string // set by ByWorkload; empty: every workload
	Cells, Faster, Slower, Same, NoData int
	Equivalent                          int // of Same: the cells whose Class is Equivalent
	Unstable                            int
	Thin                                int
	Typical                             float64   // percent change; NaN unless every cell agrees
	Outcomes                            []Outcome // per cell, in the analysis' cell order
}

// Outcome is one cell's part in a Verdict.
type Outcome struct {
	Workload  string
	DOP       int
	Direction int   // -1 significantly lower, +1 significantly higher, 0 not significant, unstable or no data
	Class     Class // Delta.Class
	NoData    bool  // control or the candidate has no usable sample
	Thin      bool  // the paired estimate has no interval
	// Oversubscribed: the cell ran more workers than processors (Cell.Oversubscribed), so its change is
	// one of throughput, not of one operation's latency.
	Oversubscribed bool
	Delta          *Delta
}

// Percent is the cell's estimated change in percent (NaN without pairs).
func (o Outcome) Percent() float64 { c, _, _ := o.Delta.Percent(); return c }

// Agree reports whether every cell is significant in the same direction.
func (v Verdict) Agree() bool { return !math.IsNaN(v.Typical) }

// Verdicts sums up metric's deltas per candidate, platform, backend and phase, in that order.
func (a *Analysis) Verdicts(metric string) []Verdict {
	type key struct{ platform, backend, candidate, phase string }
	acc := map[key]*Verdict{}
	for _, c := range a.Cells {
		for _, d := range c.Deltas {
			if d.Metric != metric {
				continue
			}
			k := key{c.Platform, c.Backend, d.Candidate, c.Phase}
			v := acc[k]
			if v == nil {
				v = &Verdict{Platform: k.platform, Backend: k.backend, Candidate: k.candidate, Phase: k.phase, Metric: metric}
				acc[k] = v
			}
			o := Outcome{Workload: c.Workload, DOP: c.DOP, Thin: d.Thin(), Delta: d, Oversubscribed: c.Oversubscribed(),
				NoData: d.Test.N1 == 0 || d.Test.N2 == 0, Class: d.Class()}
			if d.Significant() && !o.NoData {
				o.Direction = d.Direction()
			}
			v.Outcomes = append(v.Outcomes, o)
		}
	}
	out := make([]Verdict, 0, len(acc))
	for _, v := range acc {
		v.count()
		out = append(out, *v)
	}
	sort.Slice(out, func(i, j int) bool {
		x, y := out[i], out[j]
		return cmp.Or(CompareNames(x.Candidate, y.Candidate), strings.Compare(x.Platform, y.Platform),
			strings.Compare(x.Backend, y.Backend), strings.Compare(x.Phase, y.Phase)) < 0
	})
	return out
}

// count sets the counts and Typical from Outcomes.
func (v *Verdict) count() {
	v.Cells, v.Faster, v.Slower, v.Same, v.NoData, v.Equivalent, v.Unstable, v.Thin = len(v.Outcomes), 0, 0, 0, 0, 0, 0, 0
	for _, o := range v.Outcomes {
		switch o.Class {
		case NoData:
			v.NoData++
		case Unstable:
			v.Unstable++
		case Faster:
			v.Faster++
		case Slower:
			v.Slower++
		default:
			v.Same++
		}
		if o.Class == Equivalent {
			v.Equivalent++
		}
		if o.Thin {
			v.Thin++
		}
	}
	v.Typical = math.NaN()
	if (v.Faster == v.Cells || v.Slower == v.Cells) && v.Cells > 0 {
		var sum float64
		for _, o := range v.Outcomes {
			if o.Delta.Log.N == 0 {
				return // decided by the U test: no paired estimate to average
			}
			sum += o.Delta.logEstimate()
		}
		v.Typical = pct(math.Exp(sum / float64(v.Cells)))
	}
}

// ByWorkload splits v into one verdict per workload, in the order the workloads first appear: a
// candidate that wins on one workload and loses on the other reads as two plain verdicts, not as "faster
// in 4 of 8, slower in 4 of 8". Each part's Workload is set.
func (v Verdict) ByWorkload() []Verdict {
	var out []Verdict
	idx := map[string]int{}
	for _, o := range v.Outcomes {
		i, ok := idx[o.Workload]
		if !ok {
			i = len(out)
			idx[o.Workload] = i
			part := v
			part.Workload, part.Outcomes = o.Workload, nil
			out = append(out, part)
		}
		out[i].Outcomes = append(out[i].Outcomes, o)
	}
	for i := range out {
		out[i].count()
	}
	return out
}
