package report

import (
	"fmt"
	"io"
	"math"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// writeWhyRegimes writes, for every variant whose rounds split into two speeds, each mechanism counter in
// the fast and in the slow rounds: the counter that moves with the speed is where to look for its cause.
func writeWhyRegimes(w io.Writer, m *model) {
	fmt.Fprintf(w, "## Why: the counters in each speed group\n\n")
	flagged := false
	for _, c := range m.Analysis.Cells {
		for _, v := range c.Variants {
			if !v.Regimes.Flagged {
				continue
			}
			if !flagged {
				fmt.Fprintf(w, "For each variant whose rounds ran at two speeds (an unstable cell), every mechanism counter's "+
					"median per operation in its fast and in its slow rounds, with %s intervals, and the ratio of the two. A "+
					"counter that moves with the speed is a candidate cause of the second speed; one that stays put is not "+
					"the cause at this resolution. Counters a sample lacks are left out.\n\n", pctExact(m.Analysis.Confidence))
				flagged = true
			}
			rg := v.Regimes
			fmt.Fprintf(w, "### %s, %s, %s, DOP %s, %s: %s\n\n", c.Platform, c.Backend, c.Workload, dopCell(c), c.Phase, v.Name)
			fmt.Fprintf(w, "%d fast rounds at a median %s µs/op, %d slow at %s µs/op.\n\n",
				rg.Low.N, num(rg.Low.Median/1e3), rg.High.N, num(rg.High.Median/1e3))
			gs := v.RegimeCounters(m.Analysis.Confidence)
			if len(gs) == 0 {
				fmt.Fprintf(w, "Not available: these samples have no mechanism counters.\n\n")
				continue
			}
			var rows [][]string
			for _, g := range gs {
				ratio := "-"
				if !g.Fast.Empty() && !g.Slow.Empty() && g.Fast.Center != 0 {
					ratio = num(g.Slow.Center/g.Fast.Center) + "x"
				} else if g.Fast.Center == 0 && g.Slow.Center == 0 {
					ratio = "both 0"
				}
				rows = append(rows, []string{g.Metric.Label, groupCell(g.Fast), groupCell(g.Slow), ratio})
			}
			MarkdownTableCompact(w, []string{"Counter", "Fast rounds [CI]", "Slow rounds [CI]", "Slow / fast"}, rows)
		}
	}
	if !flagged {
		fmt.Fprintf(w, "No variant's rounds split into two speeds in these results.\n\n")
	}
}

// groupCell is a speed group's estimate, or "not available" when none of its rounds has the counter.
func groupCell(e stats.Estimate) string {
	if e.Empty() || math.IsNaN(e.Center) {
		return "not available"
	}
	return estimateCell(e)
}
