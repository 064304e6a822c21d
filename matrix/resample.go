package matrix

// resampling marks, during one Decide, the cells in their extra rounds, so that the inner policy leaves
// them alone.
const resampling = "(resampling)"

// resamplePolicy re-samples unstable cells: when the inner policy closes a cell that the regime detector
// flags (either side's per-round times fall into two speed groups), the cell stays open for extra rounds
// in foldover pairs, until the detector no longer flags it (closed "resampled": a transient regime, now
// outvoted) or maxExtra extra rounds are taken (closed "unstable-cap": the regimes are confirmed).
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
		switch {
		case c.ClosedBy == resampling:
			c.ClosedBy = ""
			c.Unstable = r.flagged(c)
			switch {
			case !c.Unstable:
				c.ClosedBy = ClosedStable
			case c.Rounds-c.Base >= r.maxExtra:
				c.ClosedBy = ClosedUnstableCap
			}
		case open[i] && c.ClosedBy != "":
			if c.Unstable = r.flagged(c); c.Unstable {
				c.ClosedBy = "" // Base stays: the extra rounds start here
			}
		}
	}
}

// flagged reports whether any variant's per-round times per operation in c are flagged.
func (r *resamplePolicy) flagged(c *CellProgress) bool {
	for _, v := range r.variants {
		if r.unstable(PerRound(c.Samples, v, c.Rounds)) {
			return true
		}
	}
	return false
}

// PerRound is variant's elapsed time per operation in each of a cell's first rounds rounds, in round
// order, from its successful samples: the series the regime detector reads.
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
