package hostresult

import "slices"

// Service is what a service-workload sample records of its background heap (workload.Background) and of
// the probe; nil for every other workload.
//
// Invariant: Allocs == Frees in every result a host prints (every background block is freed before the
// result is made; a host whose frees fall short fails instead of printing).
type Service struct {
	Heap string `json:"heap"` // the process heap the background lives in (nativemem.ProcessHeap)
	// Arenas is glibc malloc's arena count at the end of the sample (1: every thread shared the main
	// arena, as the hosts ask with M_ARENA_MAX 1 for this workload); 0 where it cannot be said.
	Arenas      int    `json:"arenas,omitempty"`
	Seed        uint64 `json:"seed"`        // the background's seed
	Blocks      int    `json:"blocks"`      // the population
	ChurnPerOp  int    `json:"churnPerOp"`  // churn steps after every operation
	SettleSteps int    `json:"settleSteps"` // churn steps after the build, before the first operation
	// LiveBlocks and LiveBytes are the background's blocks and bytes at the end of the measured region.
	LiveBlocks int64 `json:"liveBlocks"`
	LiveBytes  int64 `json:"liveBytes"`
	// ChurnSteps counts the steps taken in the measured region, and ChurnNs their time summed over the
	// workers. At DOP 1 ElapsedNs leaves it out, exactly (one worker churns while nothing else runs):
	// ElapsedNs = WallNs - ChurnNs. Above DOP 1 ElapsedNs = WallNs, the churn included: a churn's wall
	// time there holds other workers' operations and the wait for the background's lock, so no share of
	// it is the churn's own (see NormalizeChurnClock).
	// Faults are not split: MinorFaults counts the process's, churn's included, and ChurnFaults the
	// process's faults while a churn ran (exact at DOP 1; above it, other workers' faults meanwhile too).
	ChurnSteps  int64 `json:"churnSteps"`
	ChurnNs     int64 `json:"churnNs"`
	ChurnFaults int64 `json:"churnFaults"`
	WallNs      int64 `json:"wallNs"` // the measured region's wall time, churn included
	// Allocs and Frees are the background's blocks allocated and freed over the whole process.
	Allocs int64 `json:"allocs"`
	Frees  int64 `json:"frees"`
	// Pristine is the probe before the background was built (the process's heap as the other workloads
	// find it); Fragmented the probe after the measured region, with a churn of ChurnPerOp steps before
	// each repetition.
	Pristine   Probe `json:"pristine"`
	Fragmented Probe `json:"fragmented"`
}

// Probe is the cost of allocating one state-sized block (Size bytes) on the sample's backend, writing
// one byte in each of its 4 KiB pages, and freeing it, repeated: the time and the faults of each repetition.
//
// Invariant: len(Ns) == len(Faults).
type Probe struct {
	Size   int     `json:"size"`
	Ns     []int64 `json:"ns"`
	Faults []int64 `json:"faults"` // minor + major (Windows: all) faults
}

// MedianNs is the median repetition's time, 0 without repetitions.
func (p Probe) MedianNs() int64 {
	if len(p.Ns) == 0 {
		return 0
	}
	s := slices.Clone(p.Ns)
	slices.Sort(s)
	return s[len(s)/2]
}

// MeanFaults is the faults per repetition, 0 without repetitions.
func (p Probe) MeanFaults() float64 {
	if len(p.Faults) == 0 {
		return 0
	}
	var sum int64
	for _, f := range p.Faults {
		sum += f
	}
	return float64(sum) / float64(len(p.Faults))
}

// NormalizeChurnClock makes a service result recorded before 5 December 2026 read as hosts now record it.
// Those hosts took ChurnNs/DOP off ElapsedNs at every DOP; above DOP 1 that removed other workers' time
// too (the committed service run's control at DOP 8, warm: 9.5 µs per operation left of a 54.5 µs wall),
// so there ElapsedNs becomes the region's wall time, WallNs, as it is now. Results without a service
// record, at DOP 1, or already so are left as they are.
func NormalizeChurnClock(r *Result) {
	if r != nil && r.Service != nil && !ChurnOffClock(r.DOP) && r.Service.WallNs > 0 {
		r.ElapsedNs = r.Service.WallNs
	}
}

// ChurnOffClock reports whether a service sample at dop leaves its background's churn out of ElapsedNs:
// at DOP 1 only, where the churn's time is exactly its own.
func ChurnOffClock(dop int) bool { return dop == 1 }
