package deflate

import (
	"math/bits"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// useAVX2 makes compare256Tail compare 32 bytes per step (zlib-ng's compare256_avx2) instead of SSE2's
// 16, where the processor and the OS support AVX2 (cpu.X86.HasAVX2 checks both).
var useAVX2 = cpu.X86.HasAVX2

// compare256 returns the length of the common prefix of the 256 bytes at a and b (zlib-ng's
// compare256). It compares the first eight bytes inline, since most candidates differ there and a call
// costs the matchers their registers, and the rest in compare256Tail. (Written to fit the inliner's
// budget: the TrailingZeros64 of 0 is 64, so n is 8 exactly when the eight bytes are equal.)
func compare256(a, b unsafe.Pointer) (n int) {
	n = bits.TrailingZeros64(*(*uint64)(a)^*(*uint64)(b)) >> 3 // amd64 is little-endian, as load64
	if n == 8 {
		n = compare256Tail(a, b)
	}
	return n
}

// compare256Tail returns the length of the common prefix of the 256 bytes at a and b, whose first
// eight bytes are equal, in assembly: 32 bytes per step with AVX2, 16 with SSE2, from the ninth byte.
// It reads no byte outside the 256 at a and at b.
//
//go:noescape
func compare256Tail(a, b unsafe.Pointer) int
