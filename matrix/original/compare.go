package original

import (
	"fmt"
	"math"
	"slices"
)

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

// Measured is the run's paired effect in one cell: candidate/control with the interval the run's
// verdict is read from, and that verdict.
// Invariant when Valid: Lo <= Ratio <= Hi (Lo and Hi may be infinite when the cell has no interval).
type Measured struct {
	Ratio, Lo, Hi float64
	Class         string // the run's verdict: faster, slower, equivalent, inconclusive, unstable, nodata
	Valid         bool   // false when the cell has no usable pair
	// Oversubscribed: the run's cell ran more workers than its machine's processors, so its time is
	// throughput under contention, not one operation's latency (marked ‡ wherever the cell is named).
	Oversubscribed bool
}

// Thin reports whether the interval has an unbounded end.
func (m Measured) Thin() bool { return math.IsInf(m.Hi, 0) || math.IsInf(m.Lo, 0) || m.Lo <= 0 }

// Target is a platform and backend of a run to hold the figures against.
type Target struct{ Platform, Backend string }

// Run is what the comparison needs of a run.
type Run struct {
	// Lookup finds the run's effect in one cell; ok is false when the run did not measure it.
	Lookup func(Key) (m Measured, ok bool)
	// Phase lists the run's effects in every cell of a phase for a candidate and metric on a target.
	Phase func(t Target, candidate, phase string, m Metric) []Measured
	// Idle lists, for a candidate on a target, each warm cell in which its pool can hold states idle
	// states (its capacity and the workload's configurations times the DOP both reach that many): the
	// median idle bytes at the end of the cell, and the cell's DOP.
	Idle func(t Target, candidate string, states int) []IdleCell
	// CellRatios lists, for a variant in a workload on a platform, each DOP and phase's ratio of its
	// metric on backend num over backend den, paired by round; nil when the run lacks either backend
	// there (or does not say).
	CellRatios func(platform, workload, variant, num, den string, m Metric) []CellRatio
	// Margin is the run's equivalence margin, a fraction: a published change within it states no
	// direction to agree or disagree with.
	Margin float64
}

// IdleCell is one warm cell's idle memory: the median idle bytes of a candidate, at a DOP.
type IdleCell struct {
	Bytes float64
	DOP   int
}

// Comparison is one figure set against one cell of a run.
type Comparison struct {
	Figure   Figure
	Key      Key
	Measured Measured
	Found    bool // the run measured the cell
	Inside   bool // the published ratio lies inside the run's interval
	Why      string
	margin   float64
	// Unstated holds, for a figure whose workload the write-up does not state, the run's cell of each of
	// its workloads at the figure's DOP and phase: shown beside the figure, none chosen as its cell.
	Unstated []Comparison
	Unplaced bool // the figure's workload is not stated: it has no cell of its own
}

// Compare places f against the run's cell k.
func Compare(f Figure, k Key, run Run) Comparison {
	c := Comparison{Figure: f, Key: k}
	m, ok := run.Lookup(k)
	if !ok || !m.Valid {
		c.Why = notMeasuredWhy(k)
		return c
	}
	c.Found, c.Measured, c.margin = true, m, run.Margin
	r := f.Ratio()
	c.Inside = !m.Thin() && m.Lo <= r && r <= m.Hi
	c.Why = settingWhy(f.Source, k)
	return c
}

// Outcome says how the run's cell stands against the figure, with magnitudes: the direction, the size
// of the effect here against the published one, and whether the published value lies inside the
// interval - "same direction, 10x smaller here; published value outside the interval".
func (c Comparison) Outcome() string {
	if c.Unplaced {
		return "not placed: the write-up does not state the workload"
	}
	if !c.Found {
		return "not measured here"
	}
	m, r := c.Measured, c.Figure.Ratio()
	var dir string
	switch m.Class {
	case "unstable":
		return "unstable here (two speeds): no direction"
	case "nodata":
		return "no data here"
	case "equivalent":
		dir = "no difference here (equivalent)"
	case "inconclusive":
		dir = "inconclusive here"
	case "faster", "slower":
		if math.Abs(math.Log(r)) < math.Log1p(c.margin) {
			dir = fmt.Sprintf("published change within ±%.0f%%, here %s", c.margin*100, m.Class)
		} else if (r < 1) == (m.Ratio < 1) {
			dir = "same direction, " + sizeText(math.Log(m.Ratio)/math.Log(r))
		} else {
			dir = "opposite direction"
		}
	default:
		dir = m.Class + " here"
	}
	switch {
	case m.Thin():
		return dir + "; no interval here"
	case c.Inside:
		return dir + "; published value inside the interval"
	}
	return dir + "; published value outside the interval"
}

// sizeText compares the effect here with the published one, k = ln(ratio here) / ln(published ratio).
func sizeText(k float64) string {
	switch {
	case k >= 2.0/3 && k <= 1.5:
		return "about the same size"
	case k < 2.0/3:
		return factor(1/k) + " smaller here"
	}
	return factor(k) + " larger here"
}

func factor(x float64) string {
	if x < 10 {
		return fmt.Sprintf("%.1fx", x)
	}
	return fmt.Sprintf("%.0fx", x)
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

// settingWhy says what differs between the write-up's setting and the run's cell, in the write-up's
// words: its machine, and its allocator where it names one. It attributes no difference to a cause.
func settingWhy(s Source, k Key) string {
	heap := "names no allocator"
	if s.Heap != "" {
		heap = fmt.Sprintf("a dedicated Windows heap (%q)", s.Heap)
	}
	if k.Platform == Platform && k.Backend == Backend {
		return fmt.Sprintf("the %s write-up: Windows x64 (%q), %s; this cell: the lab's Go engine and host on "+
			"the same platform and allocator", s.ID, s.Setting, heap)
	}
	return fmt.Sprintf("the %s write-up: Windows x64 (%q), %s; this cell: %s with %s", s.ID, s.Setting, heap, k.Platform, k.Backend)
}

// ClaimResult is a stated direction against every cell of the phase in the run.
type ClaimResult struct {
	Claim                              Claim
	Target                             Target
	Agree, Opposite, Same, Unstable, N int // cells: same direction, opposite, equivalent or inconclusive, unstable; all
}

// Outcome says in how many cells the run moves the claimed way.
func (r ClaimResult) Outcome() string {
	if r.N == 0 {
		return "not measured here"
	}
	s := fmt.Sprintf("same direction in %d of %d cells, opposite in %d, neither in %d", r.Agree, r.N, r.Opposite, r.Same)
	if r.Unstable > 0 {
		s += fmt.Sprintf(", unstable in %d", r.Unstable)
	}
	return s
}

// CompareClaim holds a claim against every cell of its phase on t.
func CompareClaim(c Claim, candidate string, t Target, run Run) ClaimResult {
	r := ClaimResult{Claim: c, Target: t}
	for _, m := range run.Phase(t, candidate, c.Phase, c.Metric) {
		r.N++
		switch {
		case m.Class == "unstable":
			r.Unstable++
		case (m.Class == "slower" && c.Direction > 0) || (m.Class == "faster" && c.Direction < 0):
			r.Agree++
		case m.Class == "slower" || m.Class == "faster":
			r.Opposite++
		default:
			r.Same++
		}
	}
	return r
}

// MemoryResult is an idle-memory estimate against the run's measured idle bytes, in the cells where the
// pool can hold as many states as the estimate counts (Estimate.Capacity).
type MemoryResult struct {
	Estimate MemoryEstimate
	Target   Target
	Measured []float64 // per such warm cell, the median idle bytes
	DOPs     []int     // the cells' DOPs
	Lo, Hi   float64   // their range
}

// Outcome says where the estimate falls against the measured range.
func (r MemoryResult) Outcome() string {
	switch {
	case len(r.Measured) == 0:
		return "not measured here"
	case r.Estimate.Bytes >= r.Lo && r.Estimate.Bytes <= r.Hi:
		return "estimate inside the measured range"
	case r.Estimate.Bytes < r.Lo:
		return fmt.Sprintf("estimate %.1f%% below the smallest measured", (1-r.Estimate.Bytes/r.Lo)*100)
	}
	return fmt.Sprintf("estimate %.1f%% above the largest measured", (r.Estimate.Bytes/r.Hi-1)*100)
}

// CompareMemory holds an estimate against the idle bytes of candidate on t.
func CompareMemory(e MemoryEstimate, candidate string, t Target, run Run) MemoryResult {
	r := MemoryResult{Estimate: e, Target: t}
	for _, c := range run.Idle(t, candidate, e.Capacity) {
		r.Measured = append(r.Measured, c.Bytes)
		if !slices.Contains(r.DOPs, c.DOP) {
			r.DOPs = append(r.DOPs, c.DOP)
		}
	}
	slices.Sort(r.DOPs)
	for i, v := range r.Measured {
		if i == 0 || v < r.Lo {
			r.Lo = v
		}
		r.Hi = max(r.Hi, v)
	}
	return r
}
