package report

import (
	"cmp"
	"fmt"
	"io"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// writeRounds lists each cell's rounds when the runner gave cells different counts: an adaptive run
// (rounds stop when a cell's comparisons are decided) or a run that re-sampled unstable cells. It states
// the stopping rule, and for each re-sampled cell how many extra rounds it took and what they showed.
func writeRounds(w io.Writer, m *model) {
	var cells []*stats.Cell
	rule := ""
	for _, c := range m.Analysis.Cells {
		if k := c.Closing; k != nil && (k.ClosedBy != matrix.ClosedPlanned || k.Extra > 0) {
			cells = append(cells, c)
			rule = cmp.Or(rule, k.Rule)
		}
	}
	if len(cells) == 0 {
		return
	}
	fmt.Fprintf(w, "## Rounds per cell\n\n")
	if rule != "" {
		fmt.Fprintf(w, "Adaptive rounds: each cell ran in batches of two order-balanced rounds (a rotation row and its reverse) and a candidate stopped once its comparison was decided; stopping rule: %s. Its verdicts are the rule's, not the fixed design's (docs/METHOD.md, \"Adaptive rounds\").\n\n", rule)
	}
	fmt.Fprintf(w, "| cell | rounds (of planned) | closed by | extra rounds | pairs and verdict per candidate |\n| --- | --- | --- | --- | --- |\n")
	taken, planned := 0, 0
	for _, c := range cells {
		k := c.Closing
		var parts []string
		for _, d := range c.Deltas {
			if d.Metric == stats.Elapsed.Name {
				parts = append(parts, fmt.Sprintf("%s %d %s", d.Candidate, len(d.Pairs), d.Class()))
			}
		}
		fmt.Fprintf(w, "| %s %s %s DOP %s %s | %d (of %d) | %s | %s | %s |\n", c.Platform, c.Backend, c.Workload, dopCell(c), c.Phase,
			k.Rounds, k.Planned, closedByText(k), extraText(k), strings.Join(parts, "; "))
		for _, v := range c.Variants {
			taken += v.Samples
		}
		planned += k.Planned * len(c.Variants)
	}
	fmt.Fprintf(w, "\nThese cells took %d samples where the plan's rounds are %d.\n\n", taken, planned)
}

func closedByText(k *stats.Closing) string {
	return map[string]string{
		matrix.ClosedPlanned:     "its planned rounds",
		matrix.ClosedDecided:     "every comparison decided",
		matrix.ClosedFutile:      "decided, or out of reach by the cap",
		matrix.ClosedCap:         "the round cap, some comparison undecided",
		matrix.ClosedStable:      "re-sampled: the regimes did not hold",
		matrix.ClosedUnstableCap: "re-sampled: the regimes held to the cap",
		"":                       "open (the run stopped before it closed)",
	}[k.ClosedBy]
}

func extraText(k *stats.Closing) string {
	switch {
	case k.Extra == 0:
		return "-"
	case k.ClosedBy == matrix.ClosedStable:
		return fmt.Sprintf("%d: outvoted the transient regime", k.Extra)
	case k.ClosedBy == matrix.ClosedUnstableCap:
		return fmt.Sprintf("%d: the two speeds persisted", k.Extra)
	}
	return fmt.Sprint(k.Extra)
}
