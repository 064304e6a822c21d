package deflate

import (
	"encoding/binary"
	"unsafe"
)

// deflateSlow is lazy matching for levels 4-9 (zlib's deflate_slow): a match is emitted only when the
// match at the next position is not longer; otherwise the current byte becomes a literal.
//
// The inner loop keeps the matcher's position and lookahead in locals and writes them back to the
// State before anything that reads them there (flushBlock, fillWindow, returning).
func (s *State) deflateSlow(flush Flush) blockState {
	window, tables := s.window, s.hashTables()
	maxLazy, maxDist := s.maxLazyMatch, s.maxDist
	dBuf, lBuf, ltree, symEnd := s.dBuf, s.lBuf, &s.trees.dynLtree, s.symEnd
	filtered := s.strategy == Filtered
	for {
		if s.lookahead < minLookahead {
			if s.refill(flush, minLookahead) {
				return needMore
			}
			if s.lookahead == 0 {
				break
			}
		}
		// Short of minLookahead here means the input is used up for a flush: run to its end.
		drain := s.lookahead < minLookahead
		strstart, lookahead := s.strstart, s.lookahead
		matchLength, matchStart, matchAvailable := s.matchLength, s.matchStart, s.matchAvailable
		for lookahead >= minLookahead || (drain && lookahead > 0) {
			if matchAvailable && matchLength < minMatch && maxLazy >= minMatch && lookahead >= minLookahead {
				// The byte before strstart is a pending literal and had no match: take the run of
				// positions without a chain candidate as literals, at most until the lookahead
				// reaches minLookahead or one symbol slot is left (a full buffer takes the path below).
				sym := s.symNext
				n := max(0, min(lookahead-minLookahead+1, symEnd-1-sym))
				if k := tables.literalRun(window, strstart, maxDist, dBuf[sym:sym+n], lBuf[sym:sym+n], ltree); k > 0 {
					strstart += k
					lookahead -= k
					s.symNext = sym + k
					continue
				}
			}
			hashHead := 0
			if lookahead >= hashBytes {
				hashHead = tables.insert(window, strstart)
			}
			prevLength, prevMatch := matchLength, matchStart
			matchLength = minMatch - 1
			if hashHead != 0 && prevLength < maxLazy && strstart-hashHead <= maxDist {
				matchLength, matchStart = s.longestMatchLegacy(hashHead, strstart, lookahead, prevLength, matchStart, true)
				if matchLength <= 5 && (filtered || (matchLength == minMatch && strstart-matchStart > tooFar)) {
					// Filtered data prefers literals over short matches, and a far length-3 match
					// costs more than its literals.
					matchLength = minMatch - 1
				}
			}
			switch {
			case prevLength >= minMatch && matchLength <= prevLength:
				// The previous match is at least as good: emit it and skip over it, inserting the
				// positions that have the four bytes the hash reads.
				maxInsert := strstart + lookahead - hashBytes
				full := s.tallyDist(strstart-1-prevMatch, prevLength-minMatch)
				lookahead -= prevLength - 1
				s.insertRange(strstart+1, min(strstart+prevLength-1, maxInsert+1))
				strstart += prevLength - 1
				matchAvailable = false
				matchLength = minMatch - 1
				if full {
					s.strstart = strstart
					if s.flushBlock(false) {
						s.lookahead, s.matchLength, s.matchStart, s.matchAvailable = lookahead, matchLength, matchStart, matchAvailable
						return needMore
					}
				}
			case matchAvailable:
				// The match here is longer: the previous byte becomes a literal.
				// tallyLit, with the symbol buffers in locals.
				c := window[strstart-1]
				sym := s.symNext
				dBuf[sym] = 0
				lBuf[sym] = c
				ltree[c].fc++
				sym++
				s.symNext = sym
				full := sym == symEnd
				if full {
					s.strstart = strstart
					s.flushBlock(false)
				}
				strstart++
				lookahead--
				if full && s.nOut == len(s.out) {
					s.strstart, s.lookahead, s.matchLength, s.matchStart, s.matchAvailable = strstart, lookahead, matchLength, matchStart, matchAvailable
					return needMore
				}
			default:
				matchAvailable = true
				strstart++
				lookahead--
			}
		}
		s.strstart, s.lookahead, s.matchLength, s.matchStart, s.matchAvailable = strstart, lookahead, matchLength, matchStart, matchAvailable
		if drain {
			break
		}
	}
	if s.matchAvailable {
		s.tallyLit(s.window[s.strstart-1])
		s.matchAvailable = false
	}
	return s.finishBlock(flush, hashBytes-1)
}

// literalRun is deflateSlow's loop for input without matches (random or already compressed data), where
// the byte before from is a pending literal with no match: at each of up to len(d) positions from
// from on whose hash chain has no candidate within maxDist, it inserts the position and emits the
// byte before it as a literal into d, l and its frequency into ltree, exactly as the general loop
// would. It stops before the first position with a candidate and returns how many it took. Every
// position needs minLookahead bytes of lookahead.
//
// The loop only inserts and counts; the literals, a copy of the window, and their zero distances are
// written after it, which leaves the loop few enough values to keep in registers.
func (t hashTables) literalRun(window []byte, from, maxDist int, d []uint16, l []byte, ltree *[heapSize]ctData) int {
	end := from + len(d)
	win := window[:end+hashBytes-1] // the four hashed bytes at each position
	pos := from
	for ; pos < end; pos++ {
		h := hash4(binary.LittleEndian.Uint32(win[pos:]))
		old := int(t.head[h])
		if old != 0 && pos-old <= maxDist {
			break
		}
		*(*uint16)(unsafe.Add(t.prev, 2*(pos&t.wmask))) = uint16(old)
		t.head[h] = uint16(pos)
		ltree[win[pos-1]].fc++
	}
	k := pos - from
	copy(l[:k], win[from-1:pos-1])
	clear(d[:k])
	return k
}
