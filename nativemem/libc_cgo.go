//go:build cgo && (linux || darwin)

package nativemem

/*
#include <stdlib.h>

// nm_block is posix_memalign's result as a value, so that Go need not pass
// the address of a Go variable to C (which would move it to the Go heap:
// one Go allocation per Alloc).
typedef struct { void *p; int rc; } nm_block;

static nm_block nm_memalign(size_t alignment, size_t n) {
	nm_block b = {0, 0};
	b.rc = posix_memalign(&b.p, alignment, n);
	return b;
}
*/
import "C"

import (
	"fmt"
	"syscall"
	"unsafe"
)

// libcAlignment is zlib-ng's: its Unix default allocator asks
// posix_memalign for 64-byte (cache-line) alignment.
const libcAlignment = 64

// libc allocates with the C library's posix_memalign and free, so blocks
// follow its heap policy (on glibc, the adaptive mmap threshold).
type libc struct{}

func (libc) Alloc(n int) ([]byte, error) {
	if err := checkSize("libc", n); err != nil {
		return nil, err
	}
	r := C.nm_memalign(libcAlignment, C.size_t(n))
	if r.rc != 0 {
		return nil, allocError("libc", n, fmt.Errorf("posix_memalign(%d, %d): %w", libcAlignment, n, syscall.Errno(r.rc)))
	}
	return block(r.p, n), nil
}

func (libc) Free(b []byte) {
	if cap(b) == 0 {
		return
	}
	C.free(unsafe.Pointer(unsafe.SliceData(b)))
}

func (libc) String() string { return "libc (posix_memalign, 64)" }

func init() { register("libc", func() (Allocator, error) { return libc{}, nil }) }
