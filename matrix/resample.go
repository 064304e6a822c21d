package matrix

import (
	"slices"

	"github.com/deflatelab/deflatelab/matrix/regime"
)

// resampling marks, during one Decide, the cells in their extra rounds, so that the inner policy leaves
// them alone.
const resampling = "(resampling)"

// resamplePolicy re-samples unstable comparisons: a comparison is unstable when the regime detector
// flags control's or the candidate's per-round times (two speed groups). While the inner policy keeps a
// cell open, its unstable candidates keep running even if decided; when the inner policy closes a cell
// with unstable comparisons, their candidates (and control) take extra rounds in foldover pairs, until
// the detector flags none of them (closed "resampled": a transient regime, now outvoted) or maxExtra
// extra rounds are taken (closed "unstable-cap": the regimes are confirmed).
type resamplePolicy struct {
	inner    Policy
	unstable func(values []float64) bool
	maxExtra int
	variants []string
}

func (r *resamplePolicy) Rule() string { return r.inner.Rule() }

func (r *resamplePolicy) Batch(c *CellProgress) int {
	if c.Base > 0 {
		return foldoverBatch
	}
	return r.inner.Batch(c)
}

func (r *resamplePolicy) Decide(cells []*CellProgress) {
	open := make([]bool, len(cells))
	for i, c := range cells {
		open[i] = c.ClosedBy == ""
		if open[i] && c.Base > 0 {
			c.ClosedBy = resampling
		}
	}
	r.inner.Decide(cells)
	for i, c := range cells {
		if !open[i] {
			continue
		}
		c.Unstable = r.flagged(c)
		switch {
		case c.ClosedBy == resampling: // in extra rounds
			c.ClosedBy, c.Running = "", c.Unstable
			switch {
			case len(c.Unstable) == 0:
				c.ClosedBy = ClosedStable
			case c.Rounds-c.Base >= r.maxExtra:
				c.ClosedBy = ClosedUnstableCap
			}
		case c.ClosedBy != "": // the inner policy closed it now
			if len(c.Unstable) > 0 {
				c.ClosedBy, c.Running = "", c.Unstable // Base stays: the extra rounds start here
			}
		case c.Running != nil: // still open: unstable comparisons stay open even if decided
			for _, k := range c.Unstable {
				if !slices.Contains(c.Running, k) {
					c.Running = append(c.Running, k)
				}
			}
		}
	}
}

// flagged lists the candidates whose comparison in c is unstable: the detector flags control's or the
// candidate's per-round times per operation.
func (r *resamplePolicy) flagged(c *CellProgress) []string {
	control := ControlOf(r.variants)
	all := r.unstable(PerRound(c.Samples, control, c.Rounds))
	var out []string
	for _, v := range r.variants {
		if v != control && (all || r.unstable(PerRound(c.Samples, v, c.Rounds))) {
			out = append(out, v)
		}
	}
	return out
}

// PerRound is variant's elapsed time per operation in each of a cell's first rounds rounds that it ran,
// in round order, from its successful samples: the series the regime detector reads.
func PerRound(samples []Sample, variant string, rounds int) []float64 {
	vals := make([]float64, rounds)
	for _, s := range samples {
		if s.Variant == variant && s.OK && s.Result != nil && s.Result.Ops > 0 && s.Round < rounds {
			vals[s.Round] = float64(s.Result.ElapsedNs) / float64(s.Result.Ops)
		}
	}
	out := vals[:0]
	for _, v := range vals {
		if v > 0 {
			out = append(out, v)
		}
	}
	return out
}

// Unstable is the regime detector the runner's re-sampling asks: a variant's per-round times per
// operation, in round order, at two separated speeds - the detector the report's "unstable" verdict uses.
func Unstable(values []float64) bool { return regime.Detect(values, regime.Default).Flagged }
