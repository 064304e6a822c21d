package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// cellStatsHeading heads writeCellStats's section, which the verdicts link.
const cellStatsHeading = "Per-cell statistics"

// writeCellStats writes every comparison of the page: per cell and candidate the paired estimate and its
// test, the correction, and the secondary figures (median paired ratio, U test); then the per-round
// ratios, folded.
func writeCellStats(w io.Writer, m *model) {
	fmt.Fprintf(w, "## %s\n\n", cellStatsHeading)
	fmt.Fprintf(w, "Every comparison of elapsed time on this page, one row per candidate and cell. Pairs: rounds "+
		"in which both samples are usable. Change: Hodges-Lehmann estimate of the per-round ratio "+
		"candidate/control with its Wilcoxon signed-rank interval at the selection-adjusted level (exact up to "+
		"%d pairs without ties, normal approximation beyond). p: the two-sided signed-rank test of the "+
		"per-round log ratios (the U test's when there are too few pairs for an interval); adjusted p: "+
		"Benjamini-Hochberg over the family. Decision: %s; unstable when control or the "+
		"candidate ran at two speeds. Median ratio and U test (Mann-Whitney, unpaired, uncorrected, as "+
		"benchstat prints it) are shown for comparison and decide nothing. %s.\n\n",
		stats.ExactMaxN, equivalenceRule(m), familyNote("elapsed time", elapsedDelta(m.Analysis)))
	control := m.Analysis.Control
	for _, p := range m.Platforms() {
		fmt.Fprintf(w, "### %s\n\n", p)
		var rows, ratioRows [][]string
		for _, g := range m.Groups(p) {
			for _, cand := range g.Candidates(control) {
				for _, c := range g.Cells {
					d := c.Delta(cand, stats.Elapsed.Name)
					if d == nil {
						continue
					}
					pairs := strconv.Itoa(len(d.Pairs))
					if d.Unpaired > 0 {
						pairs += fmt.Sprintf(" (+%d unpaired)", d.Unpaired)
					}
					med := "-"
					if !d.Ratio.Empty() {
						med = ratioNum(d.Ratio.Center)
					}
					utest := "-"
					if d.Test.N1 > 0 && d.Test.N2 > 0 {
						utest = pNum(d.Test.P)
					}
					rows = append(rows, []string{cand, g.Backend, c.Workload, dopCell(c), c.Phase, pairs,
						trimMark(deltaCell(d)), pNum(d.P()), pNum(d.PAdjusted), decisionWord(d), med, utest})
					var rs []string
					for _, pr := range d.Pairs {
						mark := ""
						if pr.CandidateFirst {
							mark = "*"
						}
						rs = append(rs, ratioNum(pr.Ratio)+mark)
					}
					ratioRows = append(ratioRows, []string{cand, g.Backend, c.Workload, dopCell(c), c.Phase, strings.Join(rs, " ")})
				}
			}
		}
		MarkdownTableCompact(w, []string{"Candidate", "Backend", "Workload", "DOP", "Phase", "Pairs", "Change, % [interval]",
			"p", "Adjusted p", "Decision", "Median ratio", "U test p"}, rows)
		writeThroughputNote(w, m, p)
		fmt.Fprintf(w, "<details><summary>Per-round ratios candidate/control, %s (* = the candidate ran first)</summary>\n\n", p)
		MarkdownTable(w, []string{"Candidate", "Backend", "Workload", "DOP", "Phase", "Ratios by round"}, ratioRows)
		fmt.Fprintf(w, "</details>\n\n")
	}
}
