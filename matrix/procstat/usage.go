package procstat

// Usage is the process's processor use since it started, at one moment: hosts read it just before and just
// after the measured region and report the difference (Sub).
//
//   - CPUNs: user + system time of every thread, ns (getrusage; Windows GetProcessTimes, which the OS
//     updates once per clock tick, 15.625 ms by default, so short regions read in whole ticks).
//   - VolCtxSw, InvolCtxSw: voluntary and involuntary context switches (getrusage ru_nvcsw, ru_nivcsw), when
//     HasCtxSw. Windows keeps none per process that a process can read cheaply: HasCtxSw is false there.
//   - Cycles: processor cycles charged to the process's threads (Windows QueryProcessCycleTime), when
//     HasCycles.
type Usage struct {
	CPUNs                int64
	VolCtxSw, InvolCtxSw int64
	Cycles               int64
	HasCtxSw, HasCycles  bool
}

// Sub returns the change from earlier to u; the Has flags hold only if both readings had the counter.
func (u Usage) Sub(earlier Usage) Usage {
	return Usage{
		CPUNs:      u.CPUNs - earlier.CPUNs,
		VolCtxSw:   u.VolCtxSw - earlier.VolCtxSw,
		InvolCtxSw: u.InvolCtxSw - earlier.InvolCtxSw,
		Cycles:     u.Cycles - earlier.Cycles,
		HasCtxSw:   u.HasCtxSw && earlier.HasCtxSw,
		HasCycles:  u.HasCycles && earlier.HasCycles,
	}
}

// ReadUsage returns the process's processor use now. It does not allocate.
func ReadUsage() (Usage, error) { return readUsage() }
