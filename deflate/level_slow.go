package deflate

import "unsafe"

// deflateSlow is lazy matching for levels 7-9 (zlib-ng's deflate_slow): the match found at a position
// is emitted only if the match at the next position is not longer; otherwise the byte before becomes
// a literal and the longer match waits for the same test one position on.
//
// Levels 7 and 8 search with longestMatch; level 9, whose chains are longer than 1024, with
// longestMatchSlow over the rolling hash. The Filtered strategy drops matches of length 5 or less.
// Across fillWindow every scalar lives in the State, because fillWindow may change matchStart and
// prevLength when it slides the window (dropping a pending match that would reach before it), exactly
// as zlib-ng's does; slowRun, which runs between two fillWindow calls, keeps them in locals.
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
			if s.slowRun(slow) {
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
// general loop does, with the positions, the pending match and the symbol buffer's index in locals
// (stored back before every call that reads them from the State: the matchers and flushBlock). It
// reports that the output buffer filled at a block flush and deflateSlow must return needMore.
func (s *State) slowRun(slow bool) (needOut bool) {
	strstart, lookahead := s.strstart, s.lookahead
	prevLength, prevMatch, matchAvailable := s.prevLength, s.prevMatch, s.matchAvailable
	maxDist, maxLazy := s.maxDist, s.maxLazyMatch
	filtered := s.strategy == Filtered
	w := s.windowPtr()
	head, wmask := s.head, s.wmask
	_ = head[0]
	_ = s.prev[wmask] // prev has wmask+1 entries
	prev := unsafe.Pointer(unsafe.SliceData(s.prev))
	symNext, symEnd := s.symNext, s.symEnd
	dBuf, lBuf := s.dBuf[:symEnd], s.lBuf[:symEnd]
	lt, dt := &s.trees.dynLtree, &s.trees.dynDtree
	insH := s.insH // level 9's rolling hash
	store := func() {
		s.insH = insH
		s.strstart, s.lookahead, s.symNext = strstart, lookahead, symNext
		s.prevLength, s.prevMatch, s.matchAvailable = prevLength, prevMatch, matchAvailable
	}
	for lookahead >= minLookahead {
		var hashHead int
		// quickInsert4 or quickInsertStringRoll with the tables and the rolling hash in locals, as
		// fastRun does it.
		if slow {
			insH = updateHashRoll(insH, *(*byte)(unsafe.Add(w, strstart+minMatch-1)))
			hashHead = int(head[insH])
			if hashHead != strstart {
				*(*uint16)(unsafe.Add(prev, 2*(strstart&wmask))) = uint16(hashHead)
				head[insH] = uint16(strstart)
			}
		} else {
			h := hash4At(w, strstart)
			hashHead = int(head[h])
			if hashHead != strstart {
				*(*uint16)(unsafe.Add(prev, 2*(strstart&wmask))) = uint16(hashHead)
				head[h] = uint16(strstart)
			}
		}
		prevMatch = s.matchStart
		matchLen := minMatch - 1
		if dist := strstart - hashHead; dist <= maxDist && dist > 0 && prevLength < maxLazy && hashHead != 0 {
			s.strstart, s.lookahead, s.prevLength = strstart, lookahead, prevLength
			if slow {
				matchLen = s.longestMatchSlow(hashHead)
			} else {
				matchLen = s.longestMatch(hashHead)
			}
			if matchLen <= 5 && filtered {
				matchLen = minMatch - 1
			}
		}
		switch {
		case prevLength >= minMatch && matchLen <= prevLength:
			maxInsert := strstart + lookahead - minMatch
			dist, lc := strstart-1-prevMatch, prevLength-minMatch
			dBuf[symNext], lBuf[symNext] = uint16(dist), uint8(lc)
			countLit(lt, lengthSyms[uint8(lc)].sym())
			countDist(dt, distSymOf(uint(dist-1)).code())
			symNext++
			prevLength--
			lookahead -= prevLength
			movFwd := prevLength - 1
			if maxInsert > strstart {
				if slow {
					s.insH = insH
					s.insertStringRoll(strstart+1, min(movFwd, maxInsert-strstart))
					insH = s.insH
				} else {
					s.insertString4(strstart+1, min(movFwd, maxInsert-strstart))
				}
			}
			prevLength = 0
			matchAvailable = false
			strstart += movFwd + 1
			if symNext == symEnd {
				store()
				if s.flushBlock(false) {
					return true
				}
				symNext = s.symNext
			}
		case matchAvailable:
			c := *(*byte)(unsafe.Add(w, strstart-1))
			dBuf[symNext], lBuf[symNext] = 0, c
			countLit(lt, uint(c))
			if symNext++; symNext == symEnd {
				// The block ends before strstart moves on, as zlib-ng's FLUSH_BLOCK_ONLY here.
				store()
				outFull := s.flushBlock(false)
				symNext = s.symNext
				prevLength = matchLen
				strstart++
				lookahead--
				if outFull {
					store()
					return true
				}
				continue
			}
			prevLength = matchLen
			strstart++
			lookahead--
		default:
			prevLength = matchLen
			matchAvailable = true
			strstart++
			lookahead--
		}
	}
	store()
	return false
}
