package deflate

import "unsafe"

// winInit is zlib-ng's WIN_INIT: the bytes after the data that fill_window zeroes, since the matchers
// compare up to maxMatch bytes past strstart regardless of the lookahead.
const winInit = maxMatch

// fillWindow reads input into the window until at least minLookahead bytes are ahead of strstart or the
// input runs out, sliding the upper half of the window down first when strstart is too close to its
// end, and inserts the positions a flush left out of the hash table (zlib-ng's fill_window).
//
// What the window holds past the data matters to the output, as in zlib-ng: the hash of the last
// positions and the matchers' comparisons read it. So the window is zeroed exactly where zlib-ng zeroes
// it (winInit bytes past the data, tracked by highWater) and otherwise keeps what earlier input, or an
// earlier stream of the same state, left there.
func (s *State) fillWindow() {
	wsize := s.wsize
	window := s.window
	windowSize := len(window)
	for {
		more := windowSize - s.lookahead - s.strstart
		if s.strstart >= wsize+s.maxDist {
			copy(window[:wsize], window[wsize:])
			if s.matchStart >= wsize {
				s.matchStart -= wsize
			} else {
				s.matchStart = 0
				s.prevLength = 0
			}
			s.strstart -= wsize
			s.blockStart -= wsize
			if s.insert > s.strstart {
				s.insert = s.strstart
			}
			s.slideHash()
			more += wsize
		}
		if len(s.in) == 0 {
			break
		}
		s.lookahead += s.readBuf(window[s.strstart+s.lookahead:][:more])

		// Initialize the hash now that there is some input, inserting what a flush left out.
		if s.lookahead+s.insert >= minMatch {
			str := s.strstart - s.insert
			switch {
			case s.rollHash:
				s.insH = updateHashRoll(uint32(window[str]), *(*byte)(unsafe.Add(s.windowPtr(), str+1)))
			case str >= 1:
				s.quickInsertString(str + 2 - minMatch)
			}
			count := s.insert
			if s.lookahead == 1 {
				count--
			}
			if count > 0 {
				s.insertString(str, count)
				s.insert -= count
			}
		}
		if s.lookahead >= minLookahead || len(s.in) == 0 {
			break
		}
	}

	// Zero the winInit bytes after the data that were never written, and move highWater past them.
	if s.highWater < windowSize {
		curr := s.strstart + s.lookahead
		if s.highWater < curr {
			init := min(windowSize-curr, winInit)
			clear(window[curr : curr+init])
			s.highWater = curr + init
		} else if s.highWater < curr+winInit {
			init := min(curr+winInit-s.highWater, windowSize-s.highWater)
			clear(window[s.highWater : s.highWater+init])
			s.highWater += init
		}
	}
}

// readBuf copies input into buf, as much as fits, and adds it to the checksum and the input count
// (zlib-ng's read_buf). It returns the bytes copied.
func (s *State) readBuf(buf []byte) int {
	n := copy(buf, s.in)
	s.updateChecksum(buf[:n])
	s.totalIn += uint32(n)
	s.in = s.in[n:]
	return n
}

// slideHash moves every hash head and chain link down by wsize; links that would fall before the
// window become 0, the end of a chain (zlib's slide_hash).
//
// slideLinks (slide.go) does it many entries at a time.
func (s *State) slideHash() {
	slideLinks(s.head[:], s.wbits)
	slideLinks(s.prev, s.wbits)
}

// refill tops up the window for a compress function that wants at least want bytes of lookahead, and
// reports whether it must return needMore: the input ran out short of want with no flush asked for.
func (s *State) refill(flush Flush, want int) (needInput bool) {
	s.fillWindow()
	return s.lookahead < want && flush == NoFlush
}
