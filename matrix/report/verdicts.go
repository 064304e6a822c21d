package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// writeQuestion writes the title and the question the report answers.
func writeQuestion(w io.Writer, m *model) {
	fmt.Fprintf(w, "# %s\n\n", m.Title)
	fmt.Fprintf(w, "%s · run `%s` · %s\n\n", m.Date.UTC().Format("2006-01-02 15:04 UTC"), m.Name, strings.Join(m.Platforms(), ", "))
	fmt.Fprintf(w, "**The question.** Making a short-lived compressor allocates a large native deflate state. "+
		"Does a candidate (pooling idle states, or splitting the hash table into its own allocation) make the "+
		"warm phase faster, does it make the cold phase (the first operations of a fresh process) slower, by how "+
		"much, and how sure are we - on each platform and native allocator? Every figure below is computed from "+
		"the raw results kept in [raw/](raw/).\n\n")
}

// writeVerdicts writes the verdict table: one row per candidate, platform and backend.
func writeVerdicts(w io.Writer, m *model) {
	fmt.Fprintf(w, "## Verdicts\n\n")
	var rows [][]string
	for _, r := range m.Verdicts {
		rows = append(rows, []string{r.Candidate, r.Platform, r.Backend,
			phaseVerdict("warm", r.Warm) + "; " + phaseVerdict("cold", r.Cold),
			cellOutcomes(r.Warm), cellOutcomes(r.Cold)})
	}
	mdTable(w, []string{"Candidate", "Platform", "Backend", "Elapsed time vs control (all workloads and DOPs)",
		"Warm, per cell", "Cold, per cell"}, rows)
	fmt.Fprintf(w, "A verdict pools every per-round ratio candidate/control of the phase, over all workloads and "+
		"DOPs: its median, as a percentage, with the %s interval in brackets; \"~\" means that interval includes "+
		"no change. Pooling hides differences between workloads, so the per-cell columns sort each workload/DOP "+
		"by its own paired interval (thin: too few pairs for one, so its Mann-Whitney U test at alpha %s decides). "+
		"See [the method](%s).\n\n",
		confidencePct(m.Analysis.Confidence), alphaText(m), methodLink)
	writeIntegrity(w, m)
}

func phaseVerdict(phase string, v *stats.Verdict) string {
	if v == nil {
		return phase + " not measured"
	}
	if v.Ratio.Empty() {
		return phase + ": no pairs"
	}
	return phase + " " + change(*v)
}

// noData groups the cells in which control or the candidate has no usable sample.
const noData = 2

// cellOutcomes lists a verdict's cells by their own U test: "faster: fixed/8 · slower: mixed/4 · ~: fixed/1".
func cellOutcomes(v *stats.Verdict) string {
	if v == nil {
		return "-"
	}
	groups := map[int][]string{}
	for _, o := range v.Outcomes {
		name := fmt.Sprintf("%s/%d", o.Workload, o.DOP)
		dir := o.Direction
		switch {
		case o.Delta.Test.N1 == 0 || o.Delta.Test.N2 == 0:
			dir = noData
		case o.Thin:
			name += " (thin)"
		}
		groups[dir] = append(groups[dir], name)
	}
	var parts []string
	for _, g := range []struct {
		dir  int
		word string
	}{{-1, "faster"}, {+1, "slower"}, {0, "~"}, {noData, "no data"}} {
		if len(groups[g.dir]) > 0 {
			parts = append(parts, g.word+": "+strings.Join(groups[g.dir], ", "))
		}
	}
	return strings.Join(parts, " · ")
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
