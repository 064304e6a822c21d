package deflate

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
			hashHead := 0
			if lookahead >= hashBytes {
				hashHead = tables.insert(window, strstart)
			}
			prevLength, prevMatch := matchLength, matchStart
			matchLength = minMatch - 1
			if hashHead != 0 && prevLength < maxLazy && strstart-hashHead <= maxDist {
				matchLength, matchStart = s.longestMatch(hashHead, strstart, lookahead, prevLength, matchStart, true)
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
