package affinity

import (
	"fmt"

	"unsafe"

	"golang.org/x/sys/windows"
)

var setProcessAffinityMask = windows.NewLazySystemDLL("kernel32.dll").NewProc("SetProcessAffinityMask")

// pin sets the process's affinity mask, which holds for all its threads.
func pin(cpus []int) error {
	var mask uintptr
	for _, c := range cpus {
		if c >= 8*int(unsafe.Sizeof(mask)) {
			return fmt.Errorf("affinity: processor %d is beyond this process's %d-bit affinity mask", c, 8*unsafe.Sizeof(mask))
		}
		mask |= 1 << c
	}
	if ok, _, err := setProcessAffinityMask.Call(uintptr(windows.CurrentProcess()), mask); ok == 0 {
		return fmt.Errorf("affinity: SetProcessAffinityMask(%#x): %w", mask, err)
	}
	return nil
}
