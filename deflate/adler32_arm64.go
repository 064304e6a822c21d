package deflate

import "unsafe"

// adlerBlocks is adlerBlocksWords with NEON, which every arm64 processor has: per run of up to adlerRun
// blocks, adlerRunNEON totals the bytes at each of the 16 positions of a block, and the same totals
// before each block, in 16-bit lanes (UADDW widens and adds eight bytes at once); the weights are applied
// here, once per run. zlib-ng's adler32_neon multiplies in the vector unit (UMLAL), which Go's
// assembler lacks. Tested under qemu; not timed here (no arm64 machine).
func adlerBlocks(p []byte, blocks int) (sum, prefix, weighted uint64) {
	base := unsafe.Pointer(unsafe.SliceData(p[:16*blocks]))
	var lanes [32]uint16 // totals per position, then prefix totals per position
	for blocks > 0 {
		run := min(blocks, adlerRun)
		adlerRunNEON((*byte)(base), run, &lanes)
		var rs, rp uint64
		for j := range 16 {
			c := uint64(lanes[j])
			rs += c
			weighted += uint64(16-j) * c // byte j of a block weighs 16-j within it
			rp += uint64(lanes[16+j])
		}
		prefix += rp + sum*uint64(run) // the earlier runs' bytes come before every block of this one
		sum += rs
		base = unsafe.Add(base, 16*run)
		blocks -= run
	}
	return sum, prefix, weighted
}

// adlerRunNEON writes, for the blocks (at most adlerRun) of 16 bytes at p, the total of the bytes at
// each position to lanes[0:16] and the total of those totals before each block to lanes[16:32].
//
//go:noescape
func adlerRunNEON(p *byte, blocks int, lanes *[32]uint16)
