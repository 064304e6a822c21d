package deflate

// deflateRLE looks only for runs of the previous byte, matches at distance one (zlib's deflate_rle).
func (s *State) deflateRLE(flush Flush) blockState {
	for {
		// Keep a whole maximal run ahead of strstart.
		if s.lookahead <= maxMatch {
			if s.refill(flush, maxMatch+1) {
				return needMore
			}
			if s.lookahead == 0 {
				break
			}
		}
		runLen := 0
		if s.lookahead >= minMatch && s.strstart > 0 {
			w := s.window[s.strstart-1 : s.strstart+min(maxMatch, s.lookahead)]
			runLen = matchLen(w[1:], w[:len(w)-1])
		}
		var full bool
		if runLen >= minMatch {
			full = s.tallyDist(1, runLen-minMatch)
			s.lookahead -= runLen
			s.strstart += runLen
		} else {
			full = s.tallyLit(s.window[s.strstart])
			s.lookahead--
			s.strstart++
		}
		if full && s.flushBlock(false) {
			return needMore
		}
	}
	return s.finishBlock(flush, 0)
}

// deflateHuff codes every byte as a literal: Huffman coding only (zlib's deflate_huff).
func (s *State) deflateHuff(flush Flush) blockState {
	for {
		if s.lookahead == 0 {
			s.fillWindow()
			if s.lookahead == 0 {
				if flush == NoFlush {
					return needMore
				}
				break
			}
		}
		full := s.tallyLit(s.window[s.strstart])
		s.lookahead--
		s.strstart++
		if full && s.flushBlock(false) {
			return needMore
		}
	}
	return s.finishBlock(flush, 0)
}
