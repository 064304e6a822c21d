package deflate

// deflateStored copies input to stored blocks without compression (level 0). Blocks are as long as the
// pending region allows (at most 65,535 bytes, RFC 1951 3.2.4) and end before the data would slide out
// of the window.
func (s *State) deflateStored(flush Flush) blockState {
	maxBlockSize := min(0xffff, 4*s.litBufsize-5)
	for {
		if s.lookahead <= 1 {
			s.fillWindow()
			if s.lookahead == 0 && flush == NoFlush {
				return needMore
			}
			if s.lookahead == 0 {
				break
			}
		}
		s.strstart += s.lookahead
		s.lookahead = 0
		maxStart := s.blockStart + maxBlockSize
		if s.strstart >= maxStart {
			s.lookahead = s.strstart - maxStart
			s.strstart = maxStart
			if s.flushBlock(false) {
				return needMore
			}
		}
		// Flush before the block's start would slide out of the window.
		if s.strstart-s.blockStart >= s.maxDist {
			if s.flushBlock(false) {
				return needMore
			}
		}
	}
	s.insert = 0
	if flush == Finish {
		if s.flushBlock(true) {
			return finishStarted
		}
		return finishDone
	}
	if s.strstart > s.blockStart {
		if s.flushBlock(false) {
			return needMore
		}
	}
	return blockDone
}
