package report

import (
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// detectableHeading heads writeDetectable's section, which the run lines and the validity checks link.
const detectableHeading = "Smallest detectable change"

// writeDetectable is the environment page's smallest detectable change (stats.FamilyDetectable): the
// primary family's, and for a merged run how it would fall with more runner instances and rounds, so that
// a user can size the next run.
func writeDetectable(w io.Writer, m *model) {
	if m.Validity == nil || math.IsNaN(m.Validity.Power.Detectable.Percent) {
		return
	}
	p := m.Validity.Power
	d := p.Detectable
	fmt.Fprintf(w, "## %s\n\n", detectableHeading)
	fmt.Fprintf(w, "The change in elapsed time the run's verdicts would name with %s%% probability at the family's %s level, "+
		"from the run's own variance (per cell in cells.json, `detectable`; median over the family's comparisons): **%s%%**, "+
		"against the %s%% a verdict is meant to name (twice the ±%s margin).", pctNum(stats.DetectPower*100), pctLevel(d.Confidence),
		detectNum(d.Percent), pctNum(p.Needed()), pctNum(p.Margin*100)+"%")
	if d.K < 2 {
		fmt.Fprintf(w, " One runner instance: the variance between instances is not measured, so no projection to more instances.\n\n")
		return
	}
	between := 0.0
	if t := d.Between + d.Within; t > 0 {
		between = d.Between / t
	}
	df := "infinite"
	if !math.IsInf(d.PriorDF, 1) {
		df = fixed(d.PriorDF, 0)
	}
	fmt.Fprintf(w, " One instance's estimate varies by %s%% (standard deviation, moderated), %s%% of its variance between instances "+
		"(which more rounds do not reduce) and the rest within (which falls with rounds); the prior carries %s degrees of freedom. "+
		"With K instances of R rounds each, at the same family level (each column's rounds per instance; %d now):\n\n",
		pctNum(math.Sqrt(d.Between+d.Within)*100), pctNum(between*100), df, d.Rounds)
	head := []string{"Instances"}
	for _, f := range stats.DetectableGrid.RoundsFactor {
		head = append(head, fmt.Sprintf("%d rounds", f*d.Rounds))
	}
	var rows [][]string
	for _, k := range stats.DetectableGrid.K {
		row := []string{strconv.Itoa(k)}
		if k == d.K {
			row[0] += " (this run)"
		}
		for _, f := range stats.DetectableGrid.RoundsFactor {
			row = append(row, detectNum(d.Project(k, f*d.Rounds))+"%")
		}
		rows = append(rows, row)
	}
	MarkdownTable(w, head, rows)
}
