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

// decisionNotesHeading is the heading the decision table's reading notes go under, further down the first page.
const decisionNotesHeading = "Reading the decision table"

// decisionTable is the first page's decision table: for a process that runs N operations, which
// variant costs least and by how much against control. It is computed once, before any page is laid out
// (newDecisionTable), because two sections print it - the table on the first screen, its footnotes under
// the compact verdicts - and neither may depend on the other having run.
type decisionTable struct {
	None     string     // why there is no table, the sentence printed in its place; "" when there is one
	MultiDOP bool       // the rows differ in DOP (else every row is DOP 1)
	Header   []string   // a column only where the rows differ (platform, DOP), then one per N
	Rows     [][]string // one per backend and workload
	Notes    string     // what the cells leave out: the pooled winners' idle memory and the marked winners' footnotes
}

// newDecisionTable computes m's decision table from its lifetime analyses (m.Life).
func newDecisionTable(m *model) decisionTable {
	v := m.Life
	if v == nil || len(v.cells) == 0 {
		return decisionTable{None: v.missing()}
	}
	cells := v.decisionCells()
	if allThin(v, cells) {
		lo, _ := m.roundsRange()
		return decisionTable{None: fmt.Sprintf("no answer - every cell has too few rounds for an interval (%s per cell; "+
			"the lifetime ratios need %d).", plural(lo, "round"), lifetime.MinPairs)}
	}
	var t decisionTable
	multiPlatform := false
	for _, l := range cells {
		multiPlatform = multiPlatform || l.Platform != cells[0].Platform
		t.MultiDOP = t.MultiDOP || l.DOP != 1
	}
	if multiPlatform {
		t.Header = append(t.Header, "Platform")
	}
	t.Header = append(t.Header, "Backend", "Workload")
	if t.MultiDOP {
		t.Header = append(t.Header, "DOP")
	}
	for _, n := range lifetime.DecisionNs {
		label := "N = " + nLabel(n)
		if n == lifetime.DecisionNs[len(lifetime.DecisionNs)-1] {
			label += "+"
		}
		t.Header = append(t.Header, label)
	}
	notes := &decisionNotes{}
	for _, l := range cells {
		var row []string
		if multiPlatform {
			row = append(row, l.Platform)
		}
		row = append(row, l.Backend, l.Workload)
		if t.MultiDOP {
			row = append(row, m.dopLabel(l.Platform, l.DOP))
		}
		for _, n := range lifetime.DecisionNs {
			row = append(row, v.decisionCell(m, l, n, notes))
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = notes.paragraph(m, cells)
	return t
}

// writeDecisions writes the decision table, laid out to fit the first screen: one row per backend and
// workload, the footnotes in one short paragraph further down (writeDecisionFootnotes), the reading notes
// under the first screen (writeDecisionNotes).
func writeDecisions(w io.Writer, m *model) {
	t := m.Decision
	if t.None != "" {
		fmt.Fprintf(w, "**Which variant costs least** over a process's lifetime: %s\n\n", t.None)
		return
	}
	at := " (DOP 1)"
	if t.MultiDOP {
		at = ""
	}
	fmt.Fprintf(w, "**Which variant costs least** over a process's N operations%s: the cheapest, its change against "+
		"control in %% [%s interval] ([how to read it](%s)):\n\n", at, pctLevel(m.Life.family().Confidence), pageLink("", decisionNotesHeading))
	mdTable(w, t.Header, t.Rows)
}

// writeDecisionFootnotes writes what the decision table's cells leave out - the idle memory of the
// pooled winners and the footnotes of marked winners - under the compact verdicts, so that both tables
// fit the first screen.
func writeDecisionFootnotes(w io.Writer, m *model) {
	if m.Decision.Notes != "" {
		fmt.Fprintf(w, "**Decision table:** %s\n\n", m.Decision.Notes)
	}
}

// allThin reports whether no decision cell can name a winner for want of rounds.
func allThin(v *lifeView, cells []*stats.Lifetime) bool {
	for _, l := range cells {
		for _, n := range lifetime.DecisionNs {
			if d, _, why, ok := l.Decide(v.control, n); why != "" || !ok || !d.Thin {
				return false
			}
		}
	}
	return len(cells) > 0
}

// decisionNotes collects the decision table's footnotes: a winner the verdicts do not call faster in its
// own cell, numbered in order of first use.
type decisionNotes struct {
	keys  []footnoteKey
	texts []string
}

// footnoteKey is one candidate in one cell: every N column of the row where it wins shares the note.
type footnoteKey struct {
	Candidate string
	Cell      *stats.Lifetime
}

var superscripts = []string{"¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"}

// mark returns the note's mark for k, adding the note (text) on first use; "" past nine notes, which a
// four-to-six-row table does not reach.
func (n *decisionNotes) mark(k footnoteKey, text func() string) string {
	i := slices.Index(n.keys, k)
	if i < 0 {
		if len(n.keys) == len(superscripts) {
			return ""
		}
		n.keys, n.texts = append(n.keys, k), append(n.texts, text())
		i = len(n.keys) - 1
	}
	return superscripts[i]
}

// paragraph is the paragraph under the decision table: the idle memory the pooled winners keep, and
// each footnote, one a line.
func (n *decisionNotes) paragraph(m *model, cells []*stats.Lifetime) string {
	var lines []string
	if idle := idleKept(m, cells); idle != "" {
		lines = append(lines, idle)
	}
	if len(n.texts) > 0 {
		var notes []string
		for i, t := range n.texts {
			notes = append(notes, superscripts[i]+" "+t)
		}
		lines = append(lines, fmt.Sprintf("A marked winner is not faster in its cell's verdicts (%s): they compare the mean over "+
			"whole samples (%s), the steady state, while a lifetime total weighs a process's first operations.",
			strings.Join(notes, "; "), m.phaseOps()))
	}
	return strings.Join(lines, " ")
}

// decisionCell is one lifetime's winner, or why none is named.
func (v *lifeView) decisionCell(m *model, l *stats.Lifetime, n int, notes *decisionNotes) string {
	d, left, why, ok := l.Decide(v.control, n)
	switch {
	case why != "":
		return "unstable: " + why
	case !ok:
		return "no candidate"
	case d.Thin:
		return "too few rounds for an interval"
	}
	r := ratioCell(d.Ratio)
	var s string
	switch {
	case d.Winner == v.control && d.Clear:
		s = fmt.Sprintf("**%s** (%s %s)", v.control, d.Versus, r)
	case d.Winner == v.control:
		s = fmt.Sprintf("~ %s (%s %s)", v.control, d.Versus, trimTilde(r))
	case d.Clear:
		s = "**" + d.Winner + "**"
		if why := verdictDisagrees(m, l, d.Winner, n); why != nil {
			s += notes.mark(footnoteKey{d.Winner, l}, why)
		}
		s += " " + r
	default:
		s = "~ " + d.Winner + " " + trimTilde(r)
	}
	if n == lifetime.DecisionNs[len(lifetime.DecisionNs)-1] && d.NextBreakEven > 0 {
		s += fmt.Sprintf("; a candidate crosses control at N = %s", num(float64(d.NextBreakEven)))
	}
	if len(left) > 0 {
		s += "; left out, unstable: " + strings.Join(left, ", ")
	}
	return s
}

// verdictDisagrees returns, when the elapsed-time verdicts of the lifetime's cell do not call a
// candidate that wins at lifetime n faster in the phase that lifetime reads (cold up to the cold
// samples' operations, warm beyond: extrapolated), the footnote that says why the two answers differ;
// nil when the verdict agrees.
func verdictDisagrees(m *model, l *stats.Lifetime, cand string, n int) func() string {
	cold, warm := m.cellDelta(l, "cold", cand), m.cellDelta(l, "warm", cand)
	measured := 0
	if c := l.Comparisons[cand]; c != nil {
		measured = c.Measured
	}
	// A lifetime up to the cold samples' operations reads the cold phase; a longer one reads both.
	if cold == nil || cold.Class() == stats.Faster || (n > measured && (warm == nil || warm.Class() == stats.Faster)) {
		return nil
	}
	return func() string {
		var said []string
		for _, p := range []struct {
			name string
			d    *stats.Delta
		}{{"cold", cold}, {"warm", warm}} {
			if p.d != nil {
				said = append(said, fmt.Sprintf("%s %s", p.name, verdictWord(p.d)))
			}
		}
		return strings.Join(said, ", ")
	}
}

// cellDelta is the elapsed-time delta of cand in the lifetime's cell at phase; nil when not analysed.
func (m *model) cellDelta(l *stats.Lifetime, phase, cand string) *stats.Delta {
	for _, c := range m.Analysis.Cells {
		if c.Platform == l.Platform && c.Backend == l.Backend && c.Workload == l.Workload && c.DOP == l.DOP && c.Phase == phase {
			return c.Delta(cand, stats.Elapsed.Name)
		}
	}
	return nil
}

// verdictWord is a delta's class as a verdict line says it, with its change: "≈ -0.1%", "slower +2%".
func verdictWord(d *stats.Delta) string {
	c, _, _ := d.Percent()
	switch cl := d.Class(); cl {
	case stats.Equivalent, stats.Inconclusive:
		return cl.Mark() + " " + pctSigned(c) + "%"
	case stats.Faster, stats.Slower:
		return string(cl) + " " + pctSigned(c) + "%"
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
			if why != "" || !ok || d.Thin || d.Winner == m.Life.control {
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
