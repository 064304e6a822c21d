package procstat

import (
	"fmt"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

var (
	kernel32                 = windows.NewLazySystemDLL("kernel32.dll")
	procK32GetProcessMemInfo = kernel32.NewProc("K32GetProcessMemoryInfo")
	procQueryPerfCounter     = kernel32.NewProc("QueryPerformanceCounter")
	procQueryPerfFrequency   = kernel32.NewProc("QueryPerformanceFrequency")
)

// processMemoryCountersEx is PROCESS_MEMORY_COUNTERS_EX (psapi.h): cb and
// PageFaultCount are DWORDs, every other field a SIZE_T.
type processMemoryCountersEx struct {
	cb                         uint32
	PageFaultCount             uint32
	PeakWorkingSetSize         uintptr
	WorkingSetSize             uintptr
	QuotaPeakPagedPoolUsage    uintptr
	QuotaPagedPoolUsage        uintptr
	QuotaPeakNonPagedPoolUsage uintptr
	QuotaNonPagedPoolUsage     uintptr
	PagefileUsage              uintptr
	PeakPagefileUsage          uintptr
	PrivateUsage               uintptr
}

// Read returns the process's counters from K32GetProcessMemoryInfo.
// PageFaultCount (all faults, soft and hard; a DWORD that wraps after 2^32)
// goes to MinorFaults; MajorFaults is 0. Private is PrivateUsage, falling
// back to PagefileUsage (the same figure on current Windows) when 0;
// PeakPrivate is PeakPagefileUsage. Under wine, which reports no
// PageFaultCount, the faults come from Linux (see wineFaults).
func Read() (Snapshot, error) {
	if err := procK32GetProcessMemInfo.Find(); err != nil {
		return Snapshot{}, fmt.Errorf("procstat: %w", err)
	}
	c := processMemoryCountersEx{cb: uint32(unsafe.Sizeof(processMemoryCountersEx{}))}
	// syscall.SyscallN, unlike LazyProc.Call, keeps c on the stack.
	ok, _, err := syscall.SyscallN(procK32GetProcessMemInfo.Addr(), uintptr(windows.CurrentProcess()), uintptr(unsafe.Pointer(&c)), uintptr(c.cb))
	if ok == 0 {
		return Snapshot{}, fmt.Errorf("procstat: K32GetProcessMemoryInfo: %w", err)
	}
	private := c.PrivateUsage
	if private == 0 {
		private = c.PagefileUsage
	}
	s := Snapshot{
		MinorFaults: int64(c.PageFaultCount),
		RSS:         int64(c.WorkingSetSize),
		PeakRSS:     int64(c.PeakWorkingSetSize),
		Private:     int64(private),
		PeakPrivate: int64(c.PeakPagefileUsage),
	}
	if s.MinorFaults == 0 && WineVersion() != "" {
		wineFaults(&s)
	}
	return s, nil
}
