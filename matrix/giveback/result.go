package giveback

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// FaultingRatio is where a point counts as faulting: at least half of its blocks' pages faulted in
// again per allocation, because the freed memory went back to the OS or because the allocator took
// fresh memory instead of reusing it (the probe's faults cannot tell which; docs/notebook's
// 2026-12-04-give-back-thresholds.md does, with strace). Reused memory faults about none, new memory
// about all of it, so the split falls in the wide gap between and a few faults of the Go runtime's own
// move nothing.
const FaultingRatio = 0.5

// Result is the probe's whole answer on one platform, as data: every backend's points and thresholds.
// Backends keep the order they were asked in, points the order of (pattern, size ascending).
type Result struct {
	Platform string    `json:"platform"` // goos/goarch
	OS       string    `json:"os"`
	CPU      string    `json:"cpu"`
	Wine     string    `json:"wine,omitempty"` // wine's version when the probe ran under wine
	Go       string    `json:"go"`
	PageSize int       `json:"page_size"`
	Rounds   int       `json:"rounds"`  // per process
	Repeats  int       `json:"repeats"` // fresh processes per point
	Marks    []Mark    `json:"marks"`   // the sizes the chart marks
	Backends []Backend `json:"backends"`
}

// Backend is one allocator's points and, per pattern, its threshold.
type Backend struct {
	Name       string      `json:"name"`
	About      string      `json:"about"`
	Points     []Point     `json:"points"`
	Thresholds []Threshold `json:"thresholds"`
}

// Point is one (size, pattern) of a backend over its processes: medians across the processes of each
// one's steady state (Trace.Steady) and first round.
type Point struct {
	Size    int     `json:"size"`
	Pattern Pattern `json:"pattern"`
	Pages   float64 `json:"pages"`        // pages one block spans
	First   float64 `json:"first_faults"` // faults per block in a fresh process's first round
	Faults  float64 `json:"faults"`       // faults per block, steady
	Ratio   float64 `json:"ratio"`        // steady faults over pages: 0 reused, 1 every page faulted in again
	NS      float64 `json:"ns"`           // allocation and touch, ns per block, steady (under whatever load ran beside it)
	// RatioLow, RatioHigh: the lowest and highest process's steady ratio.
	RatioLow  float64 `json:"ratio_low"`
	RatioHigh float64 `json:"ratio_high"`
	Processes int     `json:"processes"`
}

// Faulting says whether the point's allocations fault their pages in again: Ratio >= FaultingRatio.
func (p Point) Faulting() bool { return p.Ratio >= FaultingRatio }

// Summarize makes one Point from the traces of one spec's processes (at least one, all of that spec).
func Summarize(traces []Trace) (Point, error) {
	if len(traces) == 0 {
		return Point{}, fmt.Errorf("giveback: no traces to summarize")
	}
	spec := traces[0].Spec
	var first, faults, ratio, ns, pages []float64
	for _, t := range traces {
		if t.Spec != spec {
			return Point{}, fmt.Errorf("giveback: traces of %s and %s summarized together", spec, t.Spec)
		}
		if err := t.Validate(); err != nil {
			return Point{}, fmt.Errorf("giveback: %w", err)
		}
		s := t.Steady()
		first = append(first, t.First())
		faults, ratio, ns = append(faults, s.Faults), append(ratio, s.Ratio), append(ns, s.NS)
		last := t.Rounds[len(t.Rounds)-1]
		pages = append(pages, float64(last.Pages)/float64(last.Blocks))
	}
	lo, hi := slices.Min(ratio), slices.Max(ratio)
	return Point{
		Size: spec.Size, Pattern: spec.Pattern,
		Pages: median(pages), First: median(first), Faults: median(faults), Ratio: median(ratio), NS: median(ns),
		RatioLow: lo, RatioHigh: hi, Processes: len(traces),
	}, nil
}

// Threshold is where one pattern's points turn from reused (no faults) to faulting, for one backend.
//
//   - From: the smallest size from which every larger size of the sweep faults; 0 when the largest is
//     reused (nothing faults at the top of the sweep).
//   - Below: the largest size under From, reused; 0 when From is the sweep's smallest (all fault).
//   - Exceptions: sizes under Below that fault all the same (a backend whose change is not one step).
type Threshold struct {
	Pattern    Pattern `json:"pattern"`
	Below      int     `json:"below"`
	From       int     `json:"from"`
	Exceptions []int   `json:"exceptions,omitempty"`
}

// Thresholds finds each pattern's threshold among points, patterns in the order they first appear.
func Thresholds(points []Point) []Threshold {
	var order []Pattern
	by := map[Pattern][]Point{}
	for _, p := range points {
		if _, ok := by[p.Pattern]; !ok {
			order = append(order, p.Pattern)
		}
		by[p.Pattern] = append(by[p.Pattern], p)
	}
	var out []Threshold
	for _, pat := range order {
		ps := slices.Clone(by[pat])
		slices.SortFunc(ps, func(a, b Point) int { return a.Size - b.Size })
		t := Threshold{Pattern: pat}
		i := len(ps) // ps[i:] all fault
		for i > 0 && ps[i-1].Faulting() {
			i--
		}
		if i < len(ps) {
			t.From = ps[i].Size
		}
		if i > 0 {
			t.Below = ps[i-1].Size
		}
		for _, p := range ps[:max(i-1, 0)] {
			if p.Faulting() {
				t.Exceptions = append(t.Exceptions, p.Size)
			}
		}
		out = append(out, t)
	}
	return out
}

// WriteJSON writes r as indented JSON.
func (r Result) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// ReadJSON reads a Result WriteJSON wrote; a file without backends is an error naming it.
func ReadJSON(r io.Reader, name string) (Result, error) {
	var out Result
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&out); err != nil {
		return Result{}, fmt.Errorf("giveback: %s: %w", name, err)
	}
	if len(out.Backends) == 0 {
		return Result{}, fmt.Errorf("giveback: %s: no backends", name)
	}
	return out, nil
}
