package report

import (
	"fmt"
	"io"
	"strings"
)

// writeVariance prints the variance components per cell group (stats.VarianceComponents): how much each
// level of the measurement adds to a pair's log ratio, and to control's log time, and what one more of
// each level cost in this run - what a plan weighs when it chooses where to repeat.
func writeVariance(w io.Writer, m *model) {
	if len(m.Variance) == 0 {
		return
	}
	fmt.Fprintf(w, "**Where the noise is.** The standard deviation each level of the measurement adds (of the natural log, "+
		"x 100: about percent), for a candidate's log ratio to control in one round, then (after the slash) for "+
		"control's log time: within one process (its two halves of operations against each other, at the run's "+
		"operations per process), between the two fresh processes of a round beyond that (from the A/A pairs), "+
		"between rounds beyond both (the machine's speed over the run), between runner instances beyond all three; "+
		"- where a level cannot be estimated, 0 where its estimate came out below the levels under it. The costs "+
		"are this run's seconds per process, per round of one cell (every variant) and per runner instance "+
		"([METHOD.md](%s#variance-components)).\n\n", m.MethodLink)
	var rows [][]string
	for _, g := range m.Variance {
		dops := "latency"
		if g.Contention {
			dops = "contention"
		}
		nums := make([]string, len(g.DOPs))
		for i, d := range g.DOPs {
			nums[i] = fmt.Sprint(d)
		}
		rows = append(rows, []string{
			fmt.Sprintf("%s %s/%s %s, DOP %s (%s)", g.Platform, g.Workload, g.Backend, g.Phase, strings.Join(nums, ", "), dops),
			fmt.Sprint(g.Ops),
			levelPair(g.Ratio.Within, g.Control.Within), levelPair(g.Ratio.Process, g.Control.Process),
			levelPair(g.Ratio.Round, g.Control.Round), levelPair(g.Ratio.Instance, g.Control.Instance),
			fmt.Sprintf("%s / %s / %s", SecondsText(g.Cost.Process), SecondsText(g.Cost.Round), SecondsText(g.Cost.Instance)),
		})
	}
	MarkdownTable(w, []string{"Cell group", "Ops/process", "Within a process", "Between processes", "Between rounds", "Between instances", "s per process / round / instance"}, rows)
}

// levelPair is a level's two standard deviations, x 100.
func levelPair(ratio, control float64) string {
	return SDText(ratio) + " / " + SDText(control)
}
