package report

import (
	"fmt"

	"github.com/deflatelab/deflatelab/matrix"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// writeTitle writes the title; the run lines under it (writeRunLines) say what ran.
func writeTitle(w io.Writer, m *model) {
	fmt.Fprintf(w, "# %s\n\n", m.Title)
}

// verdictsHeading heads the verdict table (and, on an emulated-only page, the line saying there is none),
// which the compact verdicts link.
const verdictsHeading = "Verdicts"

// writeVerdicts writes the verdict table: per candidate, platform and backend, one column per workload
// and phase, each saying at which DOPs the candidate is faster, slower, equivalent or inconclusive, and
// by how much.
func writeVerdicts(w io.Writer, m *model) {
	fmt.Fprintf(w, "## %s\n\n", verdictsHeading)
	if len(m.Verdicts) == 0 {
		fmt.Fprintf(w, "No candidate: this run measured control only, so there is no change to judge.\n\n")
		writeIntegrity(w, m)
		return
	}
	header, rows := verdictTable(m, "Candidate", func(wl string) (string, string) {
		return wl + ", warm" + opsNote(m, "warm"), wl + ", cold" + opsNote(m, "cold")
	}, workloadSummary, true)
	MarkdownTable(w, header, rows)
	var notes []string // one line per distinct note: platforms with the same processors share theirs
	for _, p := range m.Platforms() {
		var b strings.Builder
		writeThroughputNote(&b, m, p)
		if n := b.String(); n != "" && !slices.Contains(notes, n) {
			notes = append(notes, n)
			io.WriteString(w, n)
		}
	}
	fmt.Fprintf(w, "Elapsed time per operation against control, cell by cell (a cell: one workload at one DOP); each "+
		"change is the Hodges-Lehmann estimate of the per-round ratio, read from its selection-adjusted interval: %s. "+
		"%s. Every cell: [Time per operation](%s), [Per-cell statistics](%s); "+
		"the method: [docs/METHOD.md](%s).\n\n",
		equivalenceRule(m), familyNote("elapsed time", elapsedDelta(m.Analysis)), pageLink(cellsPage, elapsedHeading), pageLink(cellsPage, cellStatsHeading), m.MethodLink)
	writeIntegrity(w, m)
}

// hasCandidates reports whether the platform has a candidate's verdict (false for a control-only run).
func (m *model) hasCandidates(platform string) bool {
	for _, r := range m.Verdicts {
		if r.Platform == platform {
			return true
		}
	}
	return false
}

// verdictTable lays out m's verdicts: a row per candidate (the A/A control only when withAA), platform
// (when the page has several) and backend; per workload a warm and a cold column (headed by cols), each
// cell summarised by cell.
func verdictTable(m *model, first string, cols func(workload string) (warm, cold string),
	cell func(*stats.Verdict) string, withAA bool) (header []string, rows [][]string) {
	multi := len(m.Platforms()) > 1
	workloads := m.workloads()
	for _, r := range m.Verdicts {
		if r.Candidate == matrix.AA && !withAA {
			continue
		}
		row := []string{r.Candidate}
		if multi {
			row = append(row, r.Platform)
		}
		row = append(row, r.Backend)
		warm, cold := byWorkload(r.Warm), byWorkload(r.Cold)
		for _, wl := range workloads {
			row = append(row, cell(warm[wl]), cell(cold[wl]))
		}
		rows = append(rows, row)
	}
	header = []string{first}
	if multi {
		header = append(header, "Platform")
	}
	header = append(header, "Backend")
	for _, wl := range workloads {
		w, c := cols(wl)
		header = append(header, w, c)
	}
	return header, rows
}

// byWorkload splits a verdict by workload; nil for a phase not measured.
func byWorkload(v *stats.Verdict) map[string]*stats.Verdict {
	if v == nil {
		return nil
	}
	out := map[string]*stats.Verdict{}
	for _, part := range v.ByWorkload() {
		out[part.Workload] = &part
	}
	return out
}

// workloads lists the analysed workloads, fixed before mixed (the order of the analysis' cells).
func (m *model) workloads() []string {
	var out []string
	for _, c := range m.Analysis.Cells {
		if !slices.Contains(out, c.Workload) {
			out = append(out, c.Workload)
		}
	}
	return out
}

// margin is the equivalence margin of the analysis' verdicts, a fraction.
func (m *model) margin() float64 {
	if d := elapsedDelta(m.Analysis); d != nil {
		return d.Margin()
	}
	return m.Analysis.EquivMargin
}

// workloadSummary says, for one candidate, workload and phase, at which DOPs each class holds and the
// changes of the decided ones, the DOPs within the processors first, then those above them as one group
// (throughput under contention, never counted as separate confirmations): "**faster** at DOP 1: -4% · ‡
// group: **faster** at DOP 4‡: -3%; ~ at DOP 8‡, 12‡".
func workloadSummary(v *stats.Verdict) string {
	if v == nil {
		return "not measured"
	}
	var lat, con []stats.Outcome
	for _, o := range v.Outcomes {
		if o.Oversubscribed {
			con = append(con, o)
		} else {
			lat = append(lat, o)
		}
	}
	var groups []string
	if len(lat) > 0 {
		groups = append(groups, classParts(lat))
	}
	if len(con) > 0 {
		groups = append(groups, throughputMark+" group: "+classParts(con))
	}
	return strings.Join(groups, " · ")
}

// classParts lists a group's outcomes class by class: "**faster** at DOP 1, 4: -3% to -5%; ~ at DOP 8".
func classParts(outcomes []stats.Outcome) string {
	var parts []string
	for _, cl := range []stats.Class{stats.Faster, stats.Slower, stats.Equivalent, stats.Inconclusive, stats.Unstable, stats.NoData} {
		var os []stats.Outcome
		for _, o := range outcomes {
			if o.Class == cl {
				os = append(os, o)
			}
		}
		if len(os) == 0 {
			continue
		}
		where := "at DOP " + dopList(os)
		switch cl {
		case stats.Faster, stats.Slower:
			parts = append(parts, fmt.Sprintf("**%s** %s: %s", cl, where, percentSpan(os)))
		case stats.Equivalent, stats.Inconclusive:
			parts = append(parts, cl.Mark()+" "+where)
		case stats.Unstable:
			parts = append(parts, "unstable "+where)
		default:
			parts = append(parts, "no data "+where)
		}
	}
	return strings.Join(parts, "; ")
}

// dopList names the outcomes' DOPs, an oversubscribed one marked: "1, 4, 12‡".
func dopList(os []stats.Outcome) string {
	var ds []string
	for _, o := range os {
		d := strconv.Itoa(o.DOP)
		if o.Oversubscribed {
			d += throughputMark
		}
		ds = append(ds, d)
	}
	return strings.Join(ds, ", ")
}

// percentSpan is the changes of a group of outcomes: one "-3%", or the smallest to the largest in size,
// "-3% to -5%".
func percentSpan(os []stats.Outcome) string {
	lo, hi := os[0], os[0]
	for _, o := range os {
		if abs(o.Percent()) < abs(lo.Percent()) {
			lo = o
		}
		if abs(o.Percent()) > abs(hi.Percent()) {
			hi = o
		}
	}
	if PctSigned(lo.Percent()) == PctSigned(hi.Percent()) {
		return PctSigned(hi.Percent()) + "%"
	}
	return PctSigned(lo.Percent()) + "% to " + PctSigned(hi.Percent()) + "%"
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

// listedCells is the most cells a warning names one by one; it says how many more there are.
const listedCells = 3

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
		"reference (left out of the statistics); %d cells too thin for an interval (%d cell/variant pairs).\n\n", total, failed, mismatched, len(thinCells), thin)
	if sentence, list := leftOut(m); sentence != "" {
		fmt.Fprintf(w, "%s\n\n", sentence)
		bad = append(bad, list...)
	}
	for _, src := range m.Sources {
		if mf := src.Manifest; mf != nil && !mf.Complete() {
			bad = append(bad, fmt.Sprintf("- run `%s` (raw/%s): **%s**, %d of %d planned samples recorded%s",
				mf.Run, src.Group, stateText(mf), mf.Samples, mf.Planned, strings.TrimSuffix(" - "+mf.Error, " - ")))
		}
	}
	if len(bad) > 0 {
		fmt.Fprintf(w, "%s\n\n", strings.Join(bad, "\n"))
	}
	if len(thinCells) > 0 {
		fmt.Fprintf(w, "<details><summary>Cells too thin for an interval: %d (%d cell/variant pairs)</summary>\n\n%s\n\n</details>\n\n", len(thinCells), thin, strings.Join(thinCells, "\n"))
	}
}

func cellName(c *stats.Cell) string {
	return fmt.Sprintf("%s %s %s DOP %s %s", c.Platform, c.Backend, c.Workload, dopCell(c), c.Phase)
}
