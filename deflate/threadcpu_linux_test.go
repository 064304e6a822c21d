package deflate

import "golang.org/x/sys/unix"

// threadCPU returns the CPU time the calling OS thread has used, in nanoseconds, and whether it is
// known. On a shared machine it excludes the time the thread waited for a CPU, which wall time counts.
func threadCPU() (int64, bool) {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
