package nativemem

import (
	"fmt"
	"sync"
	"syscall"

	"golang.org/x/sys/windows"
)

// kernel32 exports the heap functions x/sys/windows does not wrap.
var (
	kernel32           = windows.NewLazySystemDLL("kernel32.dll")
	procHeapCreate     = kernel32.NewProc("HeapCreate")
	procGetProcessHeap = kernel32.NewProc("GetProcessHeap")
	procHeapAlloc      = kernel32.NewProc("HeapAlloc")
	procHeapFree       = kernel32.NewProc("HeapFree")
)

// processPrivateHeap is the one heap every privateheap allocator of the
// process shares, made on first use with HeapCreate(0, 0, 0): no options, no
// initial commit, growable - what .NET 10 creates for zlib-ng on 64-bit
// Windows. If HeapCreate fails it falls back to the process heap, as .NET
// does, and says so in fallback. It is never destroyed: it lives as long as
// the process, like .NET's.
var processPrivateHeap struct {
	once     sync.Once
	handle   uintptr
	fallback string // why the process heap is used; "" when handle is the private heap
	err      error  // neither heap could be had
}

func openPrivateHeap() (Allocator, error) {
	h := &processPrivateHeap
	h.once.Do(func() {
		for _, p := range []*windows.LazyProc{procHeapCreate, procGetProcessHeap, procHeapAlloc, procHeapFree} {
			if err := p.Find(); err != nil {
				h.err = fmt.Errorf("nativemem: privateheap: %w", err)
				return
			}
		}
		handle, _, err := syscall.SyscallN(procHeapCreate.Addr(), 0, 0, 0)
		if handle != 0 {
			h.handle = handle
			return
		}
		h.fallback = fmt.Sprintf("HeapCreate(0, 0, 0) failed: %v", err)
		handle, _, err = syscall.SyscallN(procGetProcessHeap.Addr())
		if handle == 0 {
			h.err = fmt.Errorf("nativemem: privateheap: %s, and GetProcessHeap failed: %v", h.fallback, err)
			return
		}
		h.handle = handle
	})
	if h.err != nil {
		return nil, h.err
	}
	return &privateHeap{heap: h.handle, fallback: h.fallback}, nil
}

// privateHeap allocates from the process's private heap (or, if it could not
// be created, the process heap: fallback says why).
type privateHeap struct {
	heap     uintptr
	fallback string
	freeFailure
}

func (p *privateHeap) Alloc(n int) ([]byte, error) {
	if err := checkSize("privateheap", n); err != nil {
		return nil, err
	}
	// Without HEAP_GENERATE_EXCEPTIONS, HeapAlloc reports failure only by NULL
	// and does not set the last error.
	addr, _, _ := syscall.SyscallN(procHeapAlloc.Addr(), p.heap, 0, uintptr(n))
	if addr == 0 {
		return nil, allocError("privateheap", n, fmt.Errorf("HeapAlloc(%#x, 0, %d) returned NULL", p.heap, n))
	}
	return blockAt(addr, n), nil
}

func (p *privateHeap) Free(b []byte) {
	if cap(b) == 0 {
		return
	}
	if ok, _, err := syscall.SyscallN(procHeapFree.Addr(), p.heap, 0, base(b)); ok == 0 {
		p.record(fmt.Errorf("nativemem: privateheap: HeapFree(%#x, 0, %#x): %v", p.heap, base(b), err))
	}
}

// String says which heap serves the blocks.
func (p *privateHeap) String() string {
	if p.fallback != "" {
		return fmt.Sprintf("privateheap (process heap %#x: %s)", p.heap, p.fallback)
	}
	return fmt.Sprintf("privateheap (HeapCreate heap %#x)", p.heap)
}

// UsesProcessHeap reports whether HeapCreate failed and blocks come from the
// process heap instead.
func (p *privateHeap) UsesProcessHeap() bool { return p.fallback != "" }

func init() { register("privateheap", openPrivateHeap) }
