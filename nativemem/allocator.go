package nativemem

import (
	"fmt"
	"sync"
	"unsafe"
)

// Allocator hands out blocks of exactly n bytes and takes them back.
// It has the same shape as deflate.Allocator.
//
// Alloc returns a block with len and cap n, or an error; never both.
// Free takes a block Alloc returned (or a reslice that keeps its first byte,
// so that its base address is unchanged); Free(nil) does nothing.
type Allocator interface {
	Alloc(n int) ([]byte, error)
	Free(b []byte)
}

// MaxBlock is the largest block any backend hands out: a deflate state is
// under 1 MiB, and the cap turns a corrupt size into an error instead of a
// fatal out-of-memory in the runtime.
const MaxBlock = 1 << 30

// ErrSize reports an Alloc size outside 1..MaxBlock.
var ErrSize = fmt.Errorf("size must be between 1 and %d bytes", MaxBlock)

// checkSize rejects sizes no backend can serve, naming the backend and size.
func checkSize(backend string, n int) error {
	if n <= 0 || n > MaxBlock {
		return fmt.Errorf("nativemem: %s: Alloc(%d): %w", backend, n, ErrSize)
	}
	return nil
}

// allocError wraps an OS or library failure with the backend and size.
func allocError(backend string, n int, err error) error {
	return fmt.Errorf("nativemem: %s: Alloc(%d): %w", backend, n, err)
}

// base is the address of a block's first byte, valid even when len(b) is 0;
// 0 for a nil or zero-capacity slice.
func base(b []byte) uintptr {
	if cap(b) == 0 {
		return 0
	}
	return uintptr(unsafe.Pointer(unsafe.SliceData(b)))
}

// block views n bytes of native memory at p as a slice with len and cap n.
func block(p unsafe.Pointer, n int) []byte {
	return unsafe.Slice((*byte)(p), n)
}

// blockAt is block for an address an OS or C library returned as an integer.
// The memory is outside the Go heap, so turning the integer into a pointer is
// valid; reading it through &addr keeps vet's unsafeptr check, which cannot
// know where addr came from, quiet.
func blockAt(addr uintptr, n int) []byte {
	return block(*(*unsafe.Pointer)(unsafe.Pointer(&addr)), n)
}

// freeFailure keeps the first failure of a native free, which Free cannot
// return. The zero value is ready to use.
type freeFailure struct {
	mu  sync.Mutex
	err error
}

func (f *freeFailure) record(err error) {
	f.mu.Lock()
	if f.err == nil {
		f.err = err
	}
	f.mu.Unlock()
}

// Err reports the first Free the operating system or library refused, or nil.
func (f *freeFailure) Err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}
