package stats

import "math"

// Class is a cell's verdict for one candidate and metric, the one word every summary, table and chart of
// a report uses for it.
type Class string

// The classes. A delta's Class (Delta.Class) is decided from its selection-adjusted interval (see
// Delta.Adjusted) and the equivalence margin, in this order: no usable sample on a side is NoData; an
// interval inside +-margin is Equivalent (a change, if any, too small to matter); an interval wholly
// below zero is Faster, wholly above Slower; anything else is Inconclusive. Unstable is set by the
// validity checks (regimes in control or the candidate), never by Delta.Class.
const (
	Faster       Class = "faster"
	Slower       Class = "slower"
	Equivalent   Class = "equivalent"   // interval inside +-margin
	Inconclusive Class = "inconclusive" // not significant, not equivalent (was "~")
	Unstable     Class = "unstable"     // regimes detected in control or candidate (validity)
	NoData       Class = "nodata"
)

// DefaultEquivMargin is the equivalence margin when none is given: +-2% of control's time, the smallest
// change the original write-ups treated as a change (their "within 2-3%: no change"), and above the
// rounds-to-rounds drift of a quiet machine (docs/METHOD.md, "Equivalence").
const DefaultEquivMargin = 0.02

// Mark is the short sign a table prints before a cell's change: "~" inconclusive, "≈" equivalent,
// "?" unstable, "" for the others (the change's sign says faster or slower).
func (c Class) Mark() string {
	switch c {
	case Inconclusive:
		return "~"
	case Equivalent:
		return "≈"
	case Unstable:
		return "?"
	}
	return ""
}

// Decided reports whether the class is a difference: Faster or Slower.
func (c Class) Decided() bool { return c == Faster || c == Slower }

// inMargin reports whether the log-ratio interval [lo, hi] lies within +-margin of no change.
func inMargin(lo, hi, margin float64) bool {
	return margin > 0 && lo >= math.Log(1-margin) && hi <= math.Log(1+margin)
}
