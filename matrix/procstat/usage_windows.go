package procstat

import (
	"fmt"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// QueryProcessCycleTime is not wrapped by x/sys/windows.
var procQueryProcessCycleTime = kernel32.NewProc("QueryProcessCycleTime")

// nsPerFiletimeUnit: FILETIME counts 100 ns units.
const nsPerFiletimeUnit = 100

// readUsage reads GetProcessTimes (kernel + user) and, where it answers, QueryProcessCycleTime. Windows has
// no per-process context-switch count a process can read for itself cheaply, so HasCtxSw stays false.
func readUsage() (Usage, error) {
	var created, exited, kernel, user windows.Filetime
	if err := windows.GetProcessTimes(windows.CurrentProcess(), &created, &exited, &kernel, &user); err != nil {
		return Usage{}, fmt.Errorf("procstat: GetProcessTimes: %w", err)
	}
	ft := func(f windows.Filetime) int64 { return int64(f.HighDateTime)<<32 | int64(f.LowDateTime) }
	u := Usage{CPUNs: (ft(kernel) + ft(user)) * nsPerFiletimeUnit}
	if procQueryProcessCycleTime.Find() == nil {
		var cycles uint64
		// syscall.SyscallN, unlike LazyProc.Call, keeps cycles on the stack.
		if ok, _, _ := syscall.SyscallN(procQueryProcessCycleTime.Addr(), uintptr(windows.CurrentProcess()), uintptr(unsafe.Pointer(&cycles))); ok != 0 {
			u.Cycles, u.HasCycles = int64(cycles), true
		}
	}
	return u, nil
}
