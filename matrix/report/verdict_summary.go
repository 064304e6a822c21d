package report

import (
	"fmt"
	"slices"

	"github.com/deflatelab/deflatelab/matrix"
	"io"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// writeVerdictSummary is the first screen's compact verdict table: one row per candidate (the A/A control
// has its own paragraph), platform and backend, one column per workload and phase, each cell the
// latency DOPs' outcome, then the oversubscribed DOPs' as one group ("throughput under contention"), so
// that the group reads as one finding, never as several confirmations. The full table (writeVerdicts)
// follows further down.
func writeVerdictSummary(w io.Writer, m *model) {
	if len(m.Verdicts) == 0 {
		return
	}
	header, rows := verdictTable(m, verdictSummaryHead, func(wl string) (string, string) {
		return wl + ", warm", wl + ", cold"
	}, m.groupedSummary, false)
	if len(rows) == 0 {
		return
	}
	MarkdownTable(w, header, rows)
	fmt.Fprintf(w, "**Verdicts:** elapsed time per operation against control, the primary family (the decision table's "+
		"lifetime cost sums it); page faults, allocations, first operations and the other counters are exploratory: they "+
		"explain, they decide nothing. In %s. **Bold**: faster (-) or slower (+), the change in %%; read from each cell's "+
		"selection-adjusted interval: %s ([every cell with its interval](%s)).%s\n\n", verdictCellLegend(m), equivalenceRule(m), pageLink("", verdictsHeading),
		sameTokenNote(m))
	writeSameTreatment(w, m)
}

// verdictCellLegend says how a summary cell is read: "each cell: DOP 1, then ‡ DOP 4, 8, 12 as one group,
// throughput under contention".
func verdictCellLegend(m *model) string {
	var lat, con []string
	for _, p := range m.Platforms() {
		for _, d := range m.dops(p) {
			s := fmt.Sprint(d)
			switch {
			case m.oversubscribed(p, d) && !slices.Contains(con, s):
				con = append(con, s)
			case !m.oversubscribed(p, d) && !slices.Contains(lat, s) && !slices.Contains(con, s):
				lat = append(lat, s)
			}
		}
	}
	var parts []string
	if len(lat) > 0 {
		parts = append(parts, "DOP "+strings.Join(lat, ", ")+" (latency)")
	}
	if len(con) > 0 {
		parts = append(parts, throughputMark+" DOP "+strings.Join(con, ", ")+" as one group (throughput under contention)")
	}
	return "each cell: " + strings.Join(parts, ", then ") + "; a group whose DOPs differ gives one mark per DOP, in order"
}

// groupedSummary is one workload and phase of a candidate: the outcomes at the DOPs within the
// processors, then " · ‡ " and those above them, each group one token when its DOPs agree, else one
// token per DOP in order: "~ · ‡ **-1 to -2%**", "**-4%** · ‡ **-3%**, ~, ~". A cell where the candidate is
// the same treatment as a smaller capacity (stats.SameTreatments) reads "=/8": reported as one with it.
func (m *model) groupedSummary(v *stats.Verdict) string {
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
	var parts []string
	if len(lat) > 0 {
		parts = append(parts, m.groupTokens(v, lat))
	}
	if len(con) > 0 {
		parts = append(parts, throughputMark+" "+m.groupTokens(v, con))
	}
	return strings.Join(parts, " · ")
}

// groupTokens sums up a group of outcomes: one token when every outcome reads the same (a decided
// group gives the span of its changes), else one token per outcome.
func (m *model) groupTokens(v *stats.Verdict, os []stats.Outcome) string {
	tokens := make([]string, len(os))
	same := true
	for i, o := range os {
		if first := m.sameAsSmaller(v, o); first != "" {
			tokens[i] = "=" + strings.TrimPrefix(first, matrix.Pooled)
		} else {
			tokens[i] = "class:" + string(o.Class)
		}
		same = same && tokens[i] == tokens[0]
	}
	token := func(i int, group []stats.Outcome) string {
		if t, ok := strings.CutPrefix(tokens[i], "class:"); ok {
			return classToken(stats.Class(t), group)
		}
		return tokens[i]
	}
	if same {
		return token(0, os)
	}
	var ts []string
	for i, o := range os {
		ts = append(ts, token(i, []stats.Outcome{o}))
	}
	return strings.Join(ts, ", ")
}

// sameAsSmaller is the smallest candidate that is the same treatment as v's candidate in the outcome's
// cell, when that is another one; "" otherwise.
func (m *model) sameAsSmaller(v *stats.Verdict, o stats.Outcome) string {
	if m.Validity == nil {
		return ""
	}
	c := matrix.Cell{Platform: v.Platform, Workload: o.Workload, DOP: o.DOP, Phase: v.Phase, Backend: v.Backend}
	if g := stats.SameAs(m.Validity.SameTreatment, c, v.Candidate); len(g) > 1 && g[0] != v.Candidate {
		return g[0]
	}
	return ""
}

// classToken is the token of outcomes of one class: "**-3% to -5%**" for faster or slower, the class's mark
// (≈, ~), or its word.
func classToken(cl stats.Class, os []stats.Outcome) string {
	switch cl {
	case stats.Faster, stats.Slower:
		return "**" + percentSpan(os) + "**"
	case stats.Equivalent, stats.Inconclusive:
		return cl.Mark()
	case stats.NoData:
		return "no data"
	}
	return string(cl)
}

// sameTokenNote explains the "=/8" token when the compact verdicts use it.
func sameTokenNote(m *model) string {
	if m.Validity == nil || len(m.Validity.SameTreatment) == 0 {
		return ""
	}
	return " =/8 (=/12): the same treatment as pooled/8 (pooled/12) in that cell, so reported as one with it, never ranked (the line below)."
}

// verdictSummaryHead heads the compact verdicts' first column (and tells the table apart in tests).
const verdictSummaryHead = "Verdict vs control"
