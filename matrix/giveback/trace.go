package giveback

import (
	"fmt"
	"slices"
)

// Round is one round of a probe: the blocks it allocated and touched, the pages they span, the faults
// the process took while allocating and touching them (frees are outside), and the time that took.
// same and window rounds allocate one block; batch/N rounds N; a window's first round is its fill (N
// blocks, no free before them).
type Round struct {
	Blocks int   `json:"blocks"`
	Pages  int   `json:"pages"`
	Faults int64 `json:"faults"`
	NS     int64 `json:"ns"`
}

// Trace is one fresh process's measurement of a Spec. Invariant (Validate): Rounds has the spec's
// round count (a window's fill included, as round 0) and every round at least one block and page.
type Trace struct {
	Spec     Spec    `json:"spec"`
	About    string  `json:"about"` // the backend's own description (its String)
	PageSize int     `json:"page_size"`
	Rounds   []Round `json:"rounds"`
}

// Validate says what is wrong with t, or nil.
func (t Trace) Validate() error {
	if err := t.Spec.Validate(); err != nil {
		return err
	}
	if len(t.Rounds) != t.Spec.Rounds {
		return fmt.Errorf("trace of %s: %d rounds, want %d", t.Spec, len(t.Rounds), t.Spec.Rounds)
	}
	if t.PageSize < 1 {
		return fmt.Errorf("trace of %s: page size %d", t.Spec, t.PageSize)
	}
	for i, r := range t.Rounds {
		if r.Blocks < 1 || r.Pages < r.Blocks || r.Faults < 0 || r.NS < 0 {
			return fmt.Errorf("trace of %s: round %d is %+v: want blocks >= 1, pages >= blocks, faults and ns >= 0", t.Spec, i, r)
		}
	}
	return nil
}

// Steady is one process's steady state: the medians, over the last half of its rounds, of the faults per
// block, the share of the blocks' pages faulted in, and the ns per block. The first half is left out
// because allocators adapt (glibc raises its mmap threshold at the first free of an mapped block).
type Steady struct {
	Faults, Ratio, NS float64
}

// Steady returns t's steady state. A trace that passed Validate has at least two steady rounds.
func (t Trace) Steady() Steady {
	tail := t.Rounds[len(t.Rounds)/2:]
	faults := make([]float64, len(tail))
	ratio := make([]float64, len(tail))
	ns := make([]float64, len(tail))
	for i, r := range tail {
		faults[i] = float64(r.Faults) / float64(r.Blocks)
		ratio[i] = float64(r.Faults) / float64(r.Pages)
		ns[i] = float64(r.NS) / float64(r.Blocks)
	}
	return Steady{Faults: median(faults), Ratio: median(ratio), NS: median(ns)}
}

// First is the faults per block of t's first round: a fresh process's first allocations.
func (t Trace) First() float64 {
	r := t.Rounds[0]
	return float64(r.Faults) / float64(r.Blocks)
}

// median of vs (not empty); vs is sorted in place.
func median(vs []float64) float64 {
	slices.Sort(vs)
	n := len(vs)
	if n%2 == 1 {
		return vs[n/2]
	}
	return (vs[n/2-1] + vs[n/2]) / 2
}
