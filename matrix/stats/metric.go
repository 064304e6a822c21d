package stats

import (
	"math"

	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// Metric is one quantity measured per sample. Value is only called on successful samples (Result non-nil);
// it returns NaN when the sample does not have the quantity - a mechanism counter its OS or host could not
// give, or a result recorded before the counter existed - and such a sample is left out of the metric's
// estimate and pairs: absent, never 0.
type Metric struct {
	Name  string // short identifier, stable across reports
	Unit  string // as printed in tables and in the Go benchmark format
	Label string // column heading
	Value func(r *hostresult.Result) float64
}

// perOp divides a total by the measured operations; a sample with no operations yields 0, never a NaN.
func perOp(total float64, r *hostresult.Result) float64 {
	if r.Ops <= 0 {
		return 0
	}
	return total / float64(r.Ops)
}

// The metrics the lab reports. Elapsed is the whole measured region, as the seeds quote it (cold: the
// first operations of a fresh process; warm: the operations after warm-up); ElapsedPerOp is the same
// time per operation, as the Go benchmark format quotes it. Paired ratios are identical for the two.
var (
	Elapsed      = Metric{"elapsed", "ms", "Elapsed", func(r *hostresult.Result) float64 { return float64(r.ElapsedNs) / 1e6 }}
	ElapsedPerOp = Metric{"ns/op", "ns/op", "Time/op", func(r *hostresult.Result) float64 { return perOp(float64(r.ElapsedNs), r) }}
	Faults       = Metric{"faults/op", "faults/op", "Page faults/op", func(r *hostresult.Result) float64 {
		return perOp(float64(r.MinorFaults+r.MajorFaults), r)
	}}
	NativeAllocs = Metric{"native-allocs/op", "native-allocs/op", "Native allocs/op", func(r *hostresult.Result) float64 { return perOp(float64(r.NativeAllocs), r) }}
	NativeFrees  = Metric{"native-frees/op", "native-frees/op", "Native frees/op", func(r *hostresult.Result) float64 { return perOp(float64(r.NativeFrees), r) }}
	NativeResets = Metric{"native-resets/op", "native-resets/op", "Resets/op", func(r *hostresult.Result) float64 { return perOp(float64(r.NativeResets), r) }}
	GoBytes      = Metric{"B/op", "B/op", "Go B/op", func(r *hostresult.Result) float64 { return perOp(float64(r.GoBytes), r) }}
	GoAllocs     = Metric{"allocs/op", "allocs/op", "Go allocs/op", func(r *hostresult.Result) float64 { return perOp(float64(r.GoAllocs), r) }}
	IdleBytes    = Metric{"idle-B", "B", "Idle retained B", func(r *hostresult.Result) float64 { return float64(r.IdleBytes) }}
	PeakRSS      = Metric{"peak-rss-B", "B", "Peak RSS", func(r *hostresult.Result) float64 { return float64(r.PeakRSS) }}
	// Split is 1 when the split-head layout was active (splitalloc off Win64 runs control's layout unless
	// forced), so a report can say when a candidate did not differ from control at all.
	Split = Metric{"split", "", "Split layout", func(r *hostresult.Result) float64 {
		if r.Split {
			return 1
		}
		return 0
	}}
)

// The mechanism counters (hostresult.Counters), per operation: what the machine did while the operations ran.
var (
	CPUPerOp = counterMetric(hostresult.CPUNsPerOp)
	// BusyProcessors is the process's CPU time over its elapsed time: how many processors its threads kept
	// busy on average. Below the DOP, workers waited (for a lock, the allocator, the kernel, or a processor
	// another process held).
	BusyProcessors = Metric{"busy-procs", "procs", "Busy processors", func(r *hostresult.Result) float64 {
		if r.Counters == nil || r.Counters.CPUNs == nil || r.ElapsedNs <= 0 {
			return math.NaN()
		}
		return float64(*r.Counters.CPUNs) / float64(r.ElapsedNs)
	}}
	VolCtxSw   = counterMetric(hostresult.VolCtxSwPerOp)
	InvolCtxSw = counterMetric(hostresult.InvolCtxSwPerOp)
	StealPerOp = counterMetric(hostresult.StealNsPerOp)
	Cycles     = counterMetric(hostresult.CyclesPerOp)
	CPUChanges = counterMetric(hostresult.CPUChangesPerOp)
	Handoffs   = counterMetric(hostresult.HandoffsPerOp)
)

// CounterMetrics are the mechanism counters' metrics, in report order.
var CounterMetrics = []Metric{CPUPerOp, BusyProcessors, VolCtxSw, InvolCtxSw, StealPerOp, Cycles, CPUChanges, Handoffs}

// counterMetric is the metric of one counter per operation: NaN when the sample lacks it.
func counterMetric(k hostresult.Counter) Metric {
	return Metric{k.Unit, k.Unit, k.Label, func(r *hostresult.Result) float64 {
		if v, ok := k.PerOp(r); ok {
			return v
		}
		return math.NaN()
	}}
}

// Metrics lists every metric Analyze computes, in report order.
var Metrics = append([]Metric{Elapsed, ElapsedPerOp, Faults, NativeAllocs, NativeFrees, NativeResets, GoBytes, GoAllocs, IdleBytes, PeakRSS, Split}, CounterMetrics...)
