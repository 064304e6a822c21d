package procstat

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// maxrssUnit: Linux getrusage reports ru_maxrss in KiB (getrusage(2)).
const maxrssUnit = 1024

// Read returns the process's counters: faults and peak RSS from getrusage,
// current RSS and resident anonymous bytes from /proc/self/statm.
// It does not allocate.
func Read() (Snapshot, error) {
	var s Snapshot
	if err := rusage(&s); err != nil {
		return s, err
	}
	resident, shared, err := statm()
	if err != nil {
		return s, err
	}
	page := int64(os.Getpagesize())
	s.RSS = resident * page
	s.Private = (resident - shared) * page
	// The kernel updates its high-water mark lazily (RSS counters are
	// batched per thread), so getrusage can lag the statm figure just read.
	s.PeakRSS = max(s.PeakRSS, s.RSS)
	return s, nil
}

// statm reads the resident and shared page counts, the second and third
// fields of /proc/self/statm (proc(5)), into a stack buffer.
func statm() (resident, shared int64, err error) {
	fd, err := unix.Open("/proc/self/statm", unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return 0, 0, fmt.Errorf("procstat: open /proc/self/statm: %w", err)
	}
	defer unix.Close(fd)
	var buf [256]byte
	n, err := unix.Read(fd, buf[:])
	if err != nil {
		return 0, 0, fmt.Errorf("procstat: read /proc/self/statm: %w", err)
	}
	var fields [3]int64
	f, inNumber := 0, false
	for _, c := range buf[:n] {
		switch {
		case c >= '0' && c <= '9':
			if f < len(fields) {
				fields[f] = fields[f]*10 + int64(c-'0')
			}
			inNumber = true
		case inNumber:
			f++
			inNumber = false
		}
	}
	if inNumber {
		f++
	}
	if f < len(fields) {
		return 0, 0, fmt.Errorf("procstat: /proc/self/statm %q: want at least %d fields, got %d", buf[:n], len(fields), f)
	}
	return fields[1], fields[2], nil
}
