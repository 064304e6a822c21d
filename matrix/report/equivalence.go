package report

import "github.com/deflatelab/deflatelab/matrix/stats"

// equivalenceRule is the one rule every legend states for "≈" beside significance (stats.Delta.Class
// reads equivalence first): an interval inside the margin is ≈, whether or not it excludes 0, so a cell
// never carries two labels; a significant change smaller than the margin is "≈ (shown smaller than 2%)".
// On a page of several runner instances it also states "split": an interval that excludes 0 whose
// instances point different ways, which gets no verdict (stats.Delta.Split).
func equivalenceRule(md *model) string {
	m := pctNum(md.margin()*100) + "%"
	rule := "≈: the interval lies inside ±" + m + " - equivalent, whether or not it excludes 0 (a change shown smaller than " +
		m + " is ≈, never faster or slower); faster or slower: it excludes 0 and reaches past ±" + m + "; ~: neither (inconclusive)"
	if md.merged() {
		rule += "; split: it excludes 0, but a runner instance's own estimate points the other way, so no verdict"
	}
	return rule
}

// merged reports whether any platform's results hold more than one runner instance.
func (m *model) merged() bool {
	for p := range m.RunsOf {
		if m.instances(p) > 1 {
			return true
		}
	}
	return false
}

// shownSmaller marks an equivalent delta whose interval also excludes 0: the change is real and smaller
// than the margin, which the per-cell table says beside "≈ equivalent".
func shownSmaller(d *stats.Delta) bool {
	if d.Class() != stats.Equivalent {
		return false
	}
	_, lo, hi := d.AdjustedPercent()
	return lo > 0 || hi < 0
}
