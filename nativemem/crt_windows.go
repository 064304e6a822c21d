package nativemem

import (
	"fmt"
	"syscall"

	"golang.org/x/sys/windows"
)

// crtAlignment is zlib-ng's: its Windows default allocator calls
// _aligned_malloc(size, 64) so every region can start on a cache line.
const crtAlignment = 64

var (
	ucrtbase          = windows.NewLazySystemDLL("ucrtbase.dll")
	procAlignedMalloc = ucrtbase.NewProc("_aligned_malloc")
	procAlignedFree   = ucrtbase.NewProc("_aligned_free")
)

// crt allocates with the universal C runtime's _aligned_malloc, whose blocks
// come from the CRT heap (the process heap on current Windows).
type crt struct{}

func openCRT() (Allocator, error) {
	for _, p := range []*windows.LazyProc{procAlignedMalloc, procAlignedFree} {
		if err := p.Find(); err != nil {
			return nil, fmt.Errorf("nativemem: crt: %w", err)
		}
	}
	return crt{}, nil
}

func (crt) Alloc(n int) ([]byte, error) {
	if err := checkSize("crt", n); err != nil {
		return nil, err
	}
	// _aligned_malloc sets errno, not the Windows last error, on failure.
	addr, _, _ := syscall.SyscallN(procAlignedMalloc.Addr(), uintptr(n), crtAlignment)
	if addr == 0 {
		return nil, allocError("crt", n, fmt.Errorf("_aligned_malloc(%d, %d) returned NULL", n, crtAlignment))
	}
	return blockAt(addr, n), nil
}

func (crt) Free(b []byte) {
	if cap(b) == 0 {
		return
	}
	syscall.SyscallN(procAlignedFree.Addr(), base(b))
}

func (crt) String() string { return "crt (ucrtbase _aligned_malloc, 64)" }

func init() { register("crt", openCRT) }
