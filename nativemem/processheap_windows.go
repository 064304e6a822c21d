package nativemem

import (
	"fmt"
	"syscall"

	"golang.org/x/sys/windows"
)

var (
	procMalloc = ucrtbase.NewProc("malloc")
	procFree   = ucrtbase.NewProc("free")
)

// crtMalloc is ucrtbase's malloc and free: the CRT heap, the process heap on current Windows.
type crtMalloc struct{}

func (crtMalloc) Alloc(n int) ([]byte, error) {
	if err := checkSize("malloc", n); err != nil {
		return nil, err
	}
	for _, p := range []*windows.LazyProc{procMalloc, procFree} { // Free then cannot miss its function
		if err := p.Find(); err != nil {
			return nil, allocError("malloc", n, err)
		}
	}
	addr, _, _ := syscall.SyscallN(procMalloc.Addr(), uintptr(n))
	if addr == 0 {
		return nil, allocError("malloc", n, fmt.Errorf("ucrtbase malloc(%d) returned NULL", n))
	}
	return blockAt(addr, n), nil
}

func (crtMalloc) Free(b []byte) {
	if cap(b) == 0 {
		return
	}
	syscall.SyscallN(procFree.Addr(), base(b))
}

func processHeap() (Allocator, string) {
	return crtMalloc{}, "ucrtbase malloc (CRT heap = process heap)"
}
