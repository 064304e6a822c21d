package report

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// writePairs writes the paired rounds: per cell and candidate the per-round ratios, their median and
// interval, folded per platform.
func writePairs(w io.Writer, m *model) {
	fmt.Fprintf(w, "## Paired rounds\n\n")
	fmt.Fprintf(w, "In each round every variant of a cell ran once, in an order rotated from round to round. A "+
		"pair is a round's candidate and control samples; its ratio is candidate/control elapsed time "+
		"(below 1: the candidate was faster). `*` marks rounds in which the candidate ran first. The U test "+
		"column is benchmath's Mann-Whitney U test of the two sets of samples, unpaired, as benchstat prints it; "+
		"\"disagrees\" marks a cell where it and the paired interval reach different conclusions (drift between "+
		"rounds that pairing removes, usually).\n\n")
	for _, p := range m.Platforms() {
		fmt.Fprintf(w, "<details><summary>%s</summary>\n\n", p)
		var rows [][]string
		for _, g := range m.Groups(p) {
			for _, cand := range g.Candidates(m.Analysis.Control) {
				for _, c := range g.Cells {
					d := c.Delta(cand, stats.Elapsed.Name)
					if d == nil {
						continue
					}
					var rs []string
					first := 0
					for _, pr := range d.Pairs {
						mark := ""
						if pr.CandidateFirst {
							mark, first = "*", first+1
						}
						rs = append(rs, fmt.Sprintf("%s%s", ratioNum(pr.Ratio), mark))
					}
					med := "no pairs"
					switch {
					case d.Ratio.Thin() && !d.Ratio.Empty():
						med = ratioNum(d.Ratio.Center) + " (no CI)"
					case !d.Ratio.Empty():
						med = fmt.Sprintf("%s [%s, %s]", ratioNum(d.Ratio.Center), ratioNum(d.Ratio.Lo), ratioNum(d.Ratio.Hi))
					}
					utest := d.Test.String()
					if d.Paired() && d.USignificant() != d.PairedSignificant() {
						utest += " (disagrees)"
					}
					rows = append(rows, []string{cand, g.Backend, c.Workload, strconv.Itoa(c.DOP), c.Phase,
						strings.Join(rs, " "), med, utest, fmt.Sprintf("%d of %d", first, len(d.Pairs)), strconv.Itoa(d.Unpaired)})
				}
			}
		}
		mdTable(w, []string{"Candidate", "Backend", "Workload", "DOP", "Phase", "Per-round ratios",
			"Median [interval]", "U test (unpaired)", "Candidate first", "Unpaired rounds"}, rows)
		fmt.Fprintf(w, "</details>\n\n")
	}
}

func ratioNum(r float64) string {
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return num(r)
	}
	return strconv.FormatFloat(r, 'f', 3, 64)
}
