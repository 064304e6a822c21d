package host

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
	// CPUChanges counts, summed over the workers, the measured operations that ran on a different processor
	// than the same worker's previous operation (the processor is read once, as each operation starts:
	// getcpu on Linux, GetCurrentProcessorNumberEx on Windows). A worker's first operation of the region is
	// compared with its last unmeasured one when there was a warm-up, and not counted otherwise.
	CPUChanges *int64 `json:"cpuChanges,omitempty"`
	// Reuses counts the measured operations whose native state had been used by an earlier operation of the
	// process (a pooled state handed out again), and Handoffs those among them whose state's previous
	// operation ran on a different processor: the state's memory is then likely in another core's cache.
	// Both are present only for a variant with a pool.
	Reuses   *int64 `json:"reuses,omitempty"`
	Handoffs *int64 `json:"handoffs,omitempty"`
}

// count returns a pointer to v, for a counter that was measured.
func count(v int64) *int64 { return &v }
