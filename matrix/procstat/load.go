package procstat

// Load is how busy the machine's processors were at one moment, in the form each OS gives it. Hosts read
// it just before and just after the measured region (outside the timed span), so a report can flag
// samples taken while other work competed for the cores.
//
//   - Avg1: Linux's 1-minute load average (/proc/loadavg): runnable and uninterruptible tasks, averaged
//     with a one-minute decay, this process included. 0 elsewhere.
//   - SystemBusy, SystemTotal: Windows (GetSystemTimes): processor time since boot summed over all
//     processors, busy (kernel + user - idle) and total (kernel + user), in 100 ns units; Own: this
//     process's kernel + user time (GetProcessTimes), same unit. 0 elsewhere.
type Load struct {
	Avg1                    float64
	SystemBusy, SystemTotal int64
	Own                     int64
}

// OtherBusy returns, for two Windows readings taken wallNs apart, how many processors other processes
// kept busy on average between them (system busy time minus this process's, per wall time); 0 when the
// readings carry no processor times.
func OtherBusy(before, after Load, wallNs int64) float64 {
	if wallNs <= 0 || after.SystemTotal == 0 {
		return 0
	}
	other := float64((after.SystemBusy-before.SystemBusy)-(after.Own-before.Own)) * 100 // ns
	return max(0, other/float64(wallNs))
}
