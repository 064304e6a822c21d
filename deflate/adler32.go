package deflate

import "unsafe"

const (
	adlerBase = 65521 // largest prime below 2^16 (RFC 1950 8.2)
	adlerNMax = 5552  // bytes summed before the 32-bit sums could overflow (zlib's NMAX): 347 blocks of 16

	// adlerRun is the blocks of 16 bytes adlerBlocksWords sums in 16-bit lanes before it must fold
	// them: a lane of the running prefix sums reaches 255 x run x (run-1) / 2, below 2^16 up to 23.
	adlerRun = 23
)

// adler32 continues an Adler-32 checksum (RFC 1950 8.2), reducing modulo 65521 once per adlerNMax
// bytes as zlib does. For n bytes c_0..c_{n-1}, a grows by the sum of the c_i and b by n*a plus the sum
// of (n-i)*c_i; adlerBlocks returns those sums for whole blocks of 16 bytes, many bytes at a time.
// zlib-ng sums 32 bytes per instruction with AVX2 (adler32_avx2); a byte per step, the engine's sum
// took 40% of the stream workload's time (BENCHMARKS.md).
func adler32(adler uint32, p []byte) uint32 {
	a, b := uint64(adler&0xffff), uint64(adler>>16)
	for len(p) > 0 {
		n := min(len(p), adlerNMax)
		blocks := n / 16
		if blocks > 0 {
			sum, prefix, weighted := adlerBlocks(p, blocks)
			b += uint64(16*blocks)*a + 16*prefix + weighted
			a += sum
		}
		for _, c := range p[16*blocks : n] {
			a += uint64(c)
			b += a
		}
		a %= adlerBase
		b %= adlerBase
		p = p[n:]
	}
	return uint32(b<<16 | a)
}

// adlerBlocksWords is adlerBlocks four bytes per instruction, for platforms without it in assembly:
// for the first 16*blocks bytes of p (blocks <= 347), the sum of the bytes, the sum over blocks of the
// bytes of the blocks before each (prefix), and the sum of (16-j) times the byte at position j of its
// block (weighted). In runs of up to adlerRun blocks it totals the bytes at each position of a block
// in 16-bit lanes (e0, o0: positions 0-7, even and odd; e1, o1: 8-15), and the same totals before each
// block in pe0..po1.
func adlerBlocksWords(p []byte, blocks int) (sum, prefix, weighted uint64) {
	const low = 0x00ff_00ff_00ff_00ff // the low byte of every 16-bit lane
	base := unsafe.Pointer(unsafe.SliceData(p[:16*blocks]))
	for blocks > 0 {
		run := min(blocks, adlerRun)
		var e0, o0, e1, o1, pe0, po0, pe1, po1 uint64
		for i := 0; i < 16*run; i += 16 {
			pe0 += e0
			po0 += o0
			pe1 += e1
			po1 += o1
			x, y := load64(base, i), load64(base, i+8)
			e0 += x & low
			o0 += (x >> 8) & low
			e1 += y & low
			o1 += (y >> 8) & low
		}
		var rs, rp uint64
		for lane := range 4 {
			sh := 16 * lane
			l0, m0, l1, m1 := (e0>>sh)&0xffff, (o0>>sh)&0xffff, (e1>>sh)&0xffff, (o1>>sh)&0xffff
			rs += l0 + m0 + l1 + m1
			weighted += l0*uint64(16-2*lane) + m0*uint64(15-2*lane) + l1*uint64(8-2*lane) + m1*uint64(7-2*lane)
			rp += (pe0>>sh)&0xffff + (po0>>sh)&0xffff + (pe1>>sh)&0xffff + (po1>>sh)&0xffff
		}
		prefix += rp + sum*uint64(run) // the earlier runs' bytes come before every block of this one
		sum += rs
		base = unsafe.Add(base, 16*run)
		blocks -= run
	}
	return sum, prefix, weighted
}
