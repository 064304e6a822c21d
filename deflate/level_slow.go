package deflate

// deflateSlow is lazy matching for levels 4-9 (zlib's deflate_slow): a match is emitted only when the
// match at the next position is not longer; otherwise the current byte becomes a literal.
func (s *State) deflateSlow(flush Flush) blockState {
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
		s.prevLength = s.matchLength
		s.prevMatch = s.matchStart
		s.matchLength = minMatch - 1
		if hashHead != 0 && s.prevLength < s.maxLazyMatch && s.strstart-hashHead <= s.maxDist {
			s.matchLength = s.longestMatch(hashHead)
			if s.matchLength <= 5 && (s.strategy == Filtered ||
				(s.matchLength == minMatch && s.strstart-s.matchStart > tooFar)) {
				// Filtered data prefers literals over short matches, and a far length-3 match costs
				// more than its literals.
				s.matchLength = minMatch - 1
			}
		}
		switch {
		case s.prevLength >= minMatch && s.matchLength <= s.prevLength:
			// The previous match is at least as good: emit it and skip over it.
			maxInsert := s.strstart + s.lookahead - hashBytes
			full := s.tallyDist(s.strstart-1-s.prevMatch, s.prevLength-minMatch)
			s.lookahead -= s.prevLength - 1
			for n := s.prevLength - 2; n > 0; n-- {
				s.strstart++
				if s.strstart <= maxInsert {
					s.insertString(s.strstart)
				}
			}
			s.matchAvailable = false
			s.matchLength = minMatch - 1
			s.strstart++
			if full && s.flushBlock(false) {
				return needMore
			}
		case s.matchAvailable:
			// The match here is longer: the previous byte becomes a literal.
			if s.tallyLit(s.window[s.strstart-1]) {
				s.flushBlock(false)
			}
			s.strstart++
			s.lookahead--
			if s.nOut == len(s.out) {
				return needMore
			}
		default:
			s.matchAvailable = true
			s.strstart++
			s.lookahead--
		}
	}
	if s.matchAvailable {
		s.tallyLit(s.window[s.strstart-1])
		s.matchAvailable = false
	}
	return s.finishBlock(flush, hashBytes-1)
}
