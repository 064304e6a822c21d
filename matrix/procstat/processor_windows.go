package procstat

import (
	"syscall"
	"unsafe"
)

// GetCurrentProcessorNumberEx is not wrapped by x/sys/windows; its address is resolved once (0: missing).
var processorAddr = func() uintptr {
	p := kernel32.NewProc("GetCurrentProcessorNumberEx")
	if p.Find() != nil {
		return 0
	}
	return p.Addr()
}()

// processorNumber is PROCESSOR_NUMBER (winnt.h): a WORD group, a BYTE number within it, a reserved BYTE.
type processorNumber struct {
	group    uint16
	number   uint8
	reserved uint8
}

// processorsPerGroup is the size of a Windows processor group: at most 64, one bit of a KAFFINITY each.
const processorsPerGroup = 64

// processor asks GetCurrentProcessorNumberEx (a void function). syscall.SyscallN, unlike LazyProc.Call,
// keeps pn on the stack, so the call does not allocate.
func processor() int {
	if processorAddr == 0 {
		return -1
	}
	var pn processorNumber
	syscall.SyscallN(processorAddr, uintptr(unsafe.Pointer(&pn)))
	return int(pn.group)*processorsPerGroup + int(pn.number)
}

func processorMethod() string {
	if processorAddr == 0 {
		return ""
	}
	return "GetCurrentProcessorNumberEx"
}
