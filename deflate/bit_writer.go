package deflate

import "encoding/binary"

// The bit writer keeps up to 64 bits in bitBuf (LSB first, RFC 1951 3.1.1) and stores them eight bytes
// at a time straight into the pending region at pendEnd. Every eight-byte store ends at the last byte it
// fills, so it never writes past the logical end of the pending output into the symbol buffers.

// sendBits appends the low n bits of v (n <= 16) to the output.
func (s *State) sendBits(v uint64, n uint) {
	total := s.bitCount + n
	if total < 64 {
		s.bitBuf |= v << s.bitCount
		s.bitCount = total
		return
	}
	s.bitBuf |= v << s.bitCount
	binary.LittleEndian.PutUint64(s.pendingBuf[s.pendEnd:], s.bitBuf)
	s.pendEnd += 8
	s.bitBuf = v >> (64 - s.bitCount)
	s.bitCount = total - 64
}

// biWindup writes out every pending bit, padding the last byte with zeros (zlib's bi_windup).
func (s *State) biWindup() {
	for s.bitCount > 0 {
		s.pendingBuf[s.pendEnd] = byte(s.bitBuf)
		s.pendEnd++
		s.bitBuf >>= 8
		s.bitCount -= min(s.bitCount, 8)
	}
	s.bitBuf, s.bitCount = 0, 0
}

// flushBits moves the whole bytes of the bit buffer to the pending output, keeping fewer than 8 bits
// (zlib-ng's zng_tr_flush_bits).
func (s *State) flushBits() {
	for s.bitCount >= 8 {
		s.pendingBuf[s.pendEnd] = byte(s.bitBuf)
		s.pendEnd++
		s.bitBuf >>= 8
		s.bitCount -= 8
	}
}

// putShortMSB and putUint32LE add whole bytes to the pending output; the bit buffer must be empty.
func (s *State) putShortMSB(v uint16) {
	binary.BigEndian.PutUint16(s.pendingBuf[s.pendEnd:], v)
	s.pendEnd += 2
}

func (s *State) putUint32LE(v uint32) {
	binary.LittleEndian.PutUint32(s.pendingBuf[s.pendEnd:], v)
	s.pendEnd += 4
}
