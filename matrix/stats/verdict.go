package stats

import (
	"cmp"
	"math"
	"sort"
	"strings"

	"golang.org/x/perf/benchmath"
)

// Verdict sums up one candidate on one platform and backend in one phase, over every workload and DOP:
// Ratio is the median of all the per-round ratios of those cells with its interval (significant when the
// interval excludes 1, which is a sign test at 1-confidence), and the counts say in how many cells the
// per-cell U test found the candidate faster, slower, or no different.
type Verdict struct {
	Platform, Backend, Candidate, Phase string
	Metric                              string
	Ratio                               Estimate
	Cells, Lower, Higher, Same          int
	ThinCells                           int       // cells whose paired ratio has no finite interval
	Outcomes                            []Outcome // per cell, in the analysis' cell order
}

// Outcome is one cell's part in a Verdict.
type Outcome struct {
	Workload  string
	DOP       int
	Direction int  // -1 lower, +1 higher, 0 not significant (per-cell U test)
	Thin      bool // the cell's paired ratio has no finite interval
	Delta     *Delta
}

// Significant reports whether the pooled interval excludes a ratio of 1.
func (v Verdict) Significant() bool {
	return !v.Ratio.Thin() && (v.Ratio.Hi < 1 || v.Ratio.Lo > 1)
}

// Percent returns the pooled ratio as a percentage change with its interval.
func (v Verdict) Percent() (center, lo, hi float64) {
	return pct(v.Ratio.Center), pct(v.Ratio.Lo), pct(v.Ratio.Hi)
}

// Verdicts pools metric's deltas per platform, backend, candidate and phase, in that order.
func (a *Analysis) Verdicts(metric string) []Verdict {
	type key struct{ platform, backend, candidate, phase string }
	acc := map[key]*Verdict{}
	ratios := map[key][]float64{}
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
			v.Cells++
			o := Outcome{Workload: c.Workload, DOP: c.DOP, Thin: d.Ratio.Thin(), Delta: d}
			if d.Significant() {
				o.Direction = d.Direction()
			}
			switch o.Direction {
			case -1:
				v.Lower++
			case +1:
				v.Higher++
			default:
				v.Same++
			}
			if o.Thin {
				v.ThinCells++
			}
			v.Outcomes = append(v.Outcomes, o)
			for _, p := range d.Pairs {
				if !math.IsNaN(p.Ratio) {
					ratios[k] = append(ratios[k], p.Ratio)
				}
			}
		}
	}
	th := &benchmath.Thresholds{CompareAlpha: a.Alpha}
	out := make([]Verdict, 0, len(acc))
	for k, v := range acc {
		v.Ratio = estimate(ratios[k], a.Confidence, th)
		out = append(out, *v)
	}
	sort.Slice(out, func(i, j int) bool {
		x, y := out[i], out[j]
		return cmp.Or(strings.Compare(x.Candidate, y.Candidate), strings.Compare(x.Platform, y.Platform),
			strings.Compare(x.Backend, y.Backend), strings.Compare(x.Phase, y.Phase)) < 0
	})
	return out
}
