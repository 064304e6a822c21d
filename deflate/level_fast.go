package deflate

// deflateFast is greedy matching for levels 1-3 (zlib's deflate_fast): take the longest match at each
// position, and insert the positions inside a match only when it is short.
func (s *State) deflateFast(flush Flush) blockState {
	for {
		if s.lookahead < minLookahead {
			if s.refill(flush, minLookahead) {
				return needMore
			}
			if s.lookahead == 0 {
				break
			}
		}
		hashHead := 0
		if s.lookahead >= hashBytes {
			hashHead = s.insertString(s.strstart)
		}
		if hashHead != 0 && s.strstart-hashHead <= s.maxDist {
			s.matchLength, s.matchStart = s.longestMatch(hashHead, s.strstart, s.lookahead, minMatch-1, s.matchStart, false)
		}
		var full bool
		if s.matchLength >= minMatch {
			full = s.tallyDist(s.strstart-s.matchStart, s.matchLength-minMatch)
			s.lookahead -= s.matchLength
			if s.matchLength <= s.maxLazyMatch && s.lookahead >= minMatch {
				// Every position inside the match has four valid bytes: lookahead >= 3 remain after it.
				s.insertRange(s.strstart+1, s.strstart+s.matchLength)
				s.strstart += s.matchLength
			} else {
				s.strstart += s.matchLength
			}
			s.matchLength = minMatch - 1
		} else {
			full = s.tallyLit(s.window[s.strstart])
			s.lookahead--
			s.strstart++
		}
		if full && s.flushBlock(false) {
			return needMore
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
