package report

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// writeElapsed writes, per platform, backend and candidate, the seeds' table of elapsed times.
func writeElapsed(w io.Writer, m *model) {
	fmt.Fprintf(w, "## Elapsed time\n\n")
	fmt.Fprintf(w, "Median elapsed time of the measured operations of each fresh process, in ms, with its %s "+
		"interval; delta is the median per-round ratio candidate/control minus 1, with its interval. \"~\" marks a "+
		"difference that is not significant: the paired interval includes no change (with too few pairs for an "+
		"interval: the U test's p > %s). \"no CI\" marks too few samples for an interval.\n\n",
		confidencePct(m.Analysis.Confidence), alphaText(m))
	control := m.Analysis.Control
	for _, p := range m.Platforms() {
		fmt.Fprintf(w, "### %s\n\n", p)
		for _, g := range m.Groups(p) {
			keys, cells := g.Rows()
			fmt.Fprintf(w, "Operations measured per process: %s.\n\n", opsSummary(g))
			for _, cand := range g.Candidates(control) {
				fmt.Fprintf(w, "#### %s vs %s, %s, backend %s\n\n", cand, control, p, g.Backend)
				var rows [][]string
				for _, k := range keys {
					row := []string{workloadLabel(k.Workload), strconv.Itoa(k.DOP)}
					var notes []string
					for _, phase := range []string{"cold", "warm"} {
						c := cells[k][phase]
						if c == nil {
							row = append(row, "not measured", "not measured", "")
							continue
						}
						row = append(row, variantCell(c, control), variantCell(c, cand), deltaCell(c.Delta(cand, stats.Elapsed.Name)))
						notes = append(notes, cellNotes(c, phase, control, cand)...)
					}
					rows = append(rows, append(row, strings.Join(notes, "; ")))
				}
				mdTable(w, []string{"Workload", "DOP", "Cold " + control, "Cold " + cand, "Delta", "Warm " + control, "Warm " + cand, "Delta", "Notes"}, rows)
			}
		}
	}
}

func variantCell(c *stats.Cell, name string) string {
	v := c.Variant(name)
	if v == nil {
		return "not measured"
	}
	return estimateCell(v.Metrics[stats.Elapsed.Name])
}

// cellNotes names the failed and mismatched samples of control and candidate in a cell.
func cellNotes(c *stats.Cell, phase string, names ...string) []string {
	var out []string
	for _, n := range names {
		v := c.Variant(n)
		if v == nil {
			continue
		}
		if v.Failed > 0 {
			out = append(out, fmt.Sprintf("%s %s: %d failed", phase, n, v.Failed))
		}
		if v.Mismatched > 0 {
			out = append(out, fmt.Sprintf("%s %s: %d output mismatch", phase, n, v.Mismatched))
		}
	}
	return out
}

// opsSummary says how many operations each phase measured: "cold 3000, warm 20000".
func opsSummary(g group) string {
	ops := map[string]map[int]bool{}
	for _, c := range g.Cells {
		if ops[c.Phase] == nil {
			ops[c.Phase] = map[int]bool{}
		}
		for _, n := range c.Ops {
			ops[c.Phase][n] = true
		}
	}
	var parts []string
	for ph, set := range ops {
		ns := slices.Sorted(maps.Keys(set))
		var strs []string
		for _, n := range ns {
			strs = append(strs, strconv.Itoa(n))
		}
		if len(strs) == 0 {
			strs = []string{"none (no usable sample)"}
		}
		parts = append(parts, ph+" "+strings.Join(strs, " or "))
	}
	slices.Sort(parts)
	return strings.Join(parts, ", ")
}
