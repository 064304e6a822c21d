//go:build !amd64

package deflate

import "unsafe"

// compare256 is compare256Words on the platforms without it in assembly (amd64: SSE2 or AVX2); the
// compiler inlines it into the matchers.
func compare256(a, b unsafe.Pointer) int { return compare256Words(a, b) }
