package deflate

// deflateSlow is lazy matching for levels 7-9 (zlib-ng's deflate_slow): the match found at a position
// is emitted only if the match at the next position is not longer; otherwise the byte before becomes
// a literal and the longer match waits for the same test one position on.
//
// Levels 7 and 8 search with longestMatch; level 9, whose chains are longer than 1024, with
// longestMatchSlow over the rolling hash. The Filtered strategy drops matches of length 5 or less.
// Every scalar lives in the State, not in locals, because fillWindow may change matchStart and
// prevLength when it slides the window (dropping a pending match that would reach before it), exactly
// as zlib-ng's does.
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
