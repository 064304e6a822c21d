package report

import (
	"fmt"
	"io"
	"math"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// reuseBoundHeading is the heading of the pools' distance from the reuse bound, on the capacity page.
const reuseBoundHeading = "The reuse bound"

// reuseBoundRows are, for every cell that ran the reuse bound and a pool (pooled/N), the pool's
// elapsed time relative to the bound's, paired by round (stats.Cell.DistanceFromBound), with the idle
// memory each keeps at the end of the region.
func reuseBoundRows(a *stats.Analysis) [][]string {
	var rows [][]string
	for _, c := range a.Cells {
		bound := c.Variant(stats.ReuseBound)
		if bound == nil {
			continue
		}
		for _, cand := range c.Candidates(a.Control) {
			if variant, _, err := matrix.ParseCandidate(cand); err != nil || variant != matrix.Pooled {
				continue
			}
			d, ok := c.DistanceFromBound(cand, stats.Elapsed, a.Confidence)
			if !ok {
				continue
			}
			rows = append(rows, []string{c.Platform, c.Backend, c.Workload, dopCell(c), c.Phase, cand, distanceCell(d),
				bytesNum(c.Variant(cand).Metrics[stats.IdleBytes.Name].Center), bytesNum(bound.Metrics[stats.IdleBytes.Name].Center)})
		}
	}
	return rows
}

// distanceCell formats a pool's distance from the reuse bound (describedChange).
func distanceCell(d stats.Distance) string {
	c, lo, hi := d.Percent()
	return describedChange(c, lo, hi, d.Thin(), d.Pairs)
}

// describedChange formats a change that describes and does not decide, in % with its interval: "+8 [+3,
// +12]", marked "~" as the verdicts mark an inconclusive change when the interval holds 0 ("~ +1 [-2,
// +4]"), so that no sign reads as a direction the interval does not show; without an interval it says
// how many pairs there are; without an estimate, "n/a".
func describedChange(c, lo, hi float64, thin bool, pairs int) string {
	switch {
	case math.IsNaN(c):
		return "n/a"
	case thin:
		return fmt.Sprintf("%s (%d pairs, no CI)", PctSigned(c), pairs)
	}
	mark := ""
	if lo <= 0 && hi >= 0 {
		mark = "~ "
	}
	return fmt.Sprintf("%s%s [%s, %s]", mark, PctSigned(c), PctSigned(lo), PctSigned(hi))
}

// writeReuseBound writes the pools' distance from the reuse bound; nothing when the run has no reuse
// candidate or no pool.
func writeReuseBound(w io.Writer, m *model) {
	rows := reuseBoundRows(m.Analysis)
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(w, "## %s\n\n", reuseBoundHeading)
	fmt.Fprintf(w, "*reuse* is .NET 11's caller-owned pattern (DeflateEncoder with Reset, dotnet/runtime PR 131307): each worker "+
		"keeps its own state per configuration and Resets it, with nothing shared - no lock, no capacity, no eviction - so no "+
		"pool can reuse more or wait less. *Distance* is the pool's elapsed time relative to the bound's, paired by round "+
		"(each round runs both): the Hodges-Lehmann estimate of the per-round ratio in %%, with its %s signed-rank interval (~ when it holds 0); "+
		"+0 is a pool as good as owning the states. It describes, it does not decide: no correction, no class. *Idle "+
		"retained* is what each holds idle at the end of the region (median, bytes): the bound's price is a state per "+
		"worker and configuration.\n\n", pctExact(m.Analysis.Confidence))
	MarkdownTable(w, []string{"Platform", "Backend", "Workload", "DOP", "Phase", "Pool", "Distance from reuse, % [interval]",
		"Idle retained (pool)", "Idle retained (reuse)"}, rows)
}
