package deflate

import "unsafe"

// adlerBlocks is adlerBlocksWords with SSE2, which every amd64 processor has: per block of 16 bytes,
// PSADBW sums the bytes and PMADDWL (pmaddwd) weighs them, eight at a time.
func adlerBlocks(p []byte, blocks int) (sum, prefix, weighted uint64) {
	return adlerBlocksSSE2(unsafe.SliceData(p[:16*blocks]), blocks)
}

// adlerBlocksSSE2 is adlerBlocks for the blocks of 16 bytes at p.
//
//go:noescape
func adlerBlocksSSE2(p *byte, blocks int) (sum, prefix, weighted uint64)
