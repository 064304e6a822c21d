package nativemem

import (
	"fmt"
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
// process shares, made by the first Alloc with HeapCreate(0, 0, 0): no
// options, no initial commit, growable - what .NET 10 creates for zlib-ng on
// 64-bit Windows, inside the first compressor's initialisation, so its cost
// falls in the first operation. If HeapCreate fails it falls back to the
// process heap, as .NET does, and says so. It is never destroyed: it lives as
// long as the process, like .NET's.
var processPrivateHeap = &lazyHeap{create: createPrivateHeap}

// createPrivateHeap is HeapCreate(0, 0, 0), or the process heap if that fails.
func createPrivateHeap() (handle uintptr, fallback string, err error) {
	handle, _, cerr := syscall.SyscallN(procHeapCreate.Addr(), 0, 0, 0)
	if handle != 0 {
		return handle, "", nil
	}
	fallback = fmt.Sprintf("HeapCreate(0, 0, 0) failed: %v", cerr)
	handle, _, perr := syscall.SyscallN(procGetProcessHeap.Addr())
	if handle == 0 {
		return 0, fallback, fmt.Errorf("nativemem: privateheap: %s, and GetProcessHeap failed: %v", fallback, perr)
	}
	return handle, fallback, nil
}

// openPrivateHeap finds the heap functions (kernel32 is loaded in every
// process, so this costs a lookup) but leaves the heap to the first Alloc.
func openPrivateHeap() (Allocator, error) {
	for _, p := range []*windows.LazyProc{procHeapCreate, procGetProcessHeap, procHeapAlloc, procHeapFree} {
		if err := p.Find(); err != nil {
			return nil, fmt.Errorf("nativemem: privateheap: %w", err)
		}
	}
	return &privateHeap{heap: processPrivateHeap}, nil
}

// privateHeap allocates from the process's private heap (or, if it could not
// be created, the process heap: the heap's fallback says why).
type privateHeap struct {
	heap *lazyHeap
	freeFailure
}

func (p *privateHeap) Alloc(n int) ([]byte, error) {
	if err := checkSize("privateheap", n); err != nil {
		return nil, err
	}
	heap, err := p.heap.get()
	if err != nil {
		return nil, allocError("privateheap", n, err)
	}
	// Without HEAP_GENERATE_EXCEPTIONS, HeapAlloc reports failure only by NULL
	// and does not set the last error.
	addr, _, _ := syscall.SyscallN(procHeapAlloc.Addr(), heap, 0, uintptr(n))
	if addr == 0 {
		return nil, allocError("privateheap", n, fmt.Errorf("HeapAlloc(%#x, 0, %d) returned NULL", heap, n))
	}
	return blockAt(addr, n), nil
}

func (p *privateHeap) Free(b []byte) {
	if cap(b) == 0 {
		return
	}
	// A block exists only after an Alloc, so the heap has been created.
	heap := p.heap.handle
	if ok, _, err := syscall.SyscallN(procHeapFree.Addr(), heap, 0, base(b)); ok == 0 {
		p.record(fmt.Errorf("nativemem: privateheap: HeapFree(%#x, 0, %#x): %v", heap, base(b), err))
	}
}

// String says which heap serves the blocks, without creating it.
func (p *privateHeap) String() string {
	switch h := p.heap; {
	case !h.created():
		return "privateheap (HeapCreate on first Alloc)"
	case h.err != nil:
		return fmt.Sprintf("privateheap (%v)", h.err)
	case h.fallback != "":
		return fmt.Sprintf("privateheap (process heap %#x: %s)", h.handle, h.fallback)
	}
	return fmt.Sprintf("privateheap (HeapCreate heap %#x)", p.heap.handle)
}

// UsesProcessHeap reports whether HeapCreate failed and blocks come from the
// process heap instead. False before the first Alloc.
func (p *privateHeap) UsesProcessHeap() bool { return p.heap.created() && p.heap.fallback != "" }

func init() { register("privateheap", openPrivateHeap) }
