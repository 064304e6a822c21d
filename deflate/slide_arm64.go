package deflate

import "unsafe"

// slideLinks slides a table of uint16 positions (slideHash) with NEON, which every arm64 processor has:
// UMAX raises eight entries at once to at least wsize and SUB takes wsize off, zlib's saturating rule
// itself (zlib-ng's slide_hash_neon uses UQSUB, which Go's assembler lacks). len(links) is a multiple
// of 32. Tested under qemu; not timed here (no arm64 machine).
func slideLinks(links []uint16, wbits int) {
	slideLinksNEON(unsafe.SliceData(links), len(links), uint16(1)<<wbits)
}

// slideLinksNEON slides the n entries at p (n a multiple of 32) by wsize, saturating at 0.
//
//go:noescape
func slideLinksNEON(p *uint16, n int, wsize uint16)
