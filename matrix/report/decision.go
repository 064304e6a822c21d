package report

import (
	"slices"

	"github.com/deflatelab/deflatelab/matrix/lifetime"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// decisionNotesHeading is the heading the decision table's reading notes go under, further down the first page.
const decisionNotesHeading = "Reading the decision table"

// decisionTable is the first page's decision table: for a process that runs N operations, which
// variant costs least and by how much against control. It is computed once, before any page is laid out
// (newDecisionTable), because two sections print it - the table on the first screen, its footnotes under
// the compact verdicts - and neither may depend on the other having run. It holds values; the markdown
// writer (decision_markdown.go) formats them.
//
// Invariants: Rows is empty unless None is hasTable; every row has one cell per lifetime.DecisionNs, in
// order; a cell's Footnote is 0 or the 1-based index of one of Footnotes.
type decisionTable struct {
	None          decisionNone
	Rounds        int  // allThinCells: the fewest rounds a cell has
	MultiPlatform bool // the rows differ in platform: a platform column
	MultiDOP      bool // the rows differ in DOP (else every row is DOP 1): a DOP column
	Rows          []decisionRow
	Footnotes     []decisionFootnote // marked winners, numbered in order of first use
}

// decisionNone is why a decision table has no rows.
type decisionNone int

const (
	hasTable     decisionNone = iota
	noLifetimes               // no cold cell was analysed (lifeView.missing says why)
	allThinCells              // every cell has too few rounds for an interval
)

// decisionRow is one backend and workload (and platform and DOP where those differ): a cell per lifetime.
type decisionRow struct {
	Life  *stats.Lifetime // the lifetime analysis the row reads: its platform, backend, workload and DOP
	Cells []decisionCell
}

// decisionCell is one lifetime's winner, or why none is named.
//
// Invariants: Winner, Versus, Ratio and Mark are set only when Kind is winnerCell; Mark is tildeWinner
// exactly when Ratio's interval holds 1 (lifetime.Decision.Clear), so no "~" stands beside an interval that
// excludes 0; Footnote is set only on a bold winner other than control.
type decisionCell struct {
	Kind     decisionKind
	Unstable []string // unstableCell: the variants and phases that ran at two speeds ("control warm")
	Winner   string
	// Versus is the candidate the change is against control's: the winner, or when control wins the
	// closest candidate.
	Versus    string
	Ratio     lifetime.Ratio // Versus's cost over control's at N, with its interval
	Mark      winnerMark
	Footnote  int      // 1-based index into decisionTable.Footnotes; 0 none
	CrossesAt int      // the last column: the smallest N beyond where a candidate crosses control; 0 none
	Left      []string // candidates left out of the ranking because they ran at two speeds
}

// decisionKind is what a decision cell holds.
type decisionKind int

const (
	winnerCell   decisionKind = iota // a winner and its change
	unstableCell                     // control (or every candidate) ran at two speeds: no winner
	noCandidate                      // no comparison at this lifetime
	thinCell                         // too few rounds for an interval
)

// winnerMark is how a winner is shown: bold when its interval excludes 0, "~" when it holds 0.
type winnerMark int

const (
	boldWinner winnerMark = iota
	tildeWinner
)

// decisionFootnote is a winner the elapsed-time verdicts of its own cell do not call faster: the cold
// verdict and, for a lifetime beyond the cold samples' operations, the warm one (nil when not analysed).
type decisionFootnote struct {
	Candidate  string
	Life       *stats.Lifetime
	Cold, Warm *stats.Delta
}

// maxFootnotes is how many footnote marks the table has (superscripts 1 to 9): a four-to-six-row table
// does not reach it, and a winner past it goes unmarked.
const maxFootnotes = 9

// newDecisionTable computes m's decision table from its lifetime analyses (m.Life).
func newDecisionTable(m *model) decisionTable {
	v := m.Life
	if v == nil || len(v.cells) == 0 {
		return decisionTable{None: noLifetimes}
	}
	cells := v.decisionCells()
	if allThin(v, cells) {
		lo, _ := m.roundsRange()
		return decisionTable{None: allThinCells, Rounds: lo}
	}
	var t decisionTable
	for _, l := range cells {
		t.MultiPlatform = t.MultiPlatform || l.Platform != cells[0].Platform
		t.MultiDOP = t.MultiDOP || l.DOP != 1
	}
	for _, l := range cells {
		row := decisionRow{Life: l}
		for _, n := range lifetime.DecisionNs {
			row.Cells = append(row.Cells, t.cell(m, l, n))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// lifetimes lists the lifetime analyses of t's rows, in order.
func (t decisionTable) lifetimes() []*stats.Lifetime {
	out := make([]*stats.Lifetime, len(t.Rows))
	for i, r := range t.Rows {
		out[i] = r.Life
	}
	return out
}

// allThin reports whether no decision cell can name a winner for want of rounds.
func allThin(v *lifeView, cells []*stats.Lifetime) bool {
	for _, l := range cells {
		for _, n := range lifetime.DecisionNs {
			if d, _, why, ok := l.Decide(v.control, n); len(why) > 0 || !ok || !d.Thin {
				return false
			}
		}
	}
	return len(cells) > 0
}

// cell decides lifetime l's cell at N = n, adding a footnote to t when its winner needs one.
func (t *decisionTable) cell(m *model, l *stats.Lifetime, n int) decisionCell {
	control := m.Life.control
	d, left, why, ok := l.Decide(control, n)
	switch {
	case len(why) > 0:
		return decisionCell{Kind: unstableCell, Unstable: why}
	case !ok:
		return decisionCell{Kind: noCandidate}
	case d.Thin:
		return decisionCell{Kind: thinCell}
	}
	c := decisionCell{Winner: d.Winner, Versus: d.Versus, Ratio: d.Ratio, Left: left}
	if !d.Clear {
		c.Mark = tildeWinner
	}
	if d.Clear && d.Winner != control {
		if cold, warm, disagree := m.Analysis.VerdictsDisagree(l, d.Winner, n); disagree {
			c.Footnote = t.footnote(decisionFootnote{Candidate: d.Winner, Life: l, Cold: cold, Warm: warm})
		}
	}
	if n == lifetime.DecisionNs[len(lifetime.DecisionNs)-1] {
		c.CrossesAt = d.NextBreakEven
	}
	return c
}

// footnote returns f's 1-based number, adding it on first use (one per candidate and cell: every N column
// of the row where it wins shares it); 0 past maxFootnotes.
func (t *decisionTable) footnote(f decisionFootnote) int {
	i := slices.IndexFunc(t.Footnotes, func(g decisionFootnote) bool { return g.Candidate == f.Candidate && g.Life == f.Life })
	if i < 0 {
		if len(t.Footnotes) == maxFootnotes {
			return 0
		}
		t.Footnotes = append(t.Footnotes, f)
		i = len(t.Footnotes) - 1
	}
	return i + 1
}
