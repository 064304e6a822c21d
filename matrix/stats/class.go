package stats

// Class is a cell comparison's verdict: the word a report prints and cells.json records.
type Class string

// The verdict classes. Unstable overrides the rest: a cell where control or the candidate ran at two
// speeds (package regime) gets no direction, whatever its test says.
const (
	Faster       Class = "faster"
	Slower       Class = "slower"
	Equivalent   Class = "equivalent"   // interval inside +-margin
	Inconclusive Class = "inconclusive" // not significant, not equivalent (was "~")
	Unstable     Class = "unstable"     // regimes detected in control or candidate (validity)
	NoData       Class = "nodata"
)

// Class is the delta's verdict: NoData when a side has no usable sample, Unstable when either side shows
// speed regimes, Faster or Slower when significant after the correction, else Inconclusive.
func (d *Delta) Class() Class {
	switch {
	case d.Test.N1 == 0 || d.Test.N2 == 0:
		return NoData
	case d.Unstable:
		return Unstable
	case !d.Significant():
		return Inconclusive
	case d.Direction() < 0:
		return Faster
	case d.Direction() > 0:
		return Slower
	}
	return Inconclusive
}
