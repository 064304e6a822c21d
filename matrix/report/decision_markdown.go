package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/lifetime"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// This file writes the decision table (decision.go) as markdown: its header, each cell's winner and
// change, the footnotes and idle memory under it, and the reading notes.

// writeDecisions writes the decision table, laid out to fit the first screen: one row per backend and
// workload, the footnotes in one short paragraph further down (writeDecisionFootnotes), the reading notes
// under the first screen (writeDecisionNotes).
func writeDecisions(w io.Writer, m *model) {
	t := m.Decision
	if none := t.noneWords(m); none != "" {
		fmt.Fprintf(w, "**Which variant costs least** over a process's lifetime: %s\n\n", none)
		return
	}
	at := " (DOP 1)"
	if t.MultiDOP {
		at = ""
	}
	fmt.Fprintf(w, "**Which variant costs least** over a process's N operations%s: the cheapest, its change against "+
		"control in %% [%s interval] ([how to read it](%s)):\n\n", at, pctLevel(m.Life.family().Confidence), pageLink("", decisionNotesHeading))
	rows := make([][]string, len(t.Rows))
	for i, r := range t.Rows {
		rows[i] = t.rowText(m, r)
	}
	MarkdownTable(w, t.header(), rows)
}

// noneWords is the sentence printed in place of a table without rows; "" when it has rows.
func (t decisionTable) noneWords(m *model) string {
	switch t.None {
	case noLifetimes:
		return m.Life.missing()
	case allThinCells:
		return fmt.Sprintf("no answer - every cell has too few rounds for an interval (%s per cell; "+
			"the lifetime ratios need %d).", plural(t.Rounds, "round"), lifetime.MinPairs)
	}
	return ""
}

// header is a column only where the rows differ (platform, DOP), then one per N.
func (t decisionTable) header() []string {
	var h []string
	if t.MultiPlatform {
		h = append(h, "Platform")
	}
	h = append(h, "Backend", "Workload")
	if t.MultiDOP {
		h = append(h, "DOP")
	}
	for _, n := range lifetime.DecisionNs {
		label := "N = " + nLabel(n)
		if n == lifetime.DecisionNs[len(lifetime.DecisionNs)-1] {
			label += "+"
		}
		h = append(h, label)
	}
	return h
}

// rowText is a row's cells as the header orders them.
func (t decisionTable) rowText(m *model, r decisionRow) []string {
	var row []string
	l := r.Life
	if t.MultiPlatform {
		row = append(row, l.Platform)
	}
	row = append(row, l.Backend, l.Workload)
	if t.MultiDOP {
		row = append(row, m.dopLabel(l.Platform, l.DOP))
	}
	for _, c := range r.Cells {
		row = append(row, c.text(m.Life.control))
	}
	return row
}

// superscripts are the footnote marks, one per footnote up to maxFootnotes.
var superscripts = [maxFootnotes]string{"¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"}

// text is the cell as the table prints it: the winner bold when its interval excludes 0, after "~" when
// it holds 0, with its footnote mark, its change and interval; when control wins, the closest candidate's
// change against it.
func (c decisionCell) text(control string) string {
	switch c.Kind {
	case unstableCell:
		return "unstable: " + strings.Join(c.Unstable, ", ")
	case noCandidate:
		return "no candidate"
	case thinCell:
		return "too few rounds for an interval"
	}
	r := trimTilde(ratioCell(c.Ratio))
	var s string
	switch {
	case c.Winner == control && c.Mark == boldWinner:
		s = fmt.Sprintf("**%s** (%s %s)", control, c.Versus, r)
	case c.Winner == control:
		s = fmt.Sprintf("~ %s (%s %s)", control, c.Versus, r)
	case c.Mark == boldWinner:
		s = "**" + c.Winner + "**"
		if c.Footnote > 0 {
			s += superscripts[c.Footnote-1]
		}
		s += " " + r
	default:
		s = "~ " + c.Winner + " " + r
	}
	if c.CrossesAt > 0 {
		s += fmt.Sprintf("; a candidate crosses control at N = %s", num(float64(c.CrossesAt)))
	}
	if len(c.Left) > 0 {
		s += "; left out, unstable: " + strings.Join(c.Left, ", ")
	}
	return s
}

// writeDecisionFootnotes writes what the decision table's cells leave out - the idle memory of the
// pooled winners and the footnotes of marked winners - under the compact verdicts, so that both tables
// fit the first screen.
func writeDecisionFootnotes(w io.Writer, m *model) {
	if notes := decisionNotesParagraph(m, m.Decision); notes != "" {
		fmt.Fprintf(w, "**Decision table:** %s\n\n", notes)
	}
}

// decisionNotesParagraph is the paragraph under the decision table: the idle memory the pooled winners
// keep, and each footnote, one a line; "" when there is neither.
func decisionNotesParagraph(m *model, t decisionTable) string {
	var lines []string
	if idle := idleKept(m, t.lifetimes()); idle != "" {
		lines = append(lines, idle)
	}
	if len(t.Footnotes) > 0 {
		var notes []string
		for i, f := range t.Footnotes {
			notes = append(notes, superscripts[i]+" "+f.text())
		}
		lines = append(lines, fmt.Sprintf("A marked winner is not faster in its cell's verdicts (%s): they compare the mean over "+
			"whole samples (%s), the steady state, while a lifetime total weighs a process's first operations.",
			strings.Join(notes, "; "), m.phaseOps()))
	}
	return strings.Join(lines, " ")
}

// text says what the cell's verdicts say: "cold ~ -0.1%, warm faster -2%".
func (f decisionFootnote) text() string {
	var said []string
	for _, p := range []struct {
		name string
		d    *stats.Delta
	}{{"cold", f.Cold}, {"warm", f.Warm}} {
		if p.d != nil {
			said = append(said, fmt.Sprintf("%s %s", p.name, verdictWord(p.d)))
		}
	}
	return strings.Join(said, ", ")
}

// verdictWord is a delta's class as a verdict line says it, with its change: "≈ -0.1%", "slower +2%".
func verdictWord(d *stats.Delta) string {
	c, _, _ := d.Percent()
	switch cl := d.Class(); cl {
	case stats.Equivalent, stats.Inconclusive:
		return cl.Mark() + " " + PctSigned(c) + "%"
	case stats.Faster, stats.Slower:
		return string(cl) + " " + PctSigned(c) + "%"
	default:
		return string(cl)
	}
}

// phaseOps says how many operations each phase's samples measure: "3,000 cold, 20,000 warm operations".
func (m *model) phaseOps() string {
	var parts []string
	for _, ph := range []string{"cold", "warm"} {
		if ops := strings.Trim(opsNote(m, ph), " ()"); ops != "" {
			parts = append(parts, strings.Replace(ops, " ops", " "+ph, 1))
		}
	}
	return strings.Join(parts, ", ") + " operations"
}

// idleKept says what idle native memory the pooled winners of the decision table keep after their
// operations (the median idle bytes of their warm samples, the most a pool holds), one entry per amount -
// the reuse bound's too, which has no capacity but keeps a state per worker and configuration:
// "Idle memory the pooled winners keep: 342.1 KiB (fixed: pooled/8, /12, /16); 3.892 MiB (mixed: pooled/12, /16)."
func idleKept(m *model, cells []*stats.Lifetime) string {
	var amounts []string
	reuseWins := false
	who := map[string][]string{} // amount -> "workload: candidates"
	names := map[string]map[string][]string{}
	for _, l := range cells {
		for _, n := range lifetime.DecisionNs {
			d, _, why, ok := l.Decide(m.Life.control, n)
			if len(why) > 0 || !ok || d.Thin || d.Winner == m.Life.control {
				continue
			}
			idle := l.Idle[d.Winner]
			if (idle.Capacity == 0 && d.Winner != stats.ReuseBound) || math.IsNaN(idle.Warm) {
				continue
			}
			reuseWins = reuseWins || d.Winner == stats.ReuseBound
			a := bytesNum(idle.Warm)
			if names[a] == nil {
				amounts = append(amounts, a)
				names[a] = map[string][]string{}
			}
			if !slices.Contains(names[a][l.Workload], d.Winner) {
				names[a][l.Workload] = append(names[a][l.Workload], d.Winner)
			}
		}
	}
	if len(amounts) == 0 {
		return ""
	}
	var parts []string
	for _, a := range amounts {
		for _, wl := range m.workloads() {
			if cs := names[a][wl]; len(cs) > 0 {
				slices.SortFunc(cs, stats.CompareNames)
				who[a] = append(who[a], wl+": "+shortNames(cs))
			}
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", a, strings.Join(who[a], "; ")))
	}
	keepers := "pooled winners"
	if reuseWins {
		keepers = "winners that keep states (pooled, reuse)"
	}
	return "Idle memory the " + keepers + " keep: " + strings.Join(parts, "; ") + "."
}

// shortNames lists candidate names, a repeated prefix written once: "pooled/8, /12, /16".
func shortNames(cs []string) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c
		if i > 0 {
			if p, _, ok := strings.Cut(c, "/"); ok && strings.HasPrefix(cs[i-1], p+"/") {
				out[i] = c[len(p):]
			}
		}
	}
	return strings.Join(out, ", ")
}

// writeDecisionNotes explains the decision table, under the first screen.
func writeDecisionNotes(w io.Writer, m *model) {
	v := m.Life
	if v == nil || len(v.cells) == 0 {
		return
	}
	fmt.Fprintf(w, "## %s\n\n", decisionNotesHeading)
	fmt.Fprintf(w, "N = 1 is a one-shot tool, 100k and more a long-lived server. The interval is a %s paired "+
		"sign-flip permutation interval over rounds, at the level adjusted for the lifetime page's ratios (there: *Lifetime cost and break-even*); "+
		"when control is cheapest, the closest candidate is shown against it. "+
		"A **bold** winner's interval excludes 0 (no change); \"~\" means no variant is shown to cost less than control. Of the "+
		"pool capacities the smallest is named, which keeps the least memory, unless a larger one is shown cheaper than it by the paired "+
		"comparison of the two; capacities that are the same treatment in the cell (no pool can evict there) are never ranked. "+
		"† marks lifetimes beyond the cold samples' operations, where each variant's cost grows at its warm time per "+
		"operation (extrapolated). A footnote mark on a winner: the elapsed-time verdicts of that cell do not call it faster "+
		"(the footnote says why the two answers differ). Lifetime costs sum the operations' durations (at DOP > 1, over all workers). "+
		"The per-cell ratios, break-even points and charts are under [Steady state and lifetime cost](%s).\n\n",
		pctLevel(v.family().Confidence), pageLink(lifetimePage, ""))
}
