package deflate

import (
	"encoding/binary"
	"unsafe"
)

// deflateQuick is level 1 (zlib-ng's deflate_quick): one probe of the hash head per position, no
// chains, and every symbol coded at once with the static trees, so it keeps no symbol buffer. A block
// stays open across calls (blockOpen: 1, or 2 for the last block) until a flush or Finish ends it; with
// Finish an open block that is not the last is ended and the last one started.
func (s *State) deflateQuick(flush Flush) blockState {
	last := flush == Finish
	if last && s.blockOpen != 2 {
		if st, stop := s.quickEndBlock(false); stop {
			return st
		}
		s.quickStartBlock(last)
	} else if s.blockOpen == 0 && s.lookahead > 0 {
		// Start a block only with data ahead, so that a call without input writes no empty block.
		s.quickStartBlock(last)
	}
	for {
		if s.pendEnd-s.pendStart+8 >= 4*s.litBufsize {
			s.flushPending()
			if s.nOut == len(s.out) {
				if last && len(s.in) == 0 && s.bitCount == 0 && s.blockOpen == 0 {
					return finishStarted
				}
				return needMore
			}
		}
		if s.lookahead < minLookahead {
			s.fillWindow()
			if s.lookahead < minLookahead && flush == NoFlush {
				return needMore
			}
			if s.lookahead == 0 {
				break
			}
			if s.blockOpen == 0 {
				s.quickStartBlock(last)
			}
		}
		s.quickRun()
	}
	s.insert = min(s.strstart, minMatch-1)
	if st, stop := s.quickEndBlock(last); stop {
		return st
	}
	if last {
		return finishDone
	}
	return blockDone
}

// quickRunGo is deflateQuick's loop from a position on: it codes the symbol at strstart (a match
// with at least wantMinMatch bytes ahead, else a literal), then the following ones for as long as
// neither the pending output nor the lookahead needs attention - at least minLookahead bytes ahead and
// room for eight more pending bytes - as zlib-ng's loop does between its checks, with the bit buffer,
// positions and tables in locals. deflateQuick calls it with lookahead > 0 and room for the first
// symbol, and hashes as quick_insert_string does at level 1 (multiplicatively: the rolling hash is
// level 9's). It is quickRun on the platforms without it in assembly, and the reference quickRunAVX2
// (amd64) is tested against.
func (s *State) quickRunGo() {
	limit := 4*s.litBufsize - 8 + s.pendStart // stop once pendEnd reaches it
	strstart, lookahead := s.strstart, s.lookahead
	bitBuf, bitCount, pend := s.bitBuf, s.bitCount, s.pendEnd
	out := s.pendingBuf
	w := s.windowPtr()
	head, wmask, maxDist := s.head, s.wmask, s.maxDist
	prev := s.prev[:wmask+1]
	lt := &staticLtree
	for first := true; first || lookahead >= minLookahead && pend < limit; first = false {
		var v uint64
		var nb uint
		str := unsafe.Add(w, strstart)
		n := 0
		if lookahead >= wantMinMatch {
			h := hash4At(str, 0)
			hashHead := int(head[h])
			if hashHead != strstart {
				prev[strstart&wmask] = uint16(hashHead)
				head[h] = uint16(strstart)
			}
			if dist := strstart - hashHead; dist <= maxDist && dist > 0 {
				match := unsafe.Add(w, hashHead)
				if load16(str, 0) == load16(match, 0) {
					n = compare256(unsafe.Add(str, 2), unsafe.Add(match, 2)) + 2
				}
				if n >= wantMinMatch {
					n = min(n, lookahead) // compare256 keeps n <= maxMatch
					v, nb = staticMatchBits(n-minMatch, dist)
				}
			}
		}
		if n < wantMinMatch {
			n = 1
			c := lt[*(*byte)(str)]
			v, nb = uint64(c.fc), uint(c.dl)
		}
		strstart += n
		lookahead -= n
		total := bitCount + nb
		bitBuf |= v << (bitCount & 63)
		if total < 64 {
			bitCount = total
			continue
		}
		binary.LittleEndian.PutUint64(out[pend:], bitBuf)
		pend += 8
		bitBuf = v >> ((64 - bitCount) & 63)
		bitCount = total - 64
	}
	s.strstart, s.lookahead = strstart, lookahead
	s.bitBuf, s.bitCount, s.pendEnd = bitBuf, bitCount, pend
}

// quickStartBlock opens a static-tree block (zlib-ng's QUICK_START_BLOCK).
func (s *State) quickStartBlock(last bool) {
	header := uint64(staticTrees << 1)
	s.blockOpen = 1
	if last {
		header |= 1
		s.blockOpen = 2
	}
	s.putBits(header, 3)
	s.blockStart = s.strstart
}

// quickEndBlock ends the open block, if any, and hands out the pending output (zlib-ng's
// QUICK_END_BLOCK); the last block is padded to a byte. stop reports that the output buffer is full
// and deflateQuick must return st.
func (s *State) quickEndBlock(last bool) (st blockState, stop bool) {
	if s.blockOpen == 0 {
		return 0, false
	}
	c := staticLtree[endBlock]
	s.putBits(uint64(c.fc), uint(c.dl))
	s.blockOpen = 0
	s.blockStart = s.strstart
	if last {
		s.biWindup()
	}
	s.flushPending()
	if s.nOut == len(s.out) {
		if last {
			return finishStarted, true
		}
		return needMore, true
	}
	return 0, false
}

// staticMatchBits returns the static-tree code of a match of length minMatch+lc at distance dist:
// length code, its extra bits, distance code and its extra bits as one value in output order, and its
// bit count (at most 8+5+5+13 = 31).
func staticMatchBits(lc, dist int) (uint64, uint) {
	code := int(lengthCode[lc])
	c := staticLtree[code+literals+1]
	v := uint64(c.fc)
	nb := uint(c.dl)
	if e := extraLBits[code]; e != 0 {
		v |= uint64(lc-int(baseLength[code])) << nb
		nb += uint(e)
	}
	dist--
	dc := dCode(dist)
	c = staticDtree[dc]
	v |= uint64(c.fc) << nb
	nb += uint(c.dl)
	if e := extraDBits[dc]; e != 0 {
		v |= uint64(dist-int(baseDist[dc])) << nb
		nb += uint(e)
	}
	return v, nb
}

// putBits appends the low n bits of v (n <= 48) to the bit buffer, storing its eight bytes into the
// pending output when it is full, as zlib-ng's 64-bit send_bits does.
func (s *State) putBits(v uint64, n uint) {
	total := s.bitCount + n
	s.bitBuf |= v << (s.bitCount & 63)
	if total < 64 {
		s.bitCount = total
		return
	}
	binary.LittleEndian.PutUint64(s.pendingBuf[s.pendEnd:], s.bitBuf)
	s.pendEnd += 8
	s.bitBuf = v >> ((64 - s.bitCount) & 63)
	s.bitCount = total - 64
}
