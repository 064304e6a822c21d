package matrix

import (
	"slices"
)

// Batch is rounds From..To-1 of one cell as the runner scheduled them: control ran in each, and so did
// the candidates named. A policy changes which candidates run only between batches (Decide), so a
// cell's batches say exactly which samples it planned, even when a candidate stopped and later ran again
// (re-sampling flags it anew). Batches are recorded when scheduled, so an interrupted batch is planned.
type Batch struct {
	From       int      `json:"from"`
	To         int      `json:"to"`
	Candidates []string `json:"candidates"` // every candidate that ran beside control, in plan order
}

// Schedule records that the cell takes rounds c.Rounds..to-1 next, with control and the candidates
// running says (nil: every candidate). A batch recorded before at or after c.Rounds (an interrupted
// one, scheduled again on resume) is replaced; a batch continuing the last with the same candidates
// extends it, so a fixed run records one batch per cell.
func (c *CellProgress) Schedule(variants []string, to int) {
	control := ControlOf(variants)
	var cands []string
	for _, v := range variants {
		if v != control && c.Runs(v) {
			cands = append(cands, v)
		}
	}
	c.Batches = slices.DeleteFunc(c.Batches, func(b Batch) bool { return b.From >= c.Rounds })
	if n := len(c.Batches); n > 0 {
		last := &c.Batches[n-1]
		last.To = min(last.To, c.Rounds)
		if last.To == c.Rounds && slices.Equal(last.Candidates, cands) {
			last.To = to
			return
		}
	}
	c.Batches = append(c.Batches, Batch{From: c.Rounds, To: to, Candidates: cands})
}

// Takes reports whether the cell c plans job j: control in every round, a candidate in the rounds of
// the batches that ran it. Rounds no batch covers (runs older than the record) are read from the
// samples, as RanAt does.
func (p Plan) Takes(c *CellProgress, j Job) bool {
	if j.Variant == ControlOf(p.Variants) {
		return true
	}
	for _, b := range c.Batches {
		if j.Round >= b.From && j.Round < b.To {
			return slices.Contains(b.Candidates, j.Variant)
		}
	}
	return p.RanAt(c, j)
}

// Tally is a run's samples counted against its plan by the one rule the runner, run.json, the bench
// summary and the report share (Count): a re-sampled cell's extra rounds are planned samples too, so a
// run that finished them is complete, never "616 of 576".
type Tally struct {
	// Planned is the plan's samples (Plan.Samples: the cap of an adaptive plan) and the samples the
	// cells' rounds beyond the plan's rounds take (re-sampling's extra rounds).
	Planned int
	// Extra is how many of Planned are in those extra rounds.
	Extra int
	// Missing lists the planned samples of the rounds the cells took (a fixed plan's rounds at least)
	// that are not recorded, in plan order: a resume takes exactly these.
	Missing []Job
	// Resampled lists, in plan order, the cells that took rounds beyond the plan's.
	Resampled []Cell
}

// Count is the Tally of one run's screened samples against its plan and run.json's cells (nil for
// runs older than them).
func Count(plan Plan, cells []CellRun, samples []Sample) Tally {
	t := Tally{Planned: plan.Samples()}
	have := map[SampleKey]bool{}
	byCell := map[Cell][]Sample{}
	for _, s := range samples {
		have[KeyOf(s)] = true
		byCell[s.Cell] = append(byCell[s.Cell], s)
	}
	seen := map[Cell]bool{}
	for i, cell := range plan.Cells() {
		if seen[cell] { // a plan older than the check of duplicates (-dops 1,1) lists a cell twice
			continue
		}
		seen[cell] = true
		c := &CellProgress{Index: i, Cell: cell, Samples: byCell[cell]}
		if i < len(cells) && cells[i].Cell == cell {
			c.Rounds, c.Batches = cells[i].Rounds, cells[i].Batches
		}
		rounds := c.Rounds
		if n := len(c.Batches); n > 0 {
			rounds = max(rounds, c.Batches[n-1].To) // an interrupted batch is planned
		}
		if plan.Adaptive == nil {
			rounds = max(rounds, plan.Rounds)
		}
		extra := 0
		for _, j := range plan.JobsBetween(i, cell, 0, rounds, nil) {
			if !plan.Takes(c, j) {
				continue
			}
			if j.Round >= plan.Rounds {
				extra++
			}
			if !have[SampleKey{j.Cell, j.Round, j.Variant}] {
				t.Missing = append(t.Missing, j)
			}
		}
		if extra > 0 {
			t.Planned += extra
			t.Extra += extra
			t.Resampled = append(t.Resampled, cell)
		}
	}
	return t
}

// Recount sets m's Planned, Extra and Missing from kept, the run's screened samples, by Count: one run's
// folder only (a merged folder sums its instances').
func (m *Manifest) Recount(kept []Sample) {
	t := Count(m.Plan, m.Cells, kept)
	if t.Planned > 0 { // a plan without cells (a run.json without one) keeps the count it recorded
		m.Planned, m.Extra = t.Planned, t.Extra
	}
	m.Missing = len(t.Missing)
}

// PlannedSamples is Count's Planned and Extra, before any sample is read: what run.json and the
// progress line count against while a run goes on.
func PlannedSamples(plan Plan, cells []CellRun) (planned, extra int) {
	t := Count(plan, cells, nil)
	return t.Planned, t.Extra
}
