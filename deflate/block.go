package deflate

import "encoding/binary"

// tallyLit records a literal in the symbol buffers and reports whether they are full (zlib's
// _tr_tally_lit with LIT_MEM).
func (s *State) tallyLit(c byte) bool {
	s.dBuf[s.symNext] = 0
	s.lBuf[s.symNext] = c
	s.symNext++
	s.trees.dynLtree[c].fc++
	return s.symNext == s.symEnd
}

// tallyDist records a match of length minMatch+lc at distance dist and reports whether the symbol
// buffers are full (zlib's _tr_tally_dist).
func (s *State) tallyDist(dist, lc int) bool {
	s.dBuf[s.symNext] = uint16(dist)
	s.lBuf[s.symNext] = uint8(lc)
	s.symNext++
	t := s.trees
	t.matches++
	t.dynLtree[int(lengthCode[uint8(lc)])+literals+1].fc++
	t.dynDtree[dCode(dist-1)].fc++
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
		maxBLIndex = t.buildBLTree()
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
	s.sendTree(t.dynLtree[:], int32(lcodes-1))
	s.sendTree(t.dynDtree[:], int32(dcodes-1))
}

func (s *State) sendCode(c int, tree []ctData) {
	s.sendBits(uint64(tree[c].fc), uint(tree[c].dl))
}

// sendTree sends tree's code lengths in run-length form, mirroring scanTree (zlib's send_tree).
func (s *State) sendTree(tree []ctData, maxCode int32) {
	bl := s.trees.blTree[:]
	walkLengthRuns(tree, maxCode, func(kind lengthRun, curLen, count int, changed bool) {
		switch kind {
		case runLengths:
			for range count {
				s.sendCode(curLen, bl)
			}
		case runRepeat:
			if changed {
				s.sendCode(curLen, bl)
				count--
			}
			s.sendCode(rep3To6, bl)
			s.sendBits(uint64(count-3), 2)
		case runZeros3To10:
			s.sendCode(repz3To10, bl)
			s.sendBits(uint64(count-3), 3)
		case runZeros11Up:
			s.sendCode(repz11To138, bl)
			s.sendBits(uint64(count-11), 7)
		}
	})
}

// compressBlock sends the buffered symbols with the given trees, then END_BLOCK (zlib's
// compress_block). A match's length code, length extra bits, distance code and distance extra bits
// (at most 15+5+15+13 = 48 bits) go out as one value; the bit buffer and write position live in locals.
// bitCount stays below 64, so shifts by it are masked to spare Go's oversized-shift handling.
func (s *State) compressBlock(ltree, dtree []ctData) {
	lt := (*[lCodes]ctData)(ltree[:lCodes])
	dt := (*[dCodes]ctData)(dtree[:dCodes])
	bitBuf, bitCount, pos := s.bitBuf, s.bitCount, s.pendEnd
	out := s.pendingBuf
	n := s.symNext
	dBuf := s.dBuf[:n]
	lBuf := s.lBuf[:n]
	for i := 0; i < n; i++ {
		var k int
		k, bitBuf, bitCount, pos = literalBits(out, lt, dBuf[i:], lBuf[i:], bitBuf, bitCount, pos)
		if i += k; i < n {
			v, nb := matchBits(lt, dt, dBuf[i], lBuf[i])
			bitBuf, bitCount, pos = appendBits(out, bitBuf, bitCount, pos, v, nb)
		}
	}
	s.bitBuf, s.bitCount, s.pendEnd = bitBuf, bitCount, pos
	s.sendCode(endBlock, ltree)
}

// matchBits returns the code of a match of length minMatch+lc at distance dist: length code, length
// extra bits, distance code and distance extra bits as one value in output order, and its bit count.
// It is a call of its own so that compressBlock's loop for literals, the common symbol, keeps its
// values in registers.
func matchBits(lt *[lCodes]ctData, dt *[dCodes]ctData, dist uint16, lc uint8) (v uint64, nb uint) {
	// Codes without extra bits have lc == baseLength and d == baseDist, so the extra values are 0
	// and need no test.
	code := lengthCode[lc] % lengthCodes
	c := lt[int(code)+literals+1]
	v = uint64(c.fc) | uint64(uint16(lc)-baseLength[code])<<(c.dl&15)
	nb = uint(c.dl) + uint(extraLBits[code])
	d := int(dist) - 1
	dc := dCode(d) % dCodes
	c = dt[dc]
	v |= (uint64(c.fc) | uint64(d-int(baseDist[dc]))<<(c.dl&15)) << (nb & 31)
	nb += uint(c.dl) + uint(extraDBits[dc])
	return v, nb
}

// literalBits appends the codes of the literals that start d and l (up to the first match, d[k] != 0)
// to compressBlock's bit buffer and returns k and the new buffer, count and position. Literals are
// most symbols; a function of its own keeps its loop's few values in registers.
func literalBits(out []byte, lt *[lCodes]ctData, d []uint16, l []byte, bitBuf uint64, bitCount uint, pos int) (int, uint64, uint, int) {
	l = l[:len(d)]
	k := 0
	for ; k < len(d) && d[k] == 0; k++ {
		c := lt[l[k]]
		bitBuf, bitCount, pos = appendBits(out, bitBuf, bitCount, pos, uint64(c.fc), uint(c.dl))
	}
	return k, bitBuf, bitCount, pos
}

// appendBits appends the low nb bits of v (nb <= 48) to the bit buffer of compressBlock, storing its
// eight bytes at out[pos:] when full, and returns the new buffer, count and position. bitCount stays
// below 64, so shifts by it are masked to spare Go's oversized-shift handling; when the buffer is
// full, bitCount > 16 as nb <= 48.
func appendBits(out []byte, bitBuf uint64, bitCount uint, pos int, v uint64, nb uint) (uint64, uint, int) {
	bitBuf |= v << (bitCount & 63)
	total := bitCount + nb
	if total < 64 {
		return bitBuf, total, pos
	}
	binary.LittleEndian.PutUint64(out[pos:], bitBuf)
	return v >> ((64 - bitCount) & 63), total - 64, pos + 8
}
