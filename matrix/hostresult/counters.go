package hostresult

// Counters are one sample's mechanism counters: what the operating system and the processors did while the
// measured region ran, to tell a machine effect (a preempted, migrated or stolen-from process) from an
// allocator effect. Each is a total over the measured region; per-operation figures divide by Result.Ops.
//
// Absent is not zero: a field is nil when this OS cannot give the counter (Windows has no context-switch
// counts; Linux has no cycle count; handoffs exist only for a variant with a pool) and in results recorded
// before the counters existed, so a report says "not available" instead of printing 0. A non-nil 0 is a
// measured zero.
type Counters struct {
	// CPUNs is the process's user + system processor time over the measured region, every thread
	// (getrusage RUSAGE_SELF on Linux and macOS; GetProcessTimes on Windows, which Windows updates at its
	// clock tick, 15.6 ms by default). Beside ElapsedNs x DOP it says whether the workers ran or waited.
	CPUNs *int64 `json:"cpuNs,omitempty"`
	// VolCtxSw and InvolCtxSw are the process's voluntary (it blocked) and involuntary (the scheduler took
	// the processor away) context switches (getrusage ru_nvcsw, ru_nivcsw). Absent on Windows.
	VolCtxSw   *int64 `json:"volCtxSw,omitempty"`
	InvolCtxSw *int64 `json:"involCtxSw,omitempty"`
	// StealNs is the time a hypervisor ran something else while this machine's processors wanted to run,
	// summed over all processors (/proc/stat steal, in USER_HZ ticks of 10 ms). System-wide, not this
	// process's: it says the machine lost time, not that the sample did. Linux only.
	StealNs *int64 `json:"stealNs,omitempty"`
	// Cycles is the processor cycles the process's threads used (QueryProcessCycleTime). Windows only.
	Cycles *int64 `json:"cycles,omitempty"`
	// CPUChanges counts, summed over the workers, the measured operations that started on a different
	// processor than the same worker's previous measured operation (the processor is read once, as each
	// operation starts: procstat.Processor). A worker's first measured operation has no previous one and is
	// never counted, so a worker's changes are at most its operations - 1.
	CPUChanges *int64 `json:"cpuChanges,omitempty"`
	// Reuses counts the measured operations whose native state had been used by an earlier operation of the
	// process (a pooled state handed out again), and Handoffs those among them whose state's previous
	// operation ran on a different processor: the state's memory is then likely in another core's cache.
	// Both are present only for a variant with a pool.
	Reuses   *int64 `json:"reuses,omitempty"`
	Handoffs *int64 `json:"handoffs,omitempty"`
	// Processor is how the processor of each operation was read (procstat.ProcessorMethod: "rdpid",
	// "rdtscp", "getcpu", "GetCurrentProcessorNumberEx"); empty when it was not.
	Processor string `json:"processor,omitempty"`
}

// Counter is one field of Counters as the results present it per operation: Unit is its name in the Go
// benchmark format and the report's metric, Label a column heading, Of the field.
type Counter struct {
	Unit  string
	Label string
	Of    func(*Counters) *int64
}

// PerOp is the counter's value in r per measured operation, and false when r does not have it.
func (k Counter) PerOp(r *Result) (float64, bool) {
	if r.Counters == nil || r.Ops <= 0 {
		return 0, false
	}
	v := k.Of(r.Counters)
	if v == nil {
		return 0, false
	}
	return float64(*v) / float64(r.Ops), true
}

// The counters per operation, in the order results list them (Reuses is a pool's hits by another name and
// is not listed; Handoffs are read against it in the report).
var (
	CPUNsPerOp      = Counter{"cpu-ns/op", "CPU ns/op", func(c *Counters) *int64 { return c.CPUNs }}
	VolCtxSwPerOp   = Counter{"ctxsw-vol/op", "Voluntary ctx sw/op", func(c *Counters) *int64 { return c.VolCtxSw }}
	InvolCtxSwPerOp = Counter{"ctxsw-invol/op", "Involuntary ctx sw/op", func(c *Counters) *int64 { return c.InvolCtxSw }}
	StealNsPerOp    = Counter{"steal-ns/op", "Steal ns/op", func(c *Counters) *int64 { return c.StealNs }}
	CyclesPerOp     = Counter{"cycles/op", "Cycles/op", func(c *Counters) *int64 { return c.Cycles }}
	CPUChangesPerOp = Counter{"cpu-changes/op", "Processor changes/op", func(c *Counters) *int64 { return c.CPUChanges }}
	HandoffsPerOp   = Counter{"handoffs/op", "State handoffs/op", func(c *Counters) *int64 { return c.Handoffs }}

	CounterList = []Counter{CPUNsPerOp, VolCtxSwPerOp, InvolCtxSwPerOp, StealNsPerOp, CyclesPerOp, CPUChangesPerOp, HandoffsPerOp}
)
