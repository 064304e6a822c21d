package deflate

import (
	"math/bits"
	"unsafe"
)

// compare256Words returns the length of the common prefix of the 256 bytes at a and b (zlib-ng's
// compare256_unaligned_64), eight bytes at a time: compare256 on the platforms without it in assembly,
// and the reference the assembly is tested against.
func compare256Words(a, b unsafe.Pointer) int {
	for i := 0; i < 256; i += 8 {
		if x := load64(a, i) ^ load64(b, i); x != 0 {
			return i + bits.TrailingZeros64(x)>>3
		}
	}
	return 256
}
