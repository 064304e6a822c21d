package deflate

import "encoding/binary"

// maxStored is the longest stored block, RFC 1951 3.2.4: LEN is 16 bits.
const maxStored = 65535

// storedHeaderBits is the most a stored block's header costs beyond the bits already buffered: 3 bits
// of block type, up to 7 of padding and 32 of LEN and NLEN, so (bits+42)/8 whole bytes.
const storedHeaderBits = 3 + 7 + 32

// deflateStored is level 0 (zlib-ng's deflate_stored): it copies the input into stored blocks without
// compressing it.
//
// Blocks of at least minBlock bytes (or any block that ends a flush) go straight from the input, and
// from whatever of it is already in the window, to the caller's buffer, with only their 5-byte headers
// passing through the pending output; how the input is cut into blocks therefore depends on the
// caller's buffer sizes and flushes, exactly as in zlib-ng. What cannot go out directly is collected
// in the window and emitted through the pending output once a worthy block is there or the flush asks
// for it. The window keeps the last wsize bytes of input either way.
func (s *State) deflateStored(flush Flush) blockState {
	pendingBufSize := 4 * s.litBufsize // zlib's pending_buf_size: the region before the symbol buffers
	windowSize := 2 * s.wsize
	// Smallest worthy block when neither flushing nor finishing: as much as the pending output holds,
	// at most a window.
	minBlock := min(pendingBufSize-5, s.wsize)

	// Copy as many minBlock or larger blocks as the input and the caller's buffer allow directly.
	last := false
	start := s.in
	for !last {
		have := (int(s.bitCount) + storedHeaderBits) >> 3 // header bytes
		avail := len(s.out) - s.nOut
		if avail < have {
			break
		}
		have = avail - have
		left := s.strstart - s.blockStart // bytes of the block in the window
		n := min(maxStored, left+len(s.in), have)
		// Stop short of a worthy block unless it ends the input of a flush; an empty block only
		// for Finish.
		if n < minBlock && ((n == 0 && flush != Finish) || flush == NoFlush || n != left+len(s.in)) {
			break
		}
		last = flush == Finish && n == left+len(s.in)
		s.storedBlock(nil, last) // the header, with LEN and NLEN replaced below
		s.pendEnd -= 4
		binary.LittleEndian.PutUint16(s.pendingBuf[s.pendEnd:], uint16(n))
		binary.LittleEndian.PutUint16(s.pendingBuf[s.pendEnd+2:], ^uint16(n))
		s.pendEnd += 4
		s.flushPending()
		if left > 0 {
			left = min(left, n)
			s.nOut += copy(s.out[s.nOut:], s.window[s.blockStart:s.blockStart+left])
			s.blockStart += left
			n -= left
		}
		if n > 0 {
			s.nOut += s.readBuf(s.out[s.nOut : s.nOut+n])
		}
	}

	// Keep the last wsize bytes of what went out directly as the window's history.
	if used := len(start) - len(s.in); used > 0 {
		copied := start[:used]
		if used >= s.wsize {
			copy(s.window[:s.wsize], copied[used-s.wsize:])
			s.strstart = s.wsize
			s.insert = s.strstart
		} else {
			if windowSize-s.strstart <= used {
				s.strstart -= s.wsize // slide
				copy(s.window[:s.strstart], s.window[s.wsize:s.wsize+s.strstart])
				s.insert = min(s.insert, s.strstart)
			}
			copy(s.window[s.strstart:], copied)
			s.strstart += used
			s.insert += min(used, s.wsize-s.insert)
		}
		s.blockStart = s.strstart
	}
	s.highWater = max(s.highWater, s.strstart)
	if last {
		return finishDone
	}
	// A flush with everything already out is done.
	if flush != NoFlush && flush != Finish && len(s.in) == 0 && s.strstart == s.blockStart {
		return blockDone
	}

	// Fill the window with as much input as fits, sliding it when that makes room.
	have := windowSize - s.strstart
	if len(s.in) > have && s.blockStart >= s.wsize {
		s.blockStart -= s.wsize
		s.strstart -= s.wsize
		copy(s.window[:s.strstart], s.window[s.wsize:s.wsize+s.strstart])
		have += s.wsize
		s.insert = min(s.insert, s.strstart)
	}
	if have = min(have, len(s.in)); have > 0 {
		s.readBuf(s.window[s.strstart : s.strstart+have])
		s.strstart += have
		s.insert += min(have, s.wsize-s.insert)
	}
	s.highWater = max(s.highWater, s.strstart)

	// The caller's buffer was too small for a worthy or flushed block: emit one through the pending
	// output if the window holds a worthy one, or the rest of the input of a flush that fits.
	have = (int(s.bitCount) + storedHeaderBits) >> 3
	have = min(pendingBufSize-have, maxStored)
	minBlock = min(have, s.wsize)
	left := s.strstart - s.blockStart
	if left >= minBlock || ((left > 0 || flush == Finish) && flush != NoFlush && len(s.in) == 0 && left <= have) {
		n := min(left, have)
		last = flush == Finish && len(s.in) == 0 && n == left
		s.storedBlock(s.window[s.blockStart:s.blockStart+n], last)
		s.blockStart += n
		s.flushPending()
	}
	if last {
		return finishStarted
	}
	return needMore
}
