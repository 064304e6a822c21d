package matrix

import (
	"slices"
)

// MissingSamples lists the planned samples that one run's screened samples lack, in plan order: every
// round of the fixed design's cells (the plan's rounds, and the extra rounds a cell took), and in an
// adaptive run each cell's rounds so far, of control and of each candidate up to the last round it ran
// (a candidate that stopped early is not missing where it stopped). A resume takes exactly these; a
// complete run has none. cells is run.json's record of the cells (nil for runs older than it).
func MissingSamples(plan Plan, cells []CellRun, samples []Sample) []Job {
	have := map[SampleKey]bool{}
	byCell := map[Cell][]Sample{}
	for _, s := range samples {
		have[KeyOf(s)] = true
		byCell[s.Cell] = append(byCell[s.Cell], s)
	}
	seen := map[Cell]bool{}
	var out []Job
	for i, cell := range plan.Cells() {
		if seen[cell] { // a plan older than the check of duplicates (-dops 1,1) lists a cell twice
			continue
		}
		seen[cell] = true
		rounds := 0
		if i < len(cells) && cells[i].Cell == cell {
			rounds = cells[i].Rounds
		}
		if plan.Adaptive == nil {
			rounds = max(rounds, plan.Rounds)
		}
		c := &CellProgress{Index: i, Cell: cell, Samples: byCell[cell]}
		for _, j := range plan.JobsBetween(i, cell, 0, rounds, nil) {
			if plan.RanAt(c, j) && !have[SampleKey{j.Cell, j.Round, j.Variant}] {
				out = append(out, j)
			}
		}
	}
	return out
}

// RanAt reports whether job j of cell c is one the run took: in the rounds a cell has taken, control
// ran in each, and so did every candidate in the fixed plan's own rounds; a candidate that stopped
// early (adaptive) or was not re-sampled ran a round only when it ran a later one too.
func (p Plan) RanAt(c *CellProgress, j Job) bool {
	if j.Variant == ControlOf(p.Variants) || (p.Adaptive == nil && j.Round < p.Rounds) {
		return true
	}
	return slices.ContainsFunc(c.Samples, func(s Sample) bool { return s.Variant == j.Variant && s.Round >= j.Round })
}
