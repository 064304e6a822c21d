package deflate

// Static tables of RFC 1951 section 3.2.5 and 3.2.6, built once at init like zlib's trees.h.

var extraLBits = [lengthCodes]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}

var extraDBits = [dCodes]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}

var extraBLBits = [blCodes]uint8{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7}

// blOrder is the order in which code length code lengths are sent (RFC 1951 3.2.7).
var blOrder = [blCodes]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

var (
	staticLtree [lCodes + 2]ctData // fixed literal/length code; 286 and 287 complete the code
	staticDtree [dCodes]ctData     // fixed distance code: 5-bit reversed code numbers
	lengthCode  [maxMatch - minMatch + 1]uint8
	baseLength  [lengthCodes]uint16
	distCode    [512]uint8 // codes of distances 0..255, then of distance>>7 for 256..32767
	baseDist    [dCodes]uint16
)

func init() {
	length := 0
	for code := range lengthCodes - 1 {
		baseLength[code] = uint16(length)
		for range 1 << extraLBits[code] {
			lengthCode[length] = uint8(code)
			length++
		}
	}
	// Length 258 (index 255) has its own code 285, overwriting the last entry of code 284's range.
	lengthCode[length-1] = lengthCodes - 1
	baseLength[lengthCodes-1] = uint16(length - 1)

	dist := 0
	for code := range 16 {
		baseDist[code] = uint16(dist)
		for range 1 << extraDBits[code] {
			distCode[dist] = uint8(code)
			dist++
		}
	}
	dist >>= 7
	for code := 16; code < dCodes; code++ {
		baseDist[code] = uint16(dist << 7)
		for range 1 << (extraDBits[code] - 7) {
			distCode[256+dist] = uint8(code)
			dist++
		}
	}

	var blCount [maxBits + 1]uint16
	n := 0
	for ; n <= 143; n++ {
		staticLtree[n].dl = 8
	}
	for ; n <= 255; n++ {
		staticLtree[n].dl = 9
	}
	for ; n <= 279; n++ {
		staticLtree[n].dl = 7
	}
	for ; n <= 287; n++ {
		staticLtree[n].dl = 8
	}
	blCount[7], blCount[8], blCount[9] = 24, 152, 112
	genCodes(staticLtree[:], lCodes+1, &blCount)
	for n := range dCodes {
		staticDtree[n] = ctData{fc: bitReverse(uint16(n), 5), dl: 5}
	}
}

// dCode maps a distance minus one to its distance code.
func dCode(dist int) int {
	if dist < 256 {
		return int(distCode[dist&255])
	}
	return int(distCode[256+(dist>>7)&255])
}

// bitReverse reverses the low n bits of code: DEFLATE sends Huffman codes most significant bit first
// into an LSB-first bit stream.
func bitReverse(code uint16, n int) uint16 {
	var r uint16
	for range n {
		r = r<<1 | code&1
		code >>= 1
	}
	return r
}

// lengthSym is how a match length codes, packed in one word so that a table entry is one load: its
// literal/length symbol (257..285), the value of its extra bits and their number. lengthSyms[lc] is the
// entry of length minMatch+lc; an index of type uint8 needs no bounds check.
type lengthSym uint32

func newLengthSym(sym uint16, extra, bits uint8) lengthSym {
	return lengthSym(sym) | lengthSym(extra)<<16 | lengthSym(bits)<<24
}

func (l lengthSym) sym() uint   { return uint(l & 0xffff) }
func (l lengthSym) extra() uint { return uint(l>>16) & 0xff }
func (l lengthSym) bits() uint  { return uint(l >> 24) }

// distSym is how a distance codes, packed in one word: its distance code (0..29), the number of extra
// bits and base, the distance minus one that the code stands for. distSyms[0][d] is the entry of d =
// distance-1 below 256, distSyms[1][d>>7] of the larger ones (distCode's two halves).
type distSym uint32

func newDistSym(code, bits uint8, base uint16) distSym {
	return distSym(code) | distSym(bits)<<8 | distSym(base)<<16
}

func (d distSym) code() uint { return uint(d & 0xff) }
func (d distSym) bits() uint { return uint(d>>8) & 0xff }
func (d distSym) base() uint { return uint(d >> 16) }

var (
	lengthSyms [256]lengthSym
	distSyms   [2][256]distSym
)

func init() {
	for lc := range lengthSyms {
		code := lengthCode[lc]
		lengthSyms[lc] = newLengthSym(uint16(code)+literals+1, uint8(lc-int(baseLength[code])), extraLBits[code])
	}
	for half := range distSyms {
		for i := range distSyms[half] {
			code := distCode[half*256+i]
			distSyms[half][i] = newDistSym(code, extraDBits[code], baseDist[code])
		}
	}
}

// distSymOf returns the distSym of d = distance-1 (0..32767).
func distSymOf(d uint) distSym {
	if d < 256 {
		return distSyms[0][d]
	}
	return distSyms[1][uint8(d>>7)]
}

// The length and distance tables as zlib-ng's compress_block reads them, gcc's int arrays of trees.h
// (extra_lbits, base_length, extra_dbits, base_dist): 32-bit entries, which compressBlockAsm (amd64)
// reads with gcc's instructions. base_length's last entry is the engine's (255, not zlib-ng's 0): it
// has no extra bits, so neither reads it.
var (
	extraLBits32, baseLength32 [lengthCodes]uint32
	extraDBits32, baseDist32   [dCodes]uint32
)

func init() {
	for code := range lengthCodes {
		extraLBits32[code], baseLength32[code] = uint32(extraLBits[code]), uint32(baseLength[code])
	}
	for code := range dCodes {
		extraDBits32[code], baseDist32[code] = uint32(extraDBits[code]), uint32(baseDist[code])
	}
}
