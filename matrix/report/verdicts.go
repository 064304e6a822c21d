package report

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// writeTitle writes the title, the run and the question the report answers.
func writeTitle(w io.Writer, m *model) {
	fmt.Fprintf(w, "# %s\n\n", m.Title)
	fmt.Fprintf(w, "%s · run `%s` · %s\n\n", m.Date.UTC().Format("2006-01-02 15:04 UTC"), m.Name, strings.Join(m.Platforms(), ", "))
	fmt.Fprintf(w, "Does a candidate (pooling idle deflate states, or splitting the hash table into its own "+
		"allocation) make the warm phase faster and the cold phase (the first operations of a fresh process) "+
		"slower than control, where, and by how much? Every figure is computed from [raw/](raw/).\n\n")
}

// writeVerdicts writes the verdict table: per candidate, platform and backend, where the candidate is
// faster and where slower, per phase, cell by cell.
func writeVerdicts(w io.Writer, m *model) {
	fmt.Fprintf(w, "## Verdicts\n\n")
	multi := len(m.Platforms()) > 1
	var rows [][]string
	for _, r := range m.Verdicts {
		row := []string{r.Candidate}
		if multi {
			row = append(row, r.Platform)
		}
		rows = append(rows, append(row, r.Backend, phaseSummary(r.Warm), phaseSummary(r.Cold)))
	}
	header := []string{"Candidate"}
	if multi {
		header = append(header, "Platform")
	}
	header = append(header, "Backend", "Warm: elapsed time vs control"+opsNote(m, "warm"), "Cold: elapsed time vs control"+opsNote(m, "cold"))
	mdTable(w, header, rows)
	for _, p := range m.Platforms() {
		writeThroughputNote(w, m, p)
	}
	fmt.Fprintf(w, "A cell is one workload at one DOP, named workload/DOP (mixed/1: the mixed workload at DOP 1). "+
		"Each cell is judged on its own: its change is the Hodges-Lehmann estimate of the per-round ratio "+
		"candidate/control, and it counts as faster or slower only when its Wilcoxon signed-rank test stays "+
		"significant after the Benjamini-Hochberg correction over all %d comparisons of this page (false discovery "+
		"rate %s); \"~\" counts the others. Groups of up to %d cells list each cell, largest change first; larger "+
		"groups give their range and their extreme cell. \"typical\" appears only when every cell agrees: the "+
		"geometric mean of the cells' changes. Per-cell figures: [Elapsed time](cells.md#elapsed-time-per-operation) and "+
		"[Per-cell statistics](cells.md#per-cell-statistics); the method: [docs/METHOD.md](%s).\n\n",
		family(m), alphaText(m), listedCells, methodLink)
	writeIntegrity(w, m)
}

// opsNote is the operations per sample of a phase, for a column header: " (5,000 ops)".
func opsNote(m *model, phase string) string {
	set := map[int]bool{}
	for _, c := range m.Analysis.Cells {
		if c.Phase == phase {
			for _, n := range c.Ops {
				set[n] = true
			}
		}
	}
	var ns []int
	for n := range set {
		ns = append(ns, n)
	}
	sort.Ints(ns)
	var parts []string
	for _, n := range ns {
		parts = append(parts, thousands(n))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, " or ") + " ops)"
}

// family is the number of elapsed-time comparisons the correction runs over.
func family(m *model) int {
	for _, c := range m.Analysis.Cells {
		if d := c.Delta(firstCandidate(c, m.Analysis.Control), stats.Elapsed.Name); d != nil {
			return d.Family
		}
	}
	return 0
}

func firstCandidate(c *stats.Cell, control string) string {
	if cs := c.Candidates(control); len(cs) > 0 {
		return cs[0]
	}
	return ""
}

// phaseSummary says where a candidate is faster and where slower in one phase, cell by cell with sizes:
// "faster in 2 of 4 (fixed/8 -14%, fixed/1 -10%), slower in 2 of 4 (mixed/1 +181%, mixed/8 +74%)".
func phaseSummary(v *stats.Verdict) string {
	if v == nil {
		return "not measured"
	}
	var faster, slower, unstable []stats.Outcome
	same, thinSame := 0, 0
	for _, o := range v.Outcomes {
		switch {
		case o.NoData:
		case o.Class == stats.Unstable:
			unstable = append(unstable, o)
		case o.Direction < 0:
			faster = append(faster, o)
		case o.Direction > 0:
			slower = append(slower, o)
		default:
			same++
			if o.Thin {
				thinSame++
			}
		}
	}
	var parts []string
	switch {
	case v.Agree() && len(faster) > 0:
		parts = append(parts, fmt.Sprintf("**faster in all %d**, typical %s%% (%s)", v.Cells, signed(v.Typical), changeSpan(faster, false)))
	case v.Agree():
		parts = append(parts, fmt.Sprintf("**slower in all %d**, typical %s%% (%s)", v.Cells, signed(v.Typical), changeSpan(slower, true)))
	default:
		if len(faster) > 0 {
			parts = append(parts, fmt.Sprintf("**faster in %d of %d** (%s)", len(faster), v.Cells, changeSpan(faster, false)))
		}
		if len(slower) > 0 {
			parts = append(parts, fmt.Sprintf("**slower in %d of %d** (%s)", len(slower), v.Cells, changeSpan(slower, true)))
		}
		if same > 0 {
			s := fmt.Sprintf("~ in %d of %d", same, v.Cells)
			if thinSame > 0 {
				s += fmt.Sprintf(" (%d with too few pairs)", thinSame)
			}
			parts = append(parts, s)
		}
	}
	if len(unstable) > 0 {
		parts = append(parts, fmt.Sprintf("unstable in %d of %d (%s)", len(unstable), v.Cells, cellNames(unstable)))
	}
	if v.NoData > 0 {
		parts = append(parts, fmt.Sprintf("no data in %d", v.NoData))
	}
	return strings.Join(parts, ", ")
}

// listedCells is the most cells a verdict group names one by one; a larger group gives its range and
// its extreme cell.
const listedCells = 3

// changeSpan describes a group of cells that changed the same way: each cell with its change, largest
// first, "mixed/1 +172%, mixed/8 +84%"; for a larger group the range and the extreme cell, "+3% to +181%,
// worst: mixed/1" ("largest:" for speedups).
func changeSpan(os []stats.Outcome, worst bool) string {
	sort.SliceStable(os, func(i, j int) bool { return abs(os[i].Percent()) > abs(os[j].Percent()) })
	name := outcomeName
	if len(os) <= listedCells {
		var parts []string
		for _, o := range os {
			parts = append(parts, name(o)+" "+signed(o.Percent())+"%")
		}
		return strings.Join(parts, ", ")
	}
	big, small := os[0], os[len(os)-1]
	label := "largest"
	if worst {
		label = "worst"
	}
	return fmt.Sprintf("%s%% to %s%%, %s: %s", signed(small.Percent()), signed(big.Percent()), label, name(big))
}

// cellNames lists outcomes' cells, "mixed/4, mixed/12".
func cellNames(os []stats.Outcome) string {
	var names []string
	for _, o := range os {
		names = append(names, outcomeName(o))
	}
	return strings.Join(names, ", ")
}

// outcomeName names an outcome's cell, "mixed/8", marked when oversubscribed: "mixed/8‡".
func outcomeName(o stats.Outcome) string {
	s := fmt.Sprintf("%s/%d", o.Workload, o.DOP)
	if o.Oversubscribed {
		s += throughputMark
	}
	return s
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// writeIntegrity lists every failed or mismatched sample's cell, and every cell with variants too thin
// for an interval (folded when there are many).
func writeIntegrity(w io.Writer, m *model) {
	var failed, mismatched, thin int
	var bad, thinCells []string
	for _, c := range m.Analysis.Cells {
		var thinVariants []string
		for _, v := range c.Variants {
			failed += v.Failed
			mismatched += v.Mismatched
			var what []string
			if v.Failed > 0 {
				what = append(what, fmt.Sprintf("%d failed", v.Failed))
			}
			if v.Mismatched > 0 {
				what = append(what, fmt.Sprintf("%d output mismatch", v.Mismatched))
			}
			if len(what) > 0 {
				bad = append(bad, fmt.Sprintf("- %s, %s: %s (%s)", cellName(c), v.Name, strings.Join(what, ", "), strings.Join(v.Errors, "; ")))
			}
			if e := v.Metrics[stats.Elapsed.Name]; e.Thin() {
				thin++
				thinVariants = append(thinVariants, fmt.Sprintf("%s %d", v.Name, e.N))
			}
		}
		if len(thinVariants) > 0 {
			thinCells = append(thinCells, fmt.Sprintf("- %s: %s usable samples", cellName(c), strings.Join(thinVariants, ", ")))
		}
	}
	total := 0
	for _, n := range m.Samples {
		total += n
	}
	fmt.Fprintf(w, "**Data quality.** %d samples: %d failed, %d with an output that differs from the cell's "+
		"reference (left out of the statistics); %d variant cells too thin for an interval.\n\n", total, failed, mismatched, thin)
	if sentence, list := leftOut(m); sentence != "" {
		fmt.Fprintf(w, "%s\n\n", sentence)
		bad = append(bad, list...)
	}
	for _, src := range m.Sources {
		if mf := src.Manifest; mf != nil && (mf.Status != matrix.StatusComplete || mf.Samples < mf.Planned) {
			bad = append(bad, fmt.Sprintf("- run `%s` (raw/%s): status **%s**, %d of %d planned samples recorded%s",
				mf.Run, src.Group, mf.Status, mf.Samples, mf.Planned, strings.TrimSuffix(" - "+mf.Error, " - ")))
		}
	}
	if len(bad) > 0 {
		fmt.Fprintf(w, "%s\n\n", strings.Join(bad, "\n"))
	}
	if len(thinCells) > 0 {
		fmt.Fprintf(w, "<details><summary>Cells too thin for an interval: %d</summary>\n\n%s\n\n</details>\n\n", len(thinCells), strings.Join(thinCells, "\n"))
	}
}

func cellName(c *stats.Cell) string {
	return fmt.Sprintf("%s %s %s DOP %d %s", c.Platform, c.Backend, c.Workload, c.DOP, c.Phase)
}
