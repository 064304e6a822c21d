package procstat

import (
	"fmt"
	"runtime"
	"unsafe"

	"golang.org/x/sys/windows"
)

// windowsTick is the default clock interrupt period, 15.625 ms in 100 ns units: how often Windows updates
// the processor times GetSystemTimes reports.
const windowsTick = 156250

// GetSystemTimes is not wrapped by x/sys/windows.
var procGetSystemTimes = kernel32.NewProc("GetSystemTimes")

// ReadLoad reads the system's and this process's processor times.
func ReadLoad() (Load, error) {
	var idle, kernel, user windows.Filetime
	if r, _, err := procGetSystemTimes.Call(uintptr(unsafe.Pointer(&idle)), uintptr(unsafe.Pointer(&kernel)), uintptr(unsafe.Pointer(&user))); r == 0 {
		return Load{}, fmt.Errorf("procstat: GetSystemTimes: %w", err)
	}
	var created, exited, pk, pu windows.Filetime
	if err := windows.GetProcessTimes(windows.CurrentProcess(), &created, &exited, &pk, &pu); err != nil {
		return Load{}, fmt.Errorf("procstat: GetProcessTimes: %w", err)
	}
	ft := func(f windows.Filetime) int64 { return int64(f.HighDateTime)<<32 | int64(f.LowDateTime) }
	total := ft(kernel) + ft(user) // kernel time includes idle time
	return Load{SystemBusy: total - ft(idle), SystemTotal: total, Own: ft(pk) + ft(pu), Tick: windowsTick, CPUs: runtime.NumCPU()}, nil
}
