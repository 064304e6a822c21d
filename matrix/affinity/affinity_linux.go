package affinity

import (
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// pin sets every thread's affinity: Linux's sched_setaffinity is per thread, and a thread started later
// inherits its creator's. Twice over, for a thread the Go runtime started while the first pass ran.
func pin(cpus []int) error {
	var set unix.CPUSet
	for _, c := range cpus {
		set.Set(c)
	}
	for range 2 {
		tasks, err := os.ReadDir("/proc/self/task")
		if err != nil {
			return fmt.Errorf("affinity: listing the threads: %w", err)
		}
		for _, t := range tasks {
			tid, err := strconv.Atoi(t.Name())
			if err != nil {
				continue
			}
			if err := unix.SchedSetaffinity(tid, &set); err != nil && err != unix.ESRCH { // ESRCH: it has ended
				return fmt.Errorf("affinity: pinning thread %d to processors %s: %w", tid, Format(cpus), err)
			}
		}
	}
	return nil
}
