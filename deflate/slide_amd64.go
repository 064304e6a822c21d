package deflate

import "unsafe"

// slideLinks slides a table of uint16 positions (slideHash) with SSE2, which every amd64 processor
// has: PSUBUSW subtracts wsize from eight entries at once, saturating at 0, which is zlib's rule
// itself. zlib-ng slides with AVX2 (slide_hash_avx2, 16 entries per instruction); slideLinksWords, four
// entries per instruction, took about four times as long (BENCHMARKS.md). len(links) is a multiple of 32.
func slideLinks(links []uint16, wbits int) {
	slideLinksSSE2(unsafe.SliceData(links), len(links), uint16(1)<<wbits)
}

// slideLinksSSE2 slides the n entries at p (n a multiple of 32) by wsize, saturating at 0.
//
//go:noescape
func slideLinksSSE2(p *uint16, n int, wsize uint16)
