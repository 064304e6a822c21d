package hostresult

// Result is one sample: what one fresh host process measured, printed by cmd/host as one JSON line.
// Counts are totals over the measured region; per-operation figures are derived by dividing by Ops.
type Result struct {
	// What ran.
	Variant  string `json:"variant"`
	Backend  string `json:"backend"`
	Workload string `json:"workload"` // a workload.Names() name: fixed, mixed, stream or service
	Phase    string `json:"phase"`    // cold or warm
	DOP      int    `json:"dop"`
	Ops      int    `json:"ops"`    // measured operations
	Warmup   int    `json:"warmup"` // unmeasured operations before them (0 when cold)
	Split    bool   `json:"split"`  // the split-head layout was active
	// PoolCapacity is the pooled variant's idle-state bound (0 for variants without a pool).
	PoolCapacity int `json:"poolCapacity,omitempty"`
	// ZlibNG is the zlib-ng generation whose deflate the engine ran ("2.2.5" or "2.2.2"); absent in results
	// older than the field, which all ran 2.2.2 (matrix.ZlibNGOf).
	ZlibNG Generation `json:"zlibng,omitempty"`

	// The payload (reconstructed: the seeds did not publish their generator): what each write of an
	// operation compressed - the plan's payload, or the workload's own input (stream: 1,000 random bytes).
	PayloadSeed     int64   `json:"payloadSeed"`
	PayloadSize     int     `json:"payloadSize"`
	PayloadRandFrac float64 `json:"payloadRandFrac"`
	// Writes is the Write calls of one operation, each of the whole payload; absent (0) means 1, as in
	// results older than the stream workload.
	Writes int `json:"writes,omitempty"`

	// Time and the operating system's view, over the measured region.
	ElapsedNs   int64 `json:"elapsedNs"` // precise monotonic clock
	MinorFaults int64 `json:"minorFaults"`
	MajorFaults int64 `json:"majorFaults"`
	PeakRSS     int64 `json:"peakRSS"`               // bytes, process peak resident/working set
	PrivateMax  int64 `json:"privateBytes,omitzero"` // bytes, peak private/committed where reported
	// TimelineNs is the sum of the measured operations' durations per timeline bin (see Bin): bin k holds
	// operations 2^(k-1)+1 .. 2^k of the phase, BinOps(k, Ops) of them, over every goroutine. Absent in
	// results from hosts older than the timeline.
	TimelineNs []int64 `json:"timelineNs,omitempty"`
	// FirstOpsNs is, per worker (index = worker id, 0..DOP-1), the exact durations in ns of that worker's
	// first min(FirstOps, its measured operations) measured operations, in order, timed as the timeline
	// times them. Absent in results from hosts older than it.
	FirstOpsNs [][]int64 `json:"firstOpsNs,omitempty"`
	// Counters are the mechanism counters (see Counters); nil in results older than them.
	Counters *Counters `json:"counters,omitempty"`
	// Service is the service workload's background heap and probe; nil for every other workload.
	Service *Service `json:"service,omitempty"`

	// Go's view.
	GoAllocs uint64 `json:"goAllocs"` // heap objects allocated
	GoBytes  uint64 `json:"goBytes"`  // heap bytes allocated

	// The variant's native view.
	NativeAllocs  int64 `json:"nativeAllocs"`
	NativeFrees   int64 `json:"nativeFrees"`
	NativeResets  int64 `json:"nativeResets"`
	PoolHits      int64 `json:"poolHits"`
	PoolMisses    int64 `json:"poolMisses"`
	PoolEvictions int64 `json:"poolEvictions"`
	IdleBytes     int64 `json:"idleBytes"` // retained by idle states at the end of the measured region

	// Correctness: every variant of a cell must agree on both.
	OutputBytes int64  `json:"outputBytes"`
	Digest      string `json:"digest"` // order-independent digest of every measured output, hex

	// The machine.
	Env Env `json:"env"`

	// How busy the machine was (procstat.Load), read just outside the measured region. LoadBefore and
	// LoadAfter: Linux's 1-minute load average. OtherCPU: the processors other processes kept busy during
	// the region, on average (a lower bound; see procstat.OtherBusy), measured when OtherCPUMeasured.
	// Zero where the OS does not say (and in results older than these fields).
	LoadBefore       float64 `json:"loadBefore,omitempty"`
	LoadAfter        float64 `json:"loadAfter,omitempty"`
	OtherCPU         float64 `json:"otherCPU,omitempty"`
	OtherCPUMeasured bool    `json:"otherCPUMeasured,omitempty"`
}

// BusyOtherCPU is the most other processes may keep busy before any sample is busy: a whole processor, on
// average over the measured region.
const BusyOtherCPU = 1.0

// BusySlack is how much of the processors a sample's DOP needs other processes may take before it is busy:
// half a processor. On the quiet committed full run (2 processors) no sample at DOP 2 or more read above
// 0.31; inside a 2-core burst DOP 8 samples read 0.93 (issue 27).
const BusySlack = 0.5

// BusyDefinition states Busy in one sentence, for every page that counts busy samples (the banner, the
// environment page), so that they cannot define it differently; docs/METHOD.md ("Machine load") gives the
// reasons.
const BusyDefinition = "a sample is busy when other processes left it fewer processors than its DOP needs (the smaller " +
	"of its DOP and the machine's processors) by more than half a processor, or kept a whole processor busy, on average " +
	"over its measured region (the system's processor time minus the sample's own, a lower bound); results recorded " +
	"before that reading existed fall back to a load average above the processor count"

// BusyThreshold is the other processes' processor use (OtherCPU) from which a sample at its DOP is busy:
// the processors its DOP does not need (P - min(DOP, P) on P processors) plus BusySlack, at most
// BusyOtherCPU. At DOP 1 on 2 processors it is 1 (the other processor may be taken); at DOP 2 or more on 2
// it is 0.5: the sample should have had both.
func (r Result) BusyThreshold() float64 {
	p := r.Env.NumCPU
	if p <= 0 || r.DOP <= 0 {
		return BusyOtherCPU
	}
	return min(BusyOtherCPU, float64(p-min(r.DOP, p))+BusySlack)
}

// Busy reports whether the sample got less of the machine than its DOP should: other processes using
// BusyThreshold processors or more. Results recorded before OtherCPU was measured on Linux fall back to
// the load average (before or after) above the core count, which also counts the runner's own hosts - so
// at a DOP above the cores those old results read as busy on a quiet machine.
func (r Result) Busy() bool {
	if r.OtherCPUMeasured {
		return r.OtherCPU >= r.BusyThreshold()
	}
	return (r.Env.NumCPU > 0 && max(r.LoadBefore, r.LoadAfter) > float64(r.Env.NumCPU)) || r.OtherCPU >= r.BusyThreshold()
}

// Env describes the machine and build a sample came from.
type Env struct {
	GOOS       string `json:"goos"`
	GOARCH     string `json:"goarch"`
	GOMAXPROCS int    `json:"gomaxprocs"`
	NumCPU     int    `json:"numCPU"`
	CPU        string `json:"cpu"`
	OS         string `json:"os"` // kernel or Windows version
	GoVersion  string `json:"goVersion"`
	Commit     string `json:"commit"`
	Runner     string `json:"runner,omitempty"` // GitHub runner label or hostname
}

// Platform is goos/goarch.
func (e Env) Platform() string { return e.GOOS + "/" + e.GOARCH }
