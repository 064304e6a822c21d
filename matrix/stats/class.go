package stats

import (
	"math"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/sequential"
)

// Class is a cell comparison's verdict: the word a report prints and cells.json records.
type Class string

// The verdict classes. Unstable overrides the rest: a cell where control or the candidate ran at two
// speeds (package regime) gets no direction, whatever its test says. Otherwise a delta's Class
// (Delta.Class) is read from its selection-adjusted interval (Delta.Adjusted) and the equivalence
// margin: an interval inside +-margin is Equivalent (a change, if any, too small to matter), one wholly
// below zero Faster, wholly above Slower, anything else Inconclusive.
const (
	Faster       Class = "faster"
	Slower       Class = "slower"
	Equivalent   Class = "equivalent"   // interval inside +-margin
	Inconclusive Class = "inconclusive" // not significant, not equivalent (was "~")
	Unstable     Class = "unstable"     // regimes detected in control or candidate (validity)
	NoData       Class = "nodata"
)

// DefaultEquivMargin is the equivalence margin when none is given: +-2% of control's time (the reasons
// are in docs/METHOD.md, "Verdicts: faster, slower, equivalent, inconclusive"); the runner's adaptive
// stopping uses the same one.
const DefaultEquivMargin = matrix.DefaultEquivMargin

// Mark is the sign a table prints before a cell's change: "~" inconclusive, "≈" equivalent, "" for the
// others (the change's sign says faster or slower; unstable and no data print words).
func (c Class) Mark() string {
	switch c {
	case Inconclusive:
		return "~"
	case Equivalent:
		return "≈"
	}
	return ""
}

// Decided reports whether the class is a difference: Faster or Slower.
func (c Class) Decided() bool { return c == Faster || c == Slower }

// Split reports whether the delta is Inconclusive only because its runner instances do not point one way
// (Instances.Disagree or Split) while its interval excludes 0: a page must not print it as "~" beside such
// an interval, which would read as a contradiction.
func (d *Delta) Split() bool {
	if d.Instances == nil || !(d.Instances.Disagree || d.Instances.Split) || d.Class() != Inconclusive {
		return false
	}
	lo, hi, _ := d.adjustedLog()
	return lo > 0 || hi < 0
}

// Class is the delta's verdict: NoData when a side has no usable sample, Unstable when either side shows
// speed regimes; then, from the selection-adjusted interval when there is one, Equivalent, Faster,
// Slower or Inconclusive; without an interval (too few pairs) Faster or Slower when the U test is
// significant after the correction, else Inconclusive - never Equivalent.
func (d *Delta) Class() Class {
	switch {
	case d.Test.N1 == 0 || d.Test.N2 == 0:
		return NoData
	case d.Unstable:
		return Unstable
	case d.Sequential != nil:
		if d.Sequential.Class == sequential.Undecided {
			return Inconclusive
		}
		return Class(d.Sequential.Class)
	case d.Instances.Decides() || (d.Paired() && !d.Adjusted.Thin()):
		lo, hi, _ := d.adjustedLog()
		switch {
		case inMargin(lo, hi, d.Margin()):
			return Equivalent
		case d.Instances != nil && (d.Instances.Disagree || d.Instances.Split): // the instances point opposite ways: no direction
			return Inconclusive
		case hi < 0:
			return Faster
		case lo > 0:
			return Slower
		}
		return Inconclusive
	case !d.Significant():
		return Inconclusive
	case d.Direction() < 0:
		return Faster
	case d.Direction() > 0:
		return Slower
	}
	return Inconclusive
}

// inMargin reports whether the log-ratio interval [lo, hi] lies within +-margin of no change.
func inMargin(lo, hi, margin float64) bool {
	return margin > 0 && lo >= math.Log(1-margin) && hi <= math.Log(1+margin)
}
