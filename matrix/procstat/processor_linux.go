package procstat

import (
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// getcpu calls getcpu(&cpu, NULL, NULL). RawSyscall, not Syscall: getcpu never blocks, so the scheduler
// need not be told, which halves the call's cost. cpu lives on the stack: a uintptr conversion in the
// call's argument list keeps it alive without moving it to the heap.
func getcpu() int {
	var cpu uint32
	if _, _, errno := syscall.RawSyscall(unix.SYS_GETCPU, uintptr(unsafe.Pointer(&cpu)), 0, 0); errno != 0 {
		return -1
	}
	return int(cpu)
}
