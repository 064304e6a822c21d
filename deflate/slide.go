package deflate

import "unsafe"

// slideLinksWords is zlib's slide rule for a table of uint16 positions, four 64-bit words of four
// entries per step: the table's length is a multiple of 16 and its start 8-byte aligned (every region
// starts 64-byte aligned). It relies on every entry being below 2*wsize, as every position the engine
// stores is: then an entry is >= wsize exactly when its bit wbits is set, and the slid entry is the
// entry with that bit cleared. In each lane, top is that bit alone, and top - top>>wbits is 0 or the
// bits below wbits: the mask that keeps the slid entry. Platforms without slideLinks in assembly use it.
func slideLinksWords(links []uint16, wbits int) {
	words := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(links))), len(links)/4)
	const lanes = 0x0001_0001_0001_0001
	shift := uint(wbits) & 63
	bit := uint64(1<<shift) * lanes // bit wbits of every lane
	slide := func(w uint64) uint64 {
		top := w & bit
		return w & (top - top>>shift)
	}
	for ; len(words) >= 4; words = words[4:] {
		words[0], words[1], words[2], words[3] = slide(words[0]), slide(words[1]), slide(words[2]), slide(words[3])
	}
}
