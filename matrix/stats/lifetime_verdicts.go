package stats

// PhaseDelta is cand's elapsed-time delta in lifetime l's cell at phase ("cold" or "warm"); nil when
// that cell was not analysed or cand has no delta in it.
func (a *Analysis) PhaseDelta(l *Lifetime, phase, cand string) *Delta {
	for _, c := range a.Cells {
		if c.Platform == l.Platform && c.Backend == l.Backend && c.Workload == l.Workload && c.DOP == l.DOP && c.Phase == phase {
			return c.Delta(cand, Elapsed.Name)
		}
	}
	return nil
}

// VerdictsDisagree reports whether the elapsed-time verdicts of lifetime l's cell fail to back cand's
// win over a process of n operations: a lifetime up to the cold samples' measured operations is backed
// by a cold verdict of faster; a longer one (its level beyond extrapolated from the warm cell) by a cold
// or a warm verdict of faster, or by the absence of a warm verdict. A cell without a cold delta has no
// verdict to disagree with. It returns the two phases' deltas it read (nil when absent), which the
// report's footnote shows.
func (a *Analysis) VerdictsDisagree(l *Lifetime, cand string, n int) (cold, warm *Delta, disagree bool) {
	cold, warm = a.PhaseDelta(l, "cold", cand), a.PhaseDelta(l, "warm", cand)
	measured := 0
	if c := l.Comparisons[cand]; c != nil {
		measured = c.Measured
	}
	if cold == nil || cold.Class() == Faster || (n > measured && (warm == nil || warm.Class() == Faster)) {
		return cold, warm, false
	}
	return cold, warm, true
}
