package procstat

// Load is how busy the machine's processors were at one moment, in the form each OS gives it. Hosts read
// it just before and just after the measured region (outside the timed span), so a report can flag
// samples taken while other work competed for the cores.
//
//   - Avg1: Linux's 1-minute load average (/proc/loadavg): runnable and uninterruptible tasks, averaged
//     with a one-minute decay, this process included - and the runner's previous hosts, which is why it
//     is recorded but does not decide whether a sample was busy. 0 elsewhere.
//   - SystemBusy, SystemTotal: processor time since boot summed over all processors, busy and total, in
//     100 ns units: Windows' GetSystemTimes (kernel + user - idle; kernel + user), Linux's /proc/stat
//     (all but idle and iowait; all). Own: this process's kernel + user time (GetProcessTimes,
//     getrusage), same unit. 0 elsewhere.
//   - Tick: how often the OS updates the system's processor times, in 100 ns units (Linux's USER_HZ tick,
//     Windows' 15.625 ms clock interrupt), and CPUs the processors they sum over: together the error
//     of one reading.
//   - Steal: time a hypervisor gave these processors to others while they had work, summed over all
//     processors since boot, 100 ns units (Linux /proc/stat steal, USER_HZ resolution), when HasSteal.
type Load struct {
	Avg1                    float64
	SystemBusy, SystemTotal int64
	Own                     int64
	Tick                    int64
	CPUs                    int
	Steal                   int64
	HasSteal                bool
}

// OtherBusy returns, for two readings taken wallNs apart, how many processors other processes
// kept busy on average between them (system busy time minus this process's, per wall time); 0 when the
// readings carry no processor times.
//
// It is a lower bound: each reading of the system's times may lag by up to one tick on every processor,
// so two readings' error (2 x CPUs x Tick) is taken off before dividing. A region much shorter than that
// error (a smoke profile's few milliseconds) therefore never reads as busy.
func OtherBusy(before, after Load, wallNs int64) float64 {
	if wallNs <= 0 || after.SystemTotal == 0 {
		return 0
	}
	other := (after.SystemBusy - before.SystemBusy) - (after.Own - before.Own) - 2*int64(after.CPUs)*after.Tick
	return max(0, float64(other)*100/float64(wallNs))
}
