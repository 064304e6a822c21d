package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// elapsedHeading heads writeElapsed's section, which the verdicts link.
const elapsedHeading = "Elapsed time per operation"

// writeElapsed writes, per platform, backend and candidate, the seeds' table shape: per workload and DOP
// the time per operation of control and candidate and the change, cold and warm side by side.
func writeElapsed(w io.Writer, m *model) {
	fmt.Fprintf(w, "## %s\n\n", elapsedHeading)
	fmt.Fprintf(w, "Median time per operation of each fresh process's measured region, in microseconds, with "+
		"its %s interval. Change is the Hodges-Lehmann estimate of the per-round ratio candidate/control, as a "+
		"percentage, with its Wilcoxon signed-rank interval at the selection-adjusted level, the class's mark in "+
		"front (none: faster or slower, by the sign). %s. \"no CI\": too few samples or pairs for an "+
		"interval. %s.\n\n", pctExact(m.Analysis.Confidence), equivalenceRule(m), familyNote("elapsed time", elapsedDelta(m.Analysis)))
	control := m.Analysis.Control
	for _, p := range m.Platforms() {
		fmt.Fprintf(w, "### %s\n\n", p)
		writeThroughputNote(w, m, p)
		for _, g := range m.Groups(p) {
			keys, cells := g.Rows()
			for _, cand := range g.Candidates(control) {
				fmt.Fprintf(w, "#### %s vs %s, %s, backend %s\n\n", cand, control, p, g.Backend)
				var rows [][]string
				for _, k := range keys {
					row := []string{k.Workload, m.dopLabel(p, k.DOP)}
					var notes []string
					for _, phase := range []string{"cold", "warm"} {
						c := cells[k][phase]
						if c == nil {
							row = append(row, "not measured", "not measured", "")
							continue
						}
						row = append(row, usCell(c, control), usCell(c, cand), deltaCell(c.Delta(cand, stats.Elapsed.Name)))
						notes = append(notes, cellNotes(c, phase, control, cand)...)
					}
					rows = append(rows, append(row, strings.Join(notes, "; ")))
				}
				MarkdownTableCompact(w, []string{"Workload", "DOP",
					"Cold control, us/op" + groupOps(g, "cold"), "Cold " + cand + ", us/op", "Cold change, % [interval]",
					"Warm control, us/op" + groupOps(g, "warm"), "Warm " + cand + ", us/op", "Warm change, % [interval]", "Notes"}, rows)
			}
		}
	}
}

// usCell is a variant's median time per operation in microseconds, with its interval.
func usCell(c *stats.Cell, name string) string {
	v := c.Variant(name)
	if v == nil {
		return "not measured"
	}
	return estimateCell(scaled(v.Metrics[stats.ElapsedPerOp.Name], 1e-3))
}

// scaled returns e with its values multiplied by f (f > 0).
func scaled(e stats.Estimate, f float64) stats.Estimate {
	e.Center, e.Lo, e.Hi = e.Center*f, e.Lo*f, e.Hi*f
	return e
}

// cellNotes names the failed, mismatched and busy samples of control and candidate in a cell.
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
		if v.Busy > 0 {
			out = append(out, fmt.Sprintf("%s %s: %d on a busy machine", phase, n, v.Busy))
		}
	}
	return out
}

// groupOps is the operations per sample of a phase in g, for a column header: " (3,000 ops)".
func groupOps(g group, phase string) string {
	set := map[int]bool{}
	var ns []string
	for _, c := range g.Cells {
		for _, n := range c.Ops {
			if c.Phase == phase && !set[n] {
				set[n] = true
				ns = append(ns, thousands(n))
			}
		}
	}
	if len(ns) == 0 {
		return ""
	}
	return " (" + strings.Join(ns, " or ") + " ops)"
}
