package report

import (
	"testing"

	"github.com/deflatelab/deflatelab/matrix/lifetime"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// TestDecisionMarks: a winner is bold when its interval excludes 0 and "~" when it holds 0, whoever wins,
// decided on the cell's values.
func TestDecisionMarks(t *testing.T) {
	v := &lifeView{control: "control"}
	m := &model{Analysis: &stats.Analysis{}, Life: v}
	ratio := func(est, lo, hi float64) *lifetime.Comparison {
		return &lifetime.Comparison{Pairs: 8, Ratios: []lifetime.Ratio{{N: 10, Estimate: est, Lo: lo, Hi: hi}}}
	}
	for _, c := range []struct {
		name   string
		cmp    *lifetime.Comparison
		winner string
		mark   winnerMark
	}{
		{"candidate shown cheaper", ratio(0.5, 0.4, 0.6), "pooled/8", boldWinner},
		{"candidate not shown cheaper", ratio(0.9, 0.7, 1.1), "pooled/8", tildeWinner},
		{"control shown cheaper", ratio(1.5, 1.2, 1.8), "control", boldWinner},
		{"control not shown cheaper", ratio(1.1, 0.9, 1.3), "control", tildeWinner},
	} {
		var table decisionTable
		l := &stats.Lifetime{Comparisons: map[string]*lifetime.Comparison{"pooled/8": c.cmp}}
		got := table.cell(m, l, 10)
		if got.Kind != winnerCell || got.Winner != c.winner || got.Mark != c.mark || got.Versus != "pooled/8" {
			t.Errorf("%s: %+v, want %s winning, mark %d", c.name, got, c.winner, c.mark)
		}
	}
}

// TestNoTildeBesideExcludingIntervalValues: in the committed report's decision table, no "~" (no
// variant shown to cost less) sits beside an interval that excludes 0, and every bold winner's interval
// excludes it - read on the table's values, not its page.
func TestNoTildeBesideExcludingIntervalValues(t *testing.T) {
	table := committedModel(t).Decision
	n := 0
	for _, r := range table.Rows {
		for i, c := range r.Cells {
			if c.Kind != winnerCell {
				continue
			}
			n++
			excludes := c.Ratio.Excludes1()
			if (c.Mark == tildeWinner) == excludes {
				t.Errorf("%s %s DOP %d, N = %d: mark %d beside [%v, %v]", r.Life.Backend, r.Life.Workload, r.Life.DOP,
					lifetime.DecisionNs[i], c.Mark, c.Ratio.Lo, c.Ratio.Hi)
			}
		}
	}
	if n == 0 {
		t.Error("the committed report's decision table names no winner")
	}
}

// TestNoTildeBesideExcludingDeltaValues: every change the committed report's cells print after "~"
// (stats.Inconclusive, not split) has an adjusted interval that holds 0 - read on the deltas' values.
func TestNoTildeBesideExcludingDeltaValues(t *testing.T) {
	n := 0
	for _, c := range committedModel(t).Analysis.Cells {
		for _, d := range c.Deltas {
			if d.Class().Mark() != "~" || d.Split() {
				continue
			}
			n++
			if _, lo, hi := d.AdjustedPercent(); lo > 0 || hi < 0 {
				t.Errorf("%v %s %s: ~ beside [%v, %v]", c.Cell, d.Candidate, d.Metric, lo, hi)
			}
		}
	}
	if n == 0 {
		t.Error("no inconclusive change in the committed report")
	}
}
