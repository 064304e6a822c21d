package host

import (
	"github.com/deflatelab/deflatelab/matrix/procstat"
)

// firstOps is one worker's exact durations of its first measured operations. A fixed array, so that
// recording one is an index and a store: no allocation inside the loop.
//
// Invariant: 0 <= n <= FirstOps, and ns[:n] are the durations of the worker's first n measured operations.
type firstOps struct {
	ns [FirstOps]int64
	n  int
}

// record keeps d when fewer than FirstOps durations are kept.
func (f *firstOps) record(d int64) {
	if f.n < FirstOps {
		f.ns[f.n] = d
		f.n++
	}
}

// slice is the kept durations, for the result.
func (f *firstOps) slice() []int64 { return append([]int64{}, f.ns[:f.n]...) }

// mechanism is one worker's per-operation counts over the measured region (see Counters for their
// meaning): plain integers, each written by its own goroutine only and summed after the region.
type mechanism struct {
	cpuChanges int64 // measured operations on another processor than the worker's previous one
	reuses     int64 // measured operations whose state an earlier operation had used
	handoffs   int64 // ... and whose state's previous operation ran on another processor
}

func (m *mechanism) add(o *mechanism) {
	m.cpuChanges += o.cpuChanges
	m.reuses += o.reuses
	m.handoffs += o.handoffs
}

// startRun resets what a run records: the first durations, the processor, the mechanism counts.
func (s *sink) startRun(measured bool) {
	s.first.n = 0
	s.cpu = -1
	s.measured = measured
	s.mech = mechanism{}
	s.churnNs, s.churns, s.churnFaults = 0, 0, 0
}

// onProcessor records that the worker's next operation starts on processor cpu (-1 unknown), counting a
// change from the worker's previous operation of the same run.
func (s *sink) onProcessor(cpu int) {
	if s.measured && s.cpu >= 0 && cpu >= 0 && cpu != s.cpu {
		s.mech.cpuChanges++
	}
	s.cpu = cpu
}

// stateMark is the mark a worker leaves on the native state of its operation: the processor + 1, so that
// 0 stays "never used" (deflate.State.SwapMark), or noProcessorMark when the processor is unknown.
func stateMark(cpu int) int64 {
	if cpu < 0 {
		return noProcessorMark
	}
	return int64(cpu) + 1
}

// noProcessorMark marks a state used on an unknown processor: a reuse, never a handoff.
const noProcessorMark = -1

// usedState records the mark the operation's state carried before this operation marked it: a state
// marked before is a reuse, and one last used on another known processor a handoff.
func (s *sink) usedState(prev int64) {
	if !s.measured || prev == 0 {
		return
	}
	s.mech.reuses++
	if prev > 0 && s.cpu >= 0 && prev != stateMark(s.cpu) {
		s.mech.handoffs++
	}
}

// processor is where the loop reads the processor: procstat.Processor, a variable so that a test can
// place operations on chosen processors.
var processor = procstat.Processor
