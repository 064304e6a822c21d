//go:build cgo && (linux || darwin)

package nativemem

/*
#include <stdlib.h>
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
	var p unsafe.Pointer
	if rc := C.posix_memalign(&p, libcAlignment, C.size_t(n)); rc != 0 {
		return nil, allocError("libc", n, fmt.Errorf("posix_memalign(%d, %d): %w", libcAlignment, n, syscall.Errno(rc)))
	}
	return block(p, n), nil
}

func (libc) Free(b []byte) {
	if cap(b) == 0 {
		return
	}
	C.free(unsafe.Pointer(unsafe.SliceData(b)))
}

func (libc) String() string { return "libc (posix_memalign, 64)" }

func init() { register("libc", func() (Allocator, error) { return libc{}, nil }) }
