package deflate

// deflateFast is greedy matching for levels 1-3 (zlib's deflate_fast): take the longest match at each
// position, and insert the positions inside a match only when it is short.
//
// As in deflateSlow, the inner loop keeps position and lookahead in locals and writes them back to
// the State before anything that reads them there.
func (s *State) deflateFast(flush Flush) blockState {
	window, tables := s.window, s.hashTables()
	maxInsertLength, maxDist := s.maxLazyMatch, s.maxDist
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
		strstart, lookahead, matchStart := s.strstart, s.lookahead, s.matchStart
		for lookahead >= minLookahead || (drain && lookahead > 0) {
			hashHead := 0
			if lookahead >= hashBytes {
				hashHead = tables.insert(window, strstart)
			}
			matchLength := minMatch - 1
			if hashHead != 0 && strstart-hashHead <= maxDist {
				matchLength, matchStart = s.longestMatch(hashHead, strstart, lookahead, minMatch-1, matchStart, false)
			}
			var full bool
			if matchLength >= minMatch {
				full = s.tallyDist(strstart-matchStart, matchLength-minMatch)
				lookahead -= matchLength
				if matchLength <= maxInsertLength && lookahead >= minMatch {
					// Every position inside the match has four valid bytes: lookahead >= 3 remain.
					s.insertRange(strstart+1, strstart+matchLength)
				}
				strstart += matchLength
			} else {
				full = s.tallyLit(window[strstart])
				lookahead--
				strstart++
			}
			if full {
				s.strstart, s.lookahead = strstart, lookahead
				if s.flushBlock(false) {
					s.matchStart = matchStart
					return needMore
				}
			}
		}
		s.strstart, s.lookahead, s.matchStart = strstart, lookahead, matchStart
		if drain {
			break
		}
	}
	return s.finishBlock(flush, hashBytes-1)
}

// finishBlock ends a compress function once the input is used up for a flush (zlib's common tail of
// the deflate_* functions). insert is how many positions before strstart are not in the hash table
// yet: hashBytes-1 for the hashing strategies, whose last positions lacked the bytes the hash reads.
func (s *State) finishBlock(flush Flush, insert int) blockState {
	s.insert = min(s.strstart, insert)
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
