//go:build linux || darwin

package procstat

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// readUsage reads getrusage(RUSAGE_SELF): user + system time and the context switches.
func readUsage() (Usage, error) {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &ru); err != nil {
		return Usage{}, fmt.Errorf("procstat: getrusage: %w", err)
	}
	return Usage{
		CPUNs:    ru.Utime.Nano() + ru.Stime.Nano(),
		VolCtxSw: int64(ru.Nvcsw), InvolCtxSw: int64(ru.Nivcsw), HasCtxSw: true,
	}, nil
}
