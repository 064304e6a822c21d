package deflate

import (
	"encoding/binary"
	"unsafe"
)

// deflateSlow is lazy matching for levels 7-9 (zlib-ng's deflate_slow): the match found at a position
// is emitted only if the match at the next position is not longer; otherwise the byte before becomes
// a literal and the longer match waits for the same test one position on.
//
// Levels 7 and 8 search with longestMatch; level 9, whose chains are longer than 1024, with
// longestMatchSlow over the rolling hash. The Filtered strategy drops matches of length 5 or less.
// Every scalar lives in the State, as in zlib-ng's: fillWindow may change matchStart and prevLength
// when it slides the window (dropping a pending match that would reach before it), and slowRun, which
// runs between two fillWindow calls, reads them from there too.
func (s *State) deflateSlow(flush Flush) blockState {
	slow := s.rollHash // level 9: chains longer than 1024
	for {
		// Keep maxMatch bytes for the next match and minMatch+1 more to insert the string after it,
		// except at the end of the input.
		if s.lookahead < minLookahead {
			s.fillWindow()
			if s.lookahead < minLookahead && flush == NoFlush {
				return needMore
			}
			if s.lookahead == 0 {
				break // flush the current block
			}
		}
		if s.lookahead >= minLookahead {
			if s.slowRun() {
				return needMore
			}
			continue
		}
		// The last positions of the input, with less than minLookahead ahead.
		hashHead := 0
		if s.lookahead >= wantMinMatch {
			if slow { // level 9: the rolling hash goes with longestMatchSlow
				hashHead = s.quickInsertStringRoll(s.strstart)
			} else {
				hashHead = s.quickInsert4(s.strstart)
			}
		}

		// Find the longest match, discarding those <= prevLength. Position 0 never matches, so a
		// string cannot match itself at the start of the input.
		s.prevMatch = s.matchStart
		matchLen := minMatch - 1
		if dist := s.strstart - hashHead; dist <= s.maxDist && dist > 0 && s.prevLength < s.maxLazyMatch && hashHead != 0 {
			if slow {
				matchLen = s.longestMatchSlow(hashHead)
			} else {
				matchLen = s.longestMatch(hashHead)
			}
			if matchLen <= 5 && s.strategy == Filtered {
				matchLen = minMatch - 1
			}
		}

		switch {
		case s.prevLength >= minMatch && matchLen <= s.prevLength:
			// The previous match is not beaten: emit it and insert the strings it covers, up to
			// the last that has minMatch bytes of lookahead (strstart-1 and strstart are in already).
			maxInsert := s.strstart + s.lookahead - minMatch
			full := s.tallyDist(s.strstart-1-s.prevMatch, s.prevLength-minMatch)
			s.prevLength--
			s.lookahead -= s.prevLength
			movFwd := s.prevLength - 1
			if maxInsert > s.strstart {
				if slow {
					s.insertStringRoll(s.strstart+1, min(movFwd, maxInsert-s.strstart))
				} else {
					s.insertString4(s.strstart+1, min(movFwd, maxInsert-s.strstart))
				}
			}
			s.prevLength = 0
			s.matchAvailable = false
			s.strstart += movFwd + 1
			if full && s.flushBlock(false) {
				return needMore
			}
		case s.matchAvailable:
			// No match before, or the match here is longer: the previous byte is a literal.
			if s.tallyLit(s.window[s.strstart-1]) {
				s.flushBlock(false)
			}
			s.prevLength = matchLen
			s.strstart++
			s.lookahead--
			if s.nOut == len(s.out) {
				return needMore
			}
		default:
			// Nothing to compare with yet: decide at the next position.
			s.prevLength = matchLen
			s.matchAvailable = true
			s.strstart++
			s.lookahead--
		}
	}
	if s.matchAvailable {
		s.tallyLit(s.window[s.strstart-1])
		s.matchAvailable = false
	}
	s.insert = min(s.strstart, minMatch-1)
	if flush == Finish {
		if s.flushBlock(true) {
			return finishStarted
		}
		return finishDone
	}
	if s.symNext != 0 && s.flushBlock(false) {
		return needMore
	}
	return blockDone
}

// slowRun is deflateSlow's loop for as long as minLookahead bytes are ahead: it does exactly what the
// general loop does, and as zlib-ng's deflate_slow it keeps the positions, the pending match and the
// symbol buffer's index in the State, reading them from there after each search. (It kept them in
// locals before, which Go's register ABI, with no callee-saved registers, spilled before the matcher's
// call and loaded back after it: 16 instructions per search that gcc's deflate_slow, whose s, dist
// and length code tables live in callee-saved registers and the rest in s, does not run. BENCHMARKS.md,
// "Fifth round".) It reports that the output buffer filled at a block flush and deflateSlow must return
// needMore.
func (s *State) slowRun() (needOut bool) {
	// The symbol buffers hold symEnd+1 entries (State.allocate), and a block is flushed as soon as
	// symNext reaches symEnd, so symNext indexes them without a check.
	_, _ = s.dBuf[s.symEnd], s.lBuf[s.symEnd]
	for s.lookahead >= minLookahead {
		// quickInsertStringRoll or quickInsert4, written out: as inlined calls they left inline marks
		// (NOPs run at every position) and loaded and nil-checked head twice.
		strstart, w := s.strstart, s.windowPtr()
		var h uint32
		if s.rollHash { // level 9: the rolling hash goes with longestMatchSlow
			h = (s.insH<<rollHashShift ^ uint32(*(*byte)(unsafe.Add(w, strstart+minMatch-1)))) & rollHashMask
			s.insH = h
		} else {
			h = binary.LittleEndian.Uint32((*[4]byte)(unsafe.Add(w, strstart))[:]) * hashMul >> hashShift
		}
		head := unsafe.Add(unsafe.Pointer(s.head), 2*uintptr(h)) // h < hashSize
		hashHead := int(*(*uint16)(head))
		if hashHead != strstart {
			*(*uint16)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s.prev)), 2*(strstart&s.wmask))) = uint16(hashHead)
			*(*uint16)(head) = uint16(strstart)
		}
		s.prevMatch = s.matchStart
		matchLen := minMatch - 1
		if dist := strstart - hashHead; dist <= s.maxDist && dist > 0 && s.prevLength < s.maxLazyMatch && hashHead != 0 {
			if s.rollHash {
				matchLen = s.longestMatchSlow(hashHead)
			} else {
				matchLen = s.longestMatch(hashHead)
			}
			if matchLen <= 5 && s.strategy == Filtered {
				matchLen = minMatch - 1
			}
		}
		if prevLength := s.prevLength; prevLength >= minMatch && matchLen <= prevLength {
			strstart, lookahead := s.strstart, s.lookahead
			maxInsert := strstart + lookahead - minMatch
			dist, lc := strstart-1-s.prevMatch, prevLength-minMatch
			symNext := s.symNext
			*(*uint16)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s.dBuf)), 2*symNext)) = uint16(dist)
			*(*uint8)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s.lBuf)), symNext)) = uint8(lc)
			s.symNext = symNext + 1
			t := unsafe.Pointer(s.trees)
			countLit((*[heapSize]ctData)(unsafe.Add(t, unsafe.Offsetof(treeState{}.dynLtree))), lengthSyms[uint8(lc)].sym())
			countDist((*[2*dCodes + 1]ctData)(unsafe.Add(t, unsafe.Offsetof(treeState{}.dynDtree))), distSymOf(uint(dist-1)).code())
			prevLength--
			s.lookahead = lookahead - prevLength
			movFwd := prevLength - 1
			if maxInsert > strstart {
				if s.rollHash {
					s.insertStringRoll(strstart+1, min(movFwd, maxInsert-strstart))
				} else {
					s.insertString4(strstart+1, min(movFwd, maxInsert-strstart))
				}
			}
			s.prevLength = 0
			s.matchAvailable = false
			s.strstart += movFwd + 1
			if s.symNext == s.symEnd && s.flushBlock(false) {
				return true
			}
		} else if s.matchAvailable {
			// No match before, or the match here is longer: the previous byte is a literal.
			symNext, c := s.symNext, *(*byte)(unsafe.Add(s.windowPtr(), s.strstart-1))
			*(*uint16)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s.dBuf)), 2*symNext)) = 0
			*(*uint8)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s.lBuf)), symNext)) = c
			s.symNext = symNext + 1
			countLit((*[heapSize]ctData)(unsafe.Add(unsafe.Pointer(s.trees), unsafe.Offsetof(treeState{}.dynLtree))), uint(c))
			if symNext+1 == s.symEnd {
				// The block ends before strstart moves on, as zlib-ng's FLUSH_BLOCK_ONLY here.
				outFull := s.flushBlock(false)
				s.prevLength = matchLen
				s.strstart++
				s.lookahead--
				if outFull {
					return true
				}
				continue
			}
			s.prevLength = matchLen
			s.strstart++
			s.lookahead--
			if s.nOut == len(s.out) { // zlib-ng's test of avail_out after each literal here
				return true
			}
		} else {
			// Nothing to compare with yet: decide at the next position.
			s.prevLength = matchLen
			s.matchAvailable = true
			s.strstart++
			s.lookahead--
		}
	}
	return false
}
