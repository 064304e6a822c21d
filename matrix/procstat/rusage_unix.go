//go:build linux || darwin

package procstat

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// rusage fills the fault counts and peak resident set from getrusage.
// maxrssUnit converts ru_maxrss to bytes (KiB on Linux, bytes on macOS).
func rusage(s *Snapshot) error {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &ru); err != nil {
		return fmt.Errorf("procstat: getrusage: %w", err)
	}
	s.MinorFaults = int64(ru.Minflt)
	s.MajorFaults = int64(ru.Majflt)
	s.PeakRSS = int64(ru.Maxrss) * maxrssUnit
	return nil
}
