package deflate

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// symbolsCase is one call of compressBlock's loop: trees, symbols, the output and the bit buffer.
type symbolsCase struct {
	ltree, dtree []ctData
	lBuf         []byte
	dBuf         []uint16
	outLen, pos  int
	bitBuf       uint64
	bitCount     uint
}

// send sends c's symbols and END_BLOCK as compressBlock does (compressBlockAsm on amd64, then the Go
// loop from where it stopped) or, with goOnly, by compressBlockSymbolsGo and putBits alone, and
// returns the output up to the new position, the bit buffer, its count and what compressBlockAsm
// returned. A Go panic (out of room) is reported as ok false; bytes written past the output's length
// (which only the assembly could write) as overrun.
func (c *symbolsCase) send(goOnly bool) (out []byte, bitBuf uint64, bitCount uint, sent int, ok, overrun bool) {
	backing := make([]byte, c.outLen+16)
	for i := range backing {
		backing[i] = 0xa5
	}
	defer func() {
		for _, b := range backing[c.outLen:] {
			overrun = overrun || b != 0xa5
		}
		if recover() != nil {
			ok = false
		}
	}()
	out = backing[:c.outLen:c.outLen]
	if goOnly {
		lt, dt := unsafe.Pointer(&c.ltree[0]), unsafe.Pointer(&c.dtree[0])
		pos, bitBuf, bitCount := compressBlockSymbolsGo(lt, dt, c.lBuf, c.dBuf, out, c.pos, c.bitBuf, c.bitCount)
		pos, bitBuf, bitCount = putBits(out, pos, bitBuf, bitCount, uint64(c.ltree[endBlock].fc), uint(c.ltree[endBlock].dl))
		return out[:pos], bitBuf, bitCount, 0, true, false
	}
	s := &State{pendingBuf: out, dBuf: c.dBuf, lBuf: c.lBuf}
	s.pendEnd, s.bitBuf, s.bitCount, s.symNext = c.pos, c.bitBuf, c.bitCount, len(c.dBuf)
	sent = compressBlockAsm(s, unsafe.Pointer(&c.ltree[0]), unsafe.Pointer(&c.dtree[0]))
	s.pendEnd, s.bitBuf, s.bitCount = c.pos, c.bitBuf, c.bitCount // again, through compressBlock
	for i := range out {
		out[i] = 0xa5
	}
	s.compressBlock(c.ltree, c.dtree)
	return out[:s.pendEnd], s.bitBuf, s.bitCount, sent, true, false
}

// randomSymbolsCase draws trees of codes up to 15 bits (random bits below each length, zero lengths
// too), literals and matches of every length and distance (the two halves of distSyms, the largest
// extra bits), a bit buffer of any count below 64, and an output of room enough, or not.
func randomSymbolsCase(r *rand.Rand) *symbolsCase {
	c := &symbolsCase{ltree: make([]ctData, lCodes+2), dtree: make([]ctData, dCodes)}
	maxLen := 1 + r.IntN(15)
	for _, tree := range [][]ctData{c.ltree, c.dtree} {
		for i := range tree {
			dl := r.IntN(maxLen + 1)
			tree[i] = ctData{fc: uint16(r.IntN(1 << dl)), dl: uint16(dl)}
		}
	}
	n := r.IntN(3000)
	c.lBuf, c.dBuf = make([]byte, n), make([]uint16, n)
	matches := r.IntN(4) // none, few, half, most
	for i := range n {
		c.lBuf[i] = byte(r.Uint32())
		if r.IntN(4) < matches {
			switch r.IntN(4) {
			case 0:
				c.dBuf[i] = uint16(1 + r.IntN(256))
			case 1:
				c.dBuf[i] = uint16(32768 - r.IntN(512))
			default:
				c.dBuf[i] = uint16(1 + r.IntN(32768))
			}
		}
	}
	c.bitCount = uint(r.IntN(64))
	c.bitBuf = r.Uint64() & (1<<c.bitCount - 1)
	c.pos = r.IntN(100)
	c.outLen = c.pos + 8 + 6*n
	if r.IntN(4) == 0 {
		c.outLen = c.pos + r.IntN(6*n+9) // perhaps short: the assembly stops before the Go loop panics
	}
	return c
}

// TestCompressBlockSymbols compares compressBlock (on amd64 compressBlockAsm, with the Go loop after it
// where it stopped) with the Go loop alone: the same bytes, bit buffer and count, or both out of room,
// and nothing written past the output.
func TestCompressBlockSymbols(t *testing.T) {
	r := rand.New(rand.NewPCG(38, 11))
	cases := 3000
	if testing.Short() {
		cases = 500
	}
	for i := range cases {
		c := randomSymbolsCase(r)
		wantOut, wantBuf, wantCount, _, wantOK, _ := c.send(true)
		out, buf, count, sent, ok, overrun := c.send(false)
		if overrun || ok != wantOK || ok && (!bytes.Equal(out, wantOut) || buf != wantBuf || count != wantCount) {
			t.Fatalf("case %d (%d symbols, %d sent by the assembly, overrun %v, out %d from %d, count %d): got %d bytes, buffer %x of %d bits (ok %v), want %d bytes, %x of %d (ok %v)",
				i, len(c.dBuf), sent, overrun, c.outLen, c.pos, c.bitCount, len(out), buf, count, ok, len(wantOut), wantBuf, wantCount, wantOK)
		}
	}
}
