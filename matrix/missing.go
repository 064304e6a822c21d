package matrix

import (
	"slices"
)

// MissingSamples lists the planned samples that one run's screened samples lack, in plan order (Count's
// Missing): every round of the fixed design's cells, the extra rounds a cell took, and in an adaptive
// run each cell's rounds so far, of control and of each candidate in the batches that ran it. A resume
// takes exactly these; a complete run has none. cells is run.json's record of the cells (nil for runs
// older than it).
func MissingSamples(plan Plan, cells []CellRun, samples []Sample) []Job {
	return Count(plan, cells, samples).Missing
}

// RanAt reports whether job j of cell c is one the run took, read from the samples alone (runs whose
// run.json records no batches): in the rounds a cell has taken, control ran in each, and so did every
// candidate in the fixed plan's own rounds; a candidate that stopped early (adaptive) or was not
// re-sampled ran a round only when it ran a later one too.
func (p Plan) RanAt(c *CellProgress, j Job) bool {
	if j.Variant == ControlOf(p.Variants) || (p.Adaptive == nil && j.Round < p.Rounds) {
		return true
	}
	return slices.ContainsFunc(c.Samples, func(s Sample) bool { return s.Variant == j.Variant && s.Round >= j.Round })
}
