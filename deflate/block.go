package deflate

import (
	"encoding/binary"
	"unsafe"
)

// tallyLit records a literal in the symbol buffers and reports whether they are full (zlib's
// _tr_tally_lit with LIT_MEM).
func (s *State) tallyLit(c byte) bool {
	s.dBuf[s.symNext] = 0
	s.lBuf[s.symNext] = c
	s.symNext++
	countLit(&s.trees.dynLtree, uint(c))
	return s.symNext == s.symEnd
}

// tallyDist records a match of length minMatch+lc at distance dist and reports whether the symbol
// buffers are full (zlib's _tr_tally_dist). zlib-ng also counts them in s->matches, which only
// deflateParams reads (for its pending hash slides at level 0); the engine has no Params and keeps no
// such count.
func (s *State) tallyDist(dist, lc int) bool {
	s.dBuf[s.symNext] = uint16(dist)
	s.lBuf[s.symNext] = uint8(lc)
	s.symNext++
	countLit(&s.trees.dynLtree, lengthSyms[uint8(lc)].sym())
	countDist(&s.trees.dynDtree, distSymOf(uint(dist-1)).code())
	return s.symNext == s.symEnd
}

// flushBlock ends the current block at strstart, emits it and moves pending output to the caller's
// buffer (zlib's FLUSH_BLOCK_ONLY). It reports whether the caller's buffer is full.
func (s *State) flushBlock(last bool) (outFull bool) {
	var buf []byte
	if s.blockStart >= 0 {
		buf = s.window[s.blockStart:s.strstart]
	}
	s.trFlushBlock(buf, s.strstart-s.blockStart, last)
	s.blockStart = s.strstart
	s.flushPending()
	return s.nOut == len(s.out)
}

// trFlushBlock ends the current block and emits its symbols as a stored, fixed or dynamic block,
// whichever is shortest, fixed on a tie and always fixed for the Fixed strategy (zlib-ng's
// zng_tr_flush_block). buf is the block's input, nil when it already slid out of the window; a block
// without symbols is an empty fixed block.
func (s *State) trFlushBlock(buf []byte, storedLen int, last bool) {
	t := s.trees
	var optLenb, staticLenb uint64
	maxBLIndex := 0
	switch {
	case s.symNext == 0:
		t.staticLen = 7 // the fixed END_BLOCK code
	case s.level > 0:
		t.lMaxCode = t.buildTree(t.dynLtree[:], &lDesc)
		t.dMaxCode = t.buildTree(t.dynDtree[:], &dDesc)
		maxBLIndex = t.buildBLTree(&s.lengthRuns)
		// Bytes of the block with its 3-bit header, rounded up.
		optLenb = (t.optLen + 3 + 7) >> 3
		staticLenb = (t.staticLen + 3 + 7) >> 3
		if staticLenb <= optLenb || s.strategy == Fixed {
			optLenb = staticLenb
		}
	default:
		optLenb = uint64(storedLen) + 5 // force a stored block
		staticLenb = optLenb
	}
	lastBit := uint64(0)
	if last {
		lastBit = 1
	}
	switch {
	case uint64(storedLen)+4 <= optLenb && buf != nil:
		// 4: the two length words of a stored block.
		s.storedBlock(buf, last)
	case staticLenb == optLenb:
		s.sendBits(staticTrees<<1|lastBit, 3)
		s.compressBlock(staticLtree[:], staticDtree[:])
	default:
		s.sendBits(dynTrees<<1|lastBit, 3)
		s.sendAllTrees(int(t.lMaxCode)+1, int(t.dMaxCode)+1, maxBLIndex+1)
		s.compressBlock(t.dynLtree[:], t.dynDtree[:])
	}
	s.initBlock()
	if last {
		s.biWindup()
	}
}

// storedBlock emits buf as a stored block (zlib's _tr_stored_block); an empty buf is the sync-flush
// marker.
func (s *State) storedBlock(buf []byte, last bool) {
	lastBit := uint64(0)
	if last {
		lastBit = 1
	}
	s.sendBits(storedBlock<<1|lastBit, 3)
	s.biWindup()
	n := uint16(len(buf))
	binary.LittleEndian.PutUint16(s.pendingBuf[s.pendEnd:], n)
	binary.LittleEndian.PutUint16(s.pendingBuf[s.pendEnd+2:], ^n)
	s.pendEnd += 4
	s.pendEnd += copy(s.pendingBuf[s.pendEnd:], buf)
}

// trAlign appends an empty fixed block, 10 bits, for PartialFlush: with at most 7 bits of the previous
// block pending, a decoder that reads 10 bits ahead can decode everything before it (zlib-ng's
// zng_tr_align).
func (s *State) trAlign() {
	s.sendBits(staticTrees<<1, 3)
	s.sendCode(endBlock, staticLtree[:])
	s.flushBits()
}

// initBlock discards the buffered symbols and starts new frequencies.
func (s *State) initBlock() {
	s.trees.initBlock()
	s.symNext = 0
}

// sendAllTrees sends the header of a dynamic block: counts, code length code lengths and the two
// trees in code length code (zlib's send_all_trees).
func (s *State) sendAllTrees(lcodes, dcodes, blcodes int) {
	t := s.trees
	s.sendBits(uint64(lcodes-257), 5)
	s.sendBits(uint64(dcodes-1), 5)
	s.sendBits(uint64(blcodes-4), 4)
	for rank := range blcodes {
		s.sendBits(uint64(t.blTree[blOrder[rank]].dl), 3)
	}
	s.sendTree(s.lengthRuns.rec[:s.lengthRuns.n]) // the symbols buildBLTree recorded: lcodes-1 and dcodes-1 are its maxCodes
}

func (s *State) sendCode(c int, tree []ctData) {
	s.sendBits(uint64(tree[c].fc), uint(tree[c].dl))
}

// sendTree sends the code lengths of the trees in the code length code: syms, the symbols scanTree
// recorded for them (zlib's send_tree, which walks the lengths again to find them).
func (s *State) sendTree(syms []blSym) {
	s.pendEnd, s.bitBuf, s.bitCount = sendBLSyms(unsafe.Pointer(&s.trees.blTree), syms, s.pendingBuf, s.pendEnd, s.bitBuf, s.bitCount)
}

// sendBLSyms is sendTree's loop: it sends syms with the code length tree at bl, appending to the bit
// buffer bitBuf of bitCount bits and to out from pos, and returns the new pos, bit buffer and count.
// As in compressBlock, the bit buffer lives in locals, and a symbol goes out with its extra bits as one
// value (the code's bits first: at most 7+7 bits). It is a function of its own so that the State is not
// live in the loop (Go reloaded it from the stack for every symbol). bl is read unchecked (ctCode):
// every symbol is a code length code, below blCodes.
func sendBLSyms(bl unsafe.Pointer, syms []blSym, out []byte, pos int, bitBuf uint64, bitCount uint) (int, uint64, uint) {
	for _, r := range syms {
		ru := uint(r)
		v, nb := ctCode(bl, ru&31)
		if ru >= 1<<5 { // a repeat code, with extra bits
			v |= uint64(ru>>8) << (nb & 15)
			nb += (ru >> 5) & 7
		}
		pos, bitBuf, bitCount = putBits(out, pos, bitBuf, bitCount, v, nb)
	}
	return pos, bitBuf, bitCount
}

// compressBlock sends the buffered symbols with the given trees, then END_BLOCK (zlib's
// compress_block). On amd64 compressBlockAsm does it all, gcc's code for zlib-ng's compress_block; it
// stops only before a store the pending buffer has no room for, and elsewhere it sends nothing: the
// Go loop below sends the rest. There a match's length code, length extra bits, distance code and
// distance extra bits (at most 15+5+15+13 = 48 bits) go out as one value, as zlib-ng's zng_emit_dist
// builds them; the bit buffer and write position live in locals, in one loop with no calls.
// bitCount stays below 64, so shifts by it are masked to spare Go's oversized-shift handling.
func (s *State) compressBlock(ltree, dtree []ctData) {
	// The trees are read through unsafe pointers: every index comes from lBuf (a byte, below lCodes),
	// lengthSyms (a length symbol, below lCodes) or distSyms (a distance code, below dCodes), and ltree
	// and dtree hold at least lCodes and dCodes entries (checked here), so no access is out of range.
	// symNext <= symEnd < len(dBuf), len(lBuf) (New), so neither loop reads past them.
	_, _ = ltree[lCodes-1], dtree[dCodes-1]
	lt, dt := unsafe.Pointer(&ltree[0]), unsafe.Pointer(&dtree[0])
	n := s.symNext
	dBuf := s.dBuf[:n]
	lBuf := s.lBuf[:n:n]
	if i := compressBlockAsm(s, lt, dt); i <= n {
		s.pendEnd, s.bitBuf, s.bitCount = compressBlockSymbolsGo(lt, dt, lBuf[i:], dBuf[i:], s.pendingBuf, s.pendEnd, s.bitBuf, s.bitCount)
		s.sendCode(endBlock, ltree)
	}
}

// compressBlockSymbolsGo sends the symbols of lBuf and dBuf (len(lBuf) >= len(dBuf)) with the trees at
// lt and dt, appending to the bit buffer bitBuf of bitCount bits and to out from pos, and returns the
// new pos, bit buffer and count: compressBlock's loop, on the platforms without it in assembly, and the
// reference the assembly is tested against.
func compressBlockSymbolsGo(lt, dt unsafe.Pointer, lBuf []byte, dBuf []uint16, out []byte, pos int, bitBuf uint64, bitCount uint) (int, uint64, uint) {
	lBuf = lBuf[:len(dBuf):len(dBuf)]
	// Runs of literals in their own loop: with the match path in the same loop body, Go's register
	// allocator spilled the index and the buffers at the merge and reloaded them for every symbol.
	for i := 0; i < len(dBuf); i++ {
		for dBuf[i] == 0 {
			v, nb := ctCode(lt, uint(lBuf[i]))
			pos, bitBuf, bitCount = putBits(out, pos, bitBuf, bitCount, v, nb)
			if i++; i == len(dBuf) {
				break
			}
		}
		if i == len(dBuf) {
			break
		}
		v, nb := matchCode(lt, dt, lBuf[i], uint(dBuf[i]))
		pos, bitBuf, bitCount = putBits(out, pos, bitBuf, bitCount, v, nb)
	}
	return pos, bitBuf, bitCount
}

// putBits appends the low nb bits of v (nb <= 48) to the bit buffer buf holding count bits (below 64),
// storing its eight bytes at out[pos:] when it fills, and returns the new pos, buf and count.
func putBits(out []byte, pos int, buf uint64, count uint, v uint64, nb uint) (int, uint64, uint) {
	buf |= v << (count & 63)
	total := count + nb
	if total >= 64 {
		// nb <= 48, so count > 16 here and the shift below is in range.
		binary.LittleEndian.PutUint64(out[pos:pos+8], buf)
		pos += 8
		buf = v >> ((64 - count) & 63)
	}
	return pos, buf, total & 63 // total < 128: total-64 when the buffer was stored, else total
}

// ctCode returns the code and length of symbol sym of the tree at t, which must hold more than sym
// entries. It loads the entry as one 32-bit word: Go folds an index scaled by 4 into a 32-bit load
// but not into ctData's two 16-bit ones, which then cost an address computation each. Which half is
// fc depends on the byte order (fcShift, a constant).
func ctCode(t unsafe.Pointer, sym uint) (code uint64, length uint) {
	w := *(*uint32)(unsafe.Add(t, uintptr(sym)*4))
	if fcShift == 0 {
		return uint64(w & 0xffff), uint(w >> 16)
	}
	return uint64(w >> 16), uint(w & 0xffff)
}

// matchCode returns the bits of a match of length minMatch+lc at distance dist and their number: the
// length's code and extra bits, then the distance's.
func matchCode(lt, dt unsafe.Pointer, lc uint8, dist uint) (uint64, uint) {
	ls := lengthSyms[lc]
	fc, dl := ctCode(lt, ls.sym())
	v := fc | uint64(ls.extra())<<(dl&15)
	nb := dl + ls.bits()
	d := dist - 1
	ds := distSymOf(d)
	fc, dl = ctCode(dt, ds.code())
	v |= (fc | uint64(d-ds.base())<<(dl&15)) << (nb & 31)
	return v, nb + dl + ds.bits()
}

// countLit and countDist add one to the frequency of symbol sym of the block's literal/length or
// distance tree (zlib's dyn_ltree[sym].Freq++). They add to the entry as one 32-bit word, without a
// bounds check, for the reason ctCode loads it so (Go cannot fold an index scaled by 4 into ctData's
// 16-bit fields): sym is a byte, a lengthSyms symbol (below lCodes) or a distance code (below dCodes),
// and a frequency never reaches 65,535 (a block holds fewer symbols than that), so the addition never
// carries into dl. (Each is one statement, not a call of a shared helper: an inlined call inside an
// inlined call leaves an inline mark, a NOP executed per symbol.)
func countLit(lt *[heapSize]ctData, sym uint) {
	*(*uint32)(unsafe.Add(unsafe.Pointer(lt), uintptr(sym)*4)) += 1 << fcShift
}

func countDist(dt *[2*dCodes + 1]ctData, sym uint) {
	*(*uint32)(unsafe.Add(unsafe.Pointer(dt), uintptr(sym)*4)) += 1 << fcShift
}
