package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// aaResult is the A/A control's outcome over the report: how many of its cells were compared, and
// which came out faster or slower than control (false positives of the run itself).
type aaResult struct {
	Cells       int
	Significant []stats.AACell
}

// aaOutcome collects the elapsed-time comparisons of matrix.AA with control (stats.AANamed, which the
// label-swap null recomputes); Cells is 0 when the run has no A/A control.
func aaOutcome(m *model) aaResult {
	r := m.Analysis.AANamed(nil)
	return aaResult{Cells: r.ElapsedCells, Significant: r.Elapsed}
}

// aaNames lists significant A/A cells with their changes: "libc mixed/8 warm +3%".
func (r aaResult) names() string {
	var out []string
	for _, a := range r.Significant {
		c, _, _ := a.Delta.Percent()
		out = append(out, fmt.Sprintf("%s %s/%d %s %s%%", a.Cell.Backend, a.Cell.Workload, a.Cell.DOP, a.Cell.Phase, PctSigned(c)))
	}
	return strings.Join(out, ", ")
}

// aaLifetimeResult is the A/A control's lifetime ratios (the lifetime page's family): how many have an
// interval, and, per cell, the lifetimes whose interval excludes 1.
type aaLifetimeResult struct {
	Ratios int
	Cells  []stats.AALifetime
}

// Differing is how many A/A lifetime ratios exclude 1.
func (r aaLifetimeResult) Differing() int { return stats.AANamed{Lifetime: r.Cells}.LifetimeNamed() }

// aaLifetimeOutcome collects the A/A control's lifetime ratios over the report's lifetimes (stats.AANamed).
func aaLifetimeOutcome(m *model) aaLifetimeResult {
	if m.Life == nil {
		return aaLifetimeResult{}
	}
	r := m.Analysis.AANamed(m.Life.cells)
	return aaLifetimeResult{Ratios: r.Ratios, Cells: r.Lifetime}
}

// names lists the cells with differing A/A lifetime ratios: "pages mixed/1 at N = 10 to 256 (+11% to +13%)".
func (r aaLifetimeResult) names() string {
	var out []string
	for _, c := range r.Cells {
		ns := "N = " + nLabel(c.Ns[0])
		if len(c.Ns) > 1 {
			ns += " to " + nLabel(c.Ns[len(c.Ns)-1])
		}
		lo, hi := PctSigned((c.Lo-1)*100), PctSigned((c.Hi-1)*100)
		change := lo + "%"
		if lo != hi {
			change = lo + "% to " + hi + "%"
		}
		out = append(out, fmt.Sprintf("%s %s/%d at %s (%s)", c.L.Backend, c.L.Workload, c.L.DOP, ns, change))
	}
	return strings.Join(out, "; ")
}

// writeAA states the A/A control's result near the top of the first page: the run's own false-positive
// check, in the elapsed-time cells and over process lifetimes. Nothing when the run has no A/A control.
func writeAA(w io.Writer, m *model) {
	r := aaOutcome(m)
	if r.Cells == 0 {
		return
	}
	fmt.Fprintf(w, "**A/A check.** `%s` is the control host measured as if it were a candidate (%s; its own "+
		"place in each round), so it should never differ from control. ", matrix.AA, m.aaHostText())
	if len(r.Significant) == 0 {
		fmt.Fprintf(w, "It came out faster or slower in **none of its %d cells**", r.Cells)
	} else {
		fmt.Fprintf(w, "It came out significantly different in **%d of its %d cells** (%s): false positives of the run "+
			"itself, so a candidate's change of that size there is weak evidence", len(r.Significant), r.Cells, r.names())
	}
	if p := aaPower(m); p != "" {
		fmt.Fprintf(w, "; %s", p)
	}
	fmt.Fprintf(w, ".")
	lr := aaLifetimeOutcome(m)
	switch {
	case lr.Ratios == 0:
		if len(r.Significant) == 0 {
			fmt.Fprintf(w, " The run shows no false positive of its own.")
		}
	case lr.Differing() == 0:
		fmt.Fprintf(w, " Its lifetime cost differs from control's at **none of its %d lifetimes** with an interval.", lr.Ratios)
	default:
		fmt.Fprintf(w, " Its lifetime cost differs from control's at **%d of its %d lifetimes** with an interval "+
			"(%s): %s ([Lifetime cost](%s)).", lr.Differing(), lr.Ratios, lr.names(), aaLifetimeMeaning, pageLink(lifetimePage, ""))
	}
	fmt.Fprintf(w, "\n\n")
}

// aaLifetimeMeaning is what the first page, the banner and the lifetime page say of A/A lifetimes that
// differ from control, in one wording: they are the run's own false positives, and they make a candidate's
// ratio of that size at those N weak evidence (never "not evidence" in one place and "weak" in another).
const aaLifetimeMeaning = "false positives of the run itself, so a candidate's lifetime ratio of that size at those N is weak evidence"

// validityWeaknesses are the banner lines about the measurement's own validity: oversubscribed DOPs,
// unstable cells and A/A failures.
func validityWeaknesses(m *model) []string {
	var out []string
	for _, p := range m.Platforms() {
		if dops := m.oversubscribedDOPs(p); len(dops) > 0 {
			out = append(out, fmt.Sprintf("**DOP %s oversubscribed %s** (%s): their times are throughput across the "+
				"workers, not one operation's latency (marked %s).", andList(dops), p, plural(m.processors(p), "processor"), throughputMark))
		}
	}
	if n, tests := unstableCount(m); n > 0 {
		out = append(out, fmt.Sprintf("**%d of %d cell comparisons are unstable**: control or the candidate ran at two "+
			"separated speeds, so they get no verdict ([Unstable cells](%s) lists their rounds).", n, tests, pageLink(cellsPage, unstableHeading)))
	}
	if r := aaOutcome(m); len(r.Significant) > 0 {
		out = append(out, fmt.Sprintf("**The A/A control differs from control in %d of %d cells** (%s): false "+
			"positives of the run itself.", len(r.Significant), r.Cells, r.names()))
	}
	if r := aaLifetimeOutcome(m); r.Differing() > 0 {
		out = append(out, fmt.Sprintf("**A/A lifetimes differ from control at %d of %d** (%s): %s.", r.Differing(), r.Ratios,
			r.names(), aaLifetimeMeaning))
	}
	return out
}

// roundsLine closes a banner: how many rounds each cell had, whether they ran back to back, and what
// that cannot rule out.
func roundsLine(m *model) string {
	lo, hi := m.roundsRange()
	if hi == 0 {
		return ""
	}
	r := fmt.Sprint(lo)
	if hi != lo {
		r = fmt.Sprintf("%d to %d", lo, hi)
	}
	if back, cells := m.backToBack(); back > 0 {
		return fmt.Sprintf("**%d of %d cells ran their rounds back to back** (%s rounds per cell): a change of speed that "+
			"lasts a whole cell cannot be told from an effect.", back, cells, r)
	}
	return fmt.Sprintf("%s rounds per cell: a change of speed that lasts a whole cell cannot be told from an effect.", r)
}

// backToBack is how many of the runs' cells ran their rounds as one block (matrix.Spread), of all.
func (m *model) backToBack() (back, cells int) {
	for _, rs := range m.Spread {
		back += rs.Contiguous
		cells += len(rs.Cells)
	}
	return back, cells
}

// unstableCount is the number of unstable elapsed-time comparisons, and of all of them.
func unstableCount(m *model) (n, tests int) {
	for _, c := range m.Analysis.Cells {
		for _, d := range c.Deltas {
			if d.Metric == stats.Elapsed.Name {
				tests++
				if d.Unstable {
					n++
				}
			}
		}
	}
	return n, tests
}
