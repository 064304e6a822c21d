package procstat

import (
	"fmt"
	"os"
	"sync"
	"syscall"
	"unsafe"

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

// statmPath is /proc/self/statm as the NUL-terminated string open(2) takes,
// prepared once so that Read does not allocate one per call.
var statmPath = [...]byte{'/', 'p', 'r', 'o', 'c', '/', 's', 'e', 'l', 'f', '/', 's', 't', 'a', 't', 'm', 0}

// atFDCWD is AT_FDCWD (-100) as a variable: a negative constant cannot be
// converted to the uintptr a raw system call takes.
var atFDCWD = unix.AT_FDCWD

// statmBuf is the one buffer statm reads into; a buffer passed to a system
// call escapes to the Go heap, so a local one would cost an allocation per
// Read. statmMu serialises its use.
var (
	statmMu  sync.Mutex
	statmBuf [256]byte
)

// statm reads the resident and shared page counts, the second and third
// fields of /proc/self/statm (proc(5)). It calls the kernel directly with a
// prepared path and buffer, so that it does not allocate: hosts read
// counters inside measured phases.
func statm() (resident, shared int64, err error) {
	fd, _, errno := syscall.Syscall6(unix.SYS_OPENAT, uintptr(atFDCWD), uintptr(unsafe.Pointer(&statmPath[0])), unix.O_RDONLY|unix.O_CLOEXEC, 0, 0, 0)
	if errno != 0 {
		return 0, 0, fmt.Errorf("procstat: open /proc/self/statm: %w", errno)
	}
	defer unix.Close(int(fd))
	statmMu.Lock()
	defer statmMu.Unlock()
	n, _, errno := syscall.Syscall(unix.SYS_READ, fd, uintptr(unsafe.Pointer(&statmBuf[0])), uintptr(len(statmBuf)))
	if errno != 0 {
		return 0, 0, fmt.Errorf("procstat: read /proc/self/statm: %w", errno)
	}
	return parseStatm(statmBuf[:n])
}

// parseStatm returns the second and third fields of a statm line.
func parseStatm(line []byte) (resident, shared int64, err error) {
	var fields [3]int64
	f, inNumber := 0, false
	for _, c := range line {
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
		return 0, 0, fmt.Errorf("procstat: /proc/self/statm %q: want at least %d fields, got %d", line, len(fields), f)
	}
	return fields[1], fields[2], nil
}
