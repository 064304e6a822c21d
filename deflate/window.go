package deflate

import "unsafe"

// fillWindow reads input into the window until at least minLookahead bytes are ahead of strstart or the
// input runs out, sliding the upper half of the window down first when strstart is too close to its
// end (zlib's fill_window).
func (s *State) fillWindow() {
	wsize := s.wsize
	window := s.window
	for {
		more := len(window) - s.lookahead - s.strstart
		if s.strstart >= wsize+s.maxDist {
			copy(window[:wsize], window[wsize:wsize+wsize-more])
			s.matchStart -= wsize
			s.strstart -= wsize
			s.blockStart -= wsize
			if s.insert > s.strstart {
				s.insert = s.strstart
			}
			s.slideHash()
			more += wsize
		}
		if len(s.in) == 0 {
			return
		}
		end := s.strstart + s.lookahead
		n := copy(window[end:end+more], s.in)
		s.updateChecksum(s.in[:n])
		s.totalIn += uint32(n)
		s.in = s.in[n:]
		s.lookahead += n

		// Insert the positions left out of the hash table at the last flush, now that they have the
		// four bytes the hash reads.
		if s.insert > 0 {
			from := s.strstart - s.insert
			to := min(s.strstart, s.strstart+s.lookahead-hashBytes+1)
			s.insertRange(from, to)
			s.insert -= max(0, to-from)
		}
		if s.lookahead >= minLookahead || len(s.in) == 0 {
			return
		}
	}
}

// slideHash moves every hash head and chain link down by wsize; links that would fall before the
// window become 0, the end of a chain (zlib's slide_hash).
//
// Every entry is below 2*wsize, so m >= wsize exactly when bit wbits is set, and then m - wsize is
// m with that bit cleared. slideLinks applies that to four entries per 64-bit word.
func (s *State) slideHash() {
	slideLinks(s.head[:], s.wbits)
	slideLinks(s.prev, s.wbits)
}

// slideLinks slides a table of uint16 positions whose length is a multiple of 4 and whose start is
// 8-byte aligned (every region starts 64-byte aligned).
func slideLinks(links []uint16, wbits int) {
	words := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(links))), len(links)/4)
	const lanes = 0x0001_0001_0001_0001
	keep := uint64(1<<wbits-1) * lanes // the bits below wbits in every lane
	for i, w := range words {
		set := (w >> wbits) & lanes // 1 in each lane whose entry is >= wsize
		words[i] = w & keep & (set * 0xffff)
	}
}

// refill tops up the window for a compress function that wants at least want bytes of lookahead, and
// reports whether it must return needMore: the input ran out short of want with no flush asked for.
func (s *State) refill(flush Flush, want int) (needInput bool) {
	s.fillWindow()
	return s.lookahead < want && flush == NoFlush
}
