package stats

import (
	"fmt"
	"slices"

	"github.com/deflatelab/deflatelab/matrix"
)

// Replay is a fixed-design run's samples run again through adaptive stopping, batch by batch as if live:
// how many samples the adaptive rule would have taken, and whether its verdicts are the fixed analysis'.
type Replay struct {
	Rule                          string // the stopping rule, as run.json records it
	Rounds                        int    // the fixed run's rounds per cell: the adaptive cap here
	SamplesFixed, SamplesAdaptive int    // samples the fixed run took; samples the adaptive rule would take
	Cells                         []ReplayCell
	// Over the comparisons (each candidate against control in each cell, elapsed time): FixedDecided
	// is how many the fixed analysis calls faster, slower or equivalent, Agree how many of those the
	// adaptive rule decides the same way; AdaptiveOnly are decided by the adaptive rule where the fixed
	// analysis is inconclusive (or unstable) and Conflicts decided the other way (faster against slower,
	// or either against equivalent).
	Comparisons, FixedDecided, Agree, AdaptiveOnly, Conflicts int
}

// ReplayCell is one cell's replay.
type ReplayCell struct {
	Cell     matrix.Cell
	Rounds   int              // rounds the adaptive rule took
	ClosedBy string           // as run.json would record it
	Fixed    map[string]Class // the fixed analysis' verdict per candidate
	Adaptive map[string]Class // the adaptive rule's, per candidate (Inconclusive when undecided)
}

// ReplayAdaptive replays a fixed-design run (plan and its samples) under the adaptive rule a, with the
// re-sampling policy's detector keeping unstable cells open as a live run would (here only up to the
// recorded rounds: a replay cannot take rounds that were never run). The recorded rounds are regrouped
// into foldover batches: each round with the round whose order is its reverse (the Williams design's row
// r+n reverses row r for n variants, n odd, and row r+n/2 for n even), else with the next round. opts are the fixed
// analysis' options.
func ReplayAdaptive(plan matrix.Plan, samples []matrix.Sample, a matrix.Adaptive, opts Options) (*Replay, error) {
	if plan.Adaptive != nil {
		return nil, fmt.Errorf("stats: replay: the run is adaptive already; replay a fixed-design run")
	}
	fixed, err := Analyze(samples, opts)
	if err != nil {
		return nil, err
	}
	cells := plan.Cells()
	progress, err := replayProgress(plan, cells, samples, a)
	if err != nil {
		return nil, err
	}
	control := opts.Control
	if control == "" {
		control = DefaultControl
	}
	out := &Replay{Rounds: plan.Rounds, SamplesFixed: len(samples)}
	adaptive := plan
	adaptive.Adaptive = &a
	out.Rule = matrix.NewPolicy(adaptive, nil).Rule()
	for _, c := range progress {
		rc := ReplayCell{Cell: c.Cell, Rounds: c.Rounds, ClosedBy: c.ClosedBy, Fixed: map[string]Class{}, Adaptive: map[string]Class{}}
		out.SamplesAdaptive += len(c.Samples)
		fc := fixed.cell(c.Cell)
		for _, v := range plan.Variants {
			if v == control {
				continue
			}
			fcls := NoData
			if fc != nil {
				if d := fc.Delta(v, Elapsed.Name); d != nil {
					fcls = d.Class()
				}
			}
			acls := Class(c.Classes[v])
			switch {
			case slices.Contains(c.Unstable, v):
				acls = Unstable
			case acls == "":
				acls = Inconclusive
			}
			rc.Fixed[v], rc.Adaptive[v] = fcls, acls
			out.Comparisons++
			fixedDecided := fcls == Faster || fcls == Slower || fcls == Equivalent
			adaptiveDecided := acls == Faster || acls == Slower || acls == Equivalent
			switch {
			case fixedDecided && acls == fcls:
				out.FixedDecided++
				out.Agree++
			case fixedDecided:
				out.FixedDecided++
				if adaptiveDecided {
					out.Conflicts++
				}
			case adaptiveDecided:
				out.AdaptiveOnly++
			}
		}
		out.Cells = append(out.Cells, rc)
	}
	return out, nil
}

// cell returns the analysis' cell c, or nil.
func (a *Analysis) cell(c matrix.Cell) *Cell {
	for _, x := range a.Cells {
		if x.Cell == c {
			return x
		}
	}
	return nil
}

// replayProgress drives the runner's own adaptive policy over recorded samples: every open cell takes
// its next batch of recorded rounds, then the policy decides, until every cell is closed.
func replayProgress(plan matrix.Plan, cells []matrix.Cell, samples []matrix.Sample, a matrix.Adaptive) ([]*matrix.CellProgress, error) {
	adaptive := plan
	adaptive.Adaptive = &a
	adaptive.Resample = &matrix.Resample{MaxExtra: plan.Rounds + plan.Rounds%2}
	policy := matrix.NewPolicy(adaptive, matrix.Unstable)
	recorded := make([][]matrix.Sample, len(cells)) // each cell's samples, rounds renumbered into batches
	for i, cell := range cells {
		remap := foldoverRounds(plan, i)
		for _, s := range samples {
			if s.Cell == cell && s.Round < len(remap) {
				s.Round = remap[s.Round]
				recorded[i] = append(recorded[i], s)
			}
		}
		slices.SortStableFunc(recorded[i], func(x, y matrix.Sample) int { return x.Round - y.Round })
	}
	progress := make([]*matrix.CellProgress, len(cells))
	for i, cell := range cells {
		progress[i] = &matrix.CellProgress{Index: i, Cell: cell}
	}
	for {
		ran := false
		for i, c := range progress {
			if c.ClosedBy != "" {
				continue
			}
			to := min(c.Rounds+policy.Batch(c), plan.Rounds)
			if to <= c.Rounds { // wants rounds that were never recorded
				c.ClosedBy = matrix.ClosedCap
				if c.Base > 0 {
					c.ClosedBy = matrix.ClosedUnstableCap
				}
				continue
			}
			control := controlOf(plan.Variants)
			for _, s := range recorded[i] {
				if s.Round >= c.Rounds && s.Round < to && (s.Variant == control || c.Runs(s.Variant)) {
					c.Samples = append(c.Samples, s)
				}
			}
			c.Rounds, ran = to, true
		}
		if !ran {
			return progress, nil
		}
		policy.Decide(progress)
	}
}

// controlOf is the variant every candidate is compared with: "control" when planned, else the first
// (as the runner's policy takes it).
func controlOf(variants []string) string {
	if slices.Contains(variants, DefaultControl) {
		return DefaultControl
	}
	return variants[0]
}

// foldoverRounds maps each recorded round of the cellIndex-th cell to its round in foldover order:
// round r and the later round whose variant order is r's reversed become one batch (2k, 2k+1); a round
// without such a partner pairs with the next unpaired round.
func foldoverRounds(plan matrix.Plan, cellIndex int) []int {
	remap := make([]int, plan.Rounds)
	paired := make([]bool, plan.Rounds)
	next := 0
	for r := range plan.Rounds {
		if paired[r] {
			continue
		}
		paired[r] = true
		rev := slices.Clone(plan.RoundOrder(cellIndex, r))
		slices.Reverse(rev)
		partner := -1
		for r2 := r + 1; r2 < plan.Rounds; r2++ {
			if !paired[r2] && slices.Equal(plan.RoundOrder(cellIndex, r2), rev) {
				partner = r2
				break
			}
		}
		for r2 := r + 1; partner < 0 && r2 < plan.Rounds; r2++ {
			if !paired[r2] {
				partner = r2
			}
		}
		remap[r] = next
		next++
		if partner >= 0 {
			paired[partner] = true
			remap[partner] = next
			next++
		}
	}
	return remap
}
