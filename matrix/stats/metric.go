package stats

import "github.com/deflatelab/deflatelab/matrix/host"

// Metric is one quantity measured per sample. Value is only called on successful samples (Result non-nil).
type Metric struct {
	Name  string // short identifier, stable across reports
	Unit  string // as printed in tables and in the Go benchmark format
	Label string // column heading
	Value func(r *host.Result) float64
}

// perOp divides a total by the measured operations; a sample with no operations yields 0, never a NaN.
func perOp(total float64, r *host.Result) float64 {
	if r.Ops <= 0 {
		return 0
	}
	return total / float64(r.Ops)
}

// The metrics the lab reports. Elapsed is the whole measured region, as the seeds quote it (cold: the
// first operations of a fresh process; warm: the operations after warm-up); ElapsedPerOp is the same
// time per operation, as the Go benchmark format quotes it. Paired ratios are identical for the two.
var (
	Elapsed      = Metric{"elapsed", "ms", "Elapsed", func(r *host.Result) float64 { return float64(r.ElapsedNs) / 1e6 }}
	ElapsedPerOp = Metric{"ns/op", "ns/op", "Time/op", func(r *host.Result) float64 { return perOp(float64(r.ElapsedNs), r) }}
	Faults       = Metric{"faults/op", "faults/op", "Page faults/op", func(r *host.Result) float64 {
		return perOp(float64(r.MinorFaults+r.MajorFaults), r)
	}}
	NativeAllocs = Metric{"native-allocs/op", "native-allocs/op", "Native allocs/op", func(r *host.Result) float64 { return perOp(float64(r.NativeAllocs), r) }}
	NativeFrees  = Metric{"native-frees/op", "native-frees/op", "Native frees/op", func(r *host.Result) float64 { return perOp(float64(r.NativeFrees), r) }}
	NativeResets = Metric{"native-resets/op", "native-resets/op", "Resets/op", func(r *host.Result) float64 { return perOp(float64(r.NativeResets), r) }}
	GoBytes      = Metric{"B/op", "B/op", "Go B/op", func(r *host.Result) float64 { return perOp(float64(r.GoBytes), r) }}
	GoAllocs     = Metric{"allocs/op", "allocs/op", "Go allocs/op", func(r *host.Result) float64 { return perOp(float64(r.GoAllocs), r) }}
	IdleBytes    = Metric{"idle-B", "B", "Idle retained B", func(r *host.Result) float64 { return float64(r.IdleBytes) }}
	PeakRSS      = Metric{"peak-rss-B", "B", "Peak RSS", func(r *host.Result) float64 { return float64(r.PeakRSS) }}
	// Split is 1 when the split-head layout was active (splitalloc off Win64 runs control's layout unless
	// forced), so a report can say when a candidate did not differ from control at all.
	Split = Metric{"split", "", "Split layout", func(r *host.Result) float64 {
		if r.Split {
			return 1
		}
		return 0
	}}
)

// Metrics lists every metric Analyze computes, in report order.
var Metrics = []Metric{Elapsed, ElapsedPerOp, Faults, NativeAllocs, NativeFrees, NativeResets, GoBytes, GoAllocs, IdleBytes, PeakRSS, Split}
