package procstat

import (
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// qpc holds the performance-counter frequency, read once; freq 0 means QPC
// is unavailable and Now falls back to Go's monotonic clock.
var qpc struct {
	once  sync.Once
	freq  int64
	start time.Time
}

// Now returns monotonic nanoseconds since an arbitrary origin fixed for the
// process, from QueryPerformanceCounter: Go's time.Now on Windows reads the
// interrupt time, too coarse for one short operation. Only differences are
// meaningful.
func Now() int64 {
	qpc.once.Do(func() {
		qpc.start = time.Now()
		var f int64
		if procQueryPerfFrequency.Find() == nil && procQueryPerfCounter.Find() == nil {
			if ok, _, _ := syscall.SyscallN(procQueryPerfFrequency.Addr(), uintptr(unsafe.Pointer(&f))); ok != 0 && f > 0 {
				qpc.freq = f
			}
		}
	})
	if qpc.freq == 0 {
		return int64(time.Since(qpc.start))
	}
	// syscall.SyscallN, unlike LazyProc.Call, does not move c to the heap:
	// Now must not allocate, it runs around every measured operation.
	var c int64
	syscall.SyscallN(procQueryPerfCounter.Addr(), uintptr(unsafe.Pointer(&c)))
	return ticksToNanos(c, qpc.freq)
}
