package deflate

import (
	"errors"
	"fmt"
)

// Flush says how much of the input Deflate must make decodable, with zlib's meanings.
type Flush int

const (
	NoFlush      Flush = 0 // Z_NO_FLUSH: compress as much as is efficient, keep the rest
	PartialFlush Flush = 1 // Z_PARTIAL_FLUSH: end the block and append an empty fixed block (not byte aligned)
	SyncFlush    Flush = 2 // Z_SYNC_FLUSH: end the block and append an empty stored block (byte aligned)
	FullFlush    Flush = 3 // Z_FULL_FLUSH: as SyncFlush, and forget the history so decoding can restart here
	Finish       Flush = 4 // Z_FINISH: end the stream with the last block and the trailer
	BlockFlush   Flush = 5 // Z_BLOCK: end the block, append nothing (the last bits may stay in the State)
)

// blockState is what a compress function reports (zlib's block_state).
type blockState int

const (
	needMore      blockState = iota // more input or more output space is needed
	blockDone                       // a block was flushed
	finishStarted                   // the last block was started; output space is needed
	finishDone                      // the last block was flushed
)

// ErrNoOutputSpace is returned by Deflate when dst is empty.
var ErrNoOutputSpace = errors.New("deflate: Deflate needs a non-empty dst")

// Deflate compresses from src into dst (zlib-ng's deflate). It returns the bytes written to dst and read
// from src. It stops when src is consumed and, for a flush, the flushed data is in dst, or when dst is
// full: whenever nDst == len(dst), call again with more space (and the unread rest of src), repeating
// the flush. With Finish, the stream is complete when Finished reports it: a Finish call that returns
// with nDst < len(dst) completes it; one that fills dst exactly may not, even with nothing left to
// write, and the next Finish call (writing nothing) does, as zlib-ng returns Z_OK and then Z_STREAM_END. A call with no src, no output pending and a flush no stronger than the previous call's
// (and not Finish) does nothing, returning 0, 0 and no error, where zlib returns the harmless
// Z_BUF_ERROR: so a repeated SyncFlush adds no second empty block. Flushes rank as zlib ranks them:
// NoFlush, BlockFlush, PartialFlush, SyncFlush, FullFlush, Finish.
func (s *State) Deflate(dst, src []byte, flush Flush) (nDst, nSrc int, err error) {
	if s.ended {
		return 0, 0, ErrEnded
	}
	switch flush {
	case NoFlush, PartialFlush, SyncFlush, FullFlush, Finish, BlockFlush:
	default:
		return 0, 0, fmt.Errorf("deflate: flush %d is not one of NoFlush (0), PartialFlush (1), SyncFlush (2), FullFlush (3), Finish (4), BlockFlush (5)", int(flush))
	}
	if len(dst) == 0 {
		return 0, 0, ErrNoOutputSpace
	}
	if s.status == finishState && (len(src) != 0 || flush != Finish) {
		return 0, 0, ErrFinished
	}
	s.in, s.out, s.nOut = src, dst, 0
	s.streamEnd = false
	s.deflate(flush)
	nDst, nSrc = s.nOut, len(src)-len(s.in)
	s.in, s.out, s.nOut = nil, nil, 0
	return nDst, nSrc, nil
}

// Finished reports whether the last Deflate call completed the stream: it had Finish, and zlib-ng's
// deflate would have returned Z_STREAM_END for it. As in zlib-ng, a Finish call that only hands out
// output left pending by earlier calls and fills dst exactly is not the end even when nothing is left
// (zlib-ng returns Z_OK there): the next Finish call writes nothing and completes the stream. A call
// that Deflate refuses with an error leaves Finished as it was.
func (s *State) Finished() bool {
	return !s.ended && s.streamEnd
}

// rank orders flush values as zlib's RANK does (BlockFlush between NoFlush and PartialFlush), to refuse
// a flush that is no stronger than the last one when there is nothing to do.
func rank(f Flush) int {
	if f > Finish {
		return int(f)*2 - 9
	}
	return int(f) * 2
}

// deflate is zlib-ng 2.2.2's deflate() after its argument checks: hand out pending output, write the
// header, run the compress function, finish a flush and write the trailer. A call with nothing to do
// (no input, no pending output, a flush no stronger than the previous call's and not Finish) does
// nothing, where zlib returns Z_BUF_ERROR; lastFlush is -1 whenever a call stopped because dst was
// full, so that the next call may repeat its flush.
func (s *State) deflate(flush Flush) {
	oldFlush := s.lastFlush
	s.lastFlush = flush
	if s.pendEnd != s.pendStart {
		s.flushPending()
		if s.nOut == len(s.out) {
			s.lastFlush = -1
			return
		}
	} else if len(s.in) == 0 && rank(flush) <= rank(oldFlush) && flush != Finish {
		return
	}
	if s.status == initState {
		s.writeHeader()
		s.status = busyState
		// Compression must start with an empty pending buffer.
		s.flushPending()
		if s.pendEnd != s.pendStart {
			s.lastFlush = -1
			return
		}
	}
	if len(s.in) != 0 || s.lookahead != 0 || (flush != NoFlush && s.status != finishState) {
		bstate := s.compress(flush)
		if bstate == finishStarted || bstate == finishDone {
			s.status = finishState
		}
		if bstate == needMore || bstate == finishStarted {
			if s.nOut == len(s.out) {
				s.lastFlush = -1
			}
			return
		}
		if bstate == blockDone {
			switch flush {
			case PartialFlush:
				s.trAlign()
			case SyncFlush, FullFlush:
				// An empty stored block, byte aligned, marks the flush point.
				s.storedBlock(nil, false)
				if flush == FullFlush {
					clear(s.head[:]) // forget history
					if s.lookahead == 0 {
						s.strstart, s.blockStart, s.insert = 0, 0, 0
					}
				}
			}
			s.flushPending()
			if s.nOut == len(s.out) {
				s.lastFlush = -1
				return
			}
		}
	}
	if flush != Finish {
		return
	}
	s.writeTrailer()
	s.flushPending()
	if s.wrap > 0 {
		s.wrap = -s.wrap // the trailer is written once
	}
	// zlib-ng returns Z_STREAM_END here once nothing is pending (at once for a stream without a
	// trailer, whose pending output is all handed out when a call gets this far).
	s.streamEnd = s.pendEnd == s.pendStart
}

// compress runs the compress function of the strategy and level (zlib-ng's dispatch in deflate()).
func (s *State) compress(flush Flush) blockState {
	switch {
	case s.level == 0:
		return s.deflateStored(flush)
	case s.strategy == HuffmanOnly:
		return s.deflateHuff(flush)
	case s.strategy == RLE:
		return s.deflateRLE(flush)
	}
	switch configTable[s.level].fn {
	case funcQuick:
		return s.deflateQuick(flush)
	case funcFast:
		return s.deflateFast(flush)
	case funcMedium:
		return s.deflateMedium(flush)
	}
	return s.deflateSlow(flush)
}

// flushPending moves the whole bytes of the bit buffer to the pending output and hands as much of it
// as fits to the caller's buffer (zlib-ng's flush_pending with zng_tr_flush_bits).
func (s *State) flushPending() {
	s.flushBits()
	n := copy(s.out[s.nOut:], s.pendingBuf[s.pendStart:s.pendEnd])
	s.nOut += n
	s.pendStart += n
	if s.pendStart == s.pendEnd {
		s.pendStart, s.pendEnd = 0, 0
	}
}
