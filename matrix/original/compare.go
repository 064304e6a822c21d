package original

import (
	"fmt"
	"math"
)

// NoChange is the largest change, either way, that counts as "no change" in a published figure. The
// write-ups give medians of three or four runs without intervals, so a figure within 3% of control (the
// split PR's DOP 1 rows: -0.6% and +0.1%) states no effect rather than a small one.
const NoChange = 0.03

// Key names a cell of a run, in the lab's words.
type Key struct {
	Candidate string // as the run names it, e.g. "pooled/8" or "splitalloc"
	Platform  string // goos/goarch
	Backend   string
	Workload  string
	DOP       int
	Phase     string
	Metric    Metric
}

// Measured is the run's paired effect in one cell: candidate/control with its interval.
// Invariant when Valid: Lo <= Ratio <= Hi (Lo and Hi may be infinite when the cell is thin).
type Measured struct {
	Ratio, Lo, Hi float64
	Significant   bool // after the report's multiple-comparison correction
	Valid         bool // false when the cell has no usable pair
}

// Thin reports whether the interval has an unbounded end: too few pairs to say anything.
func (m Measured) Thin() bool { return math.IsInf(m.Hi, 0) || math.IsInf(m.Lo, 0) || m.Lo <= 0 }

// Lookup finds a run's effect for a key; ok is false when the run did not measure that cell.
type Lookup func(Key) (m Measured, ok bool)

// Outcome is how a run's cell stands against a published figure.
type Outcome string

const (
	Agree       Outcome = "agree"         // same direction, significant; or both no change
	Disagree    Outcome = "disagree"      // significant, opposite direction
	NotConfirm  Outcome = "not confirmed" // the figure claims a change; the run finds none significant
	Differs     Outcome = "differs"       // the figure claims no change; the run finds a significant one
	NotMeasured Outcome = "not measured here"
	TooThin     Outcome = "too few pairs here" // the cell has no finite interval
)

// Comparison is one figure set against one cell of a run.
type Comparison struct {
	Figure   Figure
	Key      Key
	Measured Measured
	Outcome  Outcome
	Inside   bool   // the figure's ratio lies inside the run's interval
	Why      string // one sentence on why a difference is expected, or empty
}

// Compare places f against the run's cell k.
func Compare(f Figure, k Key, lookup Lookup) Comparison {
	c := Comparison{Figure: f, Key: k, Outcome: NotMeasured}
	m, ok := lookup(k)
	if !ok || !m.Valid {
		c.Why = notMeasuredWhy(k)
		return c
	}
	c.Measured = m
	if m.Thin() {
		c.Outcome = TooThin
		return c
	}
	r := f.Ratio()
	c.Inside = m.Lo <= r && r <= m.Hi
	claimsChange := math.Abs(r-1) > NoChange
	switch {
	case !m.Significant && !claimsChange:
		c.Outcome = Agree
	case !m.Significant:
		c.Outcome = NotConfirm
	case !claimsChange:
		c.Outcome = Differs
	case (r < 1) == (m.Ratio < 1):
		c.Outcome = Agree
	default:
		c.Outcome = Disagree
	}
	if c.Outcome != Agree {
		c.Why = differenceWhy(k)
	}
	return c
}

// notMeasuredWhy says which job would produce a missing cell.
func notMeasuredWhy(k Key) string {
	switch k.Platform {
	case "windows/amd64":
		return "these cells come from the matrix workflow's windows-2025 job (backend privateheap)"
	case "windows/arm64":
		return "these cells come from the matrix workflow's windows-11-arm job"
	}
	return fmt.Sprintf("this run has no %s %s/%d %s cell on %s, %s", k.Candidate, k.Workload, k.DOP, k.Phase, k.Platform, k.Backend)
}

// differenceWhy names what differs between the write-up's setting and the run's cell.
func differenceWhy(k Key) string {
	switch {
	case k.Platform != Platform:
		return fmt.Sprintf("different platform and allocator: the write-ups measured .NET 10 on Windows x64 (private heap, "+
			"decommit thresholds), this cell is %s with %s", k.Platform, k.Backend)
	case k.Backend != Backend:
		return fmt.Sprintf("different allocator: the write-ups used .NET 10's private heap, this cell %s", k.Backend)
	}
	return "same platform and allocator: the Go engine and host replace .NET's managed stream and P/Invoke layer, " +
		"and the runner and machine differ (hosted 4-vCPU runner vs a developer machine)"
}
