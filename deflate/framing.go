package deflate

import (
	"encoding/binary"
	"hash/crc32"
)

const (
	zlibDeflated = 8 // CM = 8: deflate (RFC 1950 2.2)
)

func initialChecksum(wrap int) uint32 {
	if wrap == 1 {
		return 1 // Adler-32 of nothing
	}
	return 0 // CRC-32 of nothing
}

// writeHeader puts the zlib (RFC 1950) or gzip (RFC 1952) header into the pending output.
func (s *State) writeHeader() {
	switch s.wrap {
	case 1:
		header := uint16(zlibDeflated+((s.wbits-8)<<4)) << 8
		var levelFlags uint16
		switch {
		case s.strategy >= HuffmanOnly || s.level < 2:
			levelFlags = 0
		case s.level < 6:
			levelFlags = 1
		case s.level == 6:
			levelFlags = 2
		default:
			levelFlags = 3
		}
		header |= levelFlags << 6
		header += 31 - header%31
		s.putShortMSB(header)
	case 2:
		// XFL as zlib-ng sets it: 2 (slowest) at level 9, 4 (fastest) for levels 0-1 and the strategies
		// without string matching; FLG and MTIME are 0 (no gz_header is supported).
		xfl := byte(0)
		switch {
		case s.level == 9:
			xfl = 2
		case s.strategy >= HuffmanOnly || s.level < 2:
			xfl = 4
		}
		// ID1 ID2 CM FLG MTIME(4) XFL OS
		h := [10]byte{0x1f, 0x8b, zlibDeflated, 0, 0, 0, 0, 0, xfl, s.cfg.gzipOSByte()}
		s.pendEnd += copy(s.pendingBuf[s.pendEnd:], h[:])
	}
}

// writeTrailer puts the Adler-32 (big-endian) or the CRC-32 and ISIZE (little-endian) trailer into the
// pending output.
func (s *State) writeTrailer() {
	switch s.wrap {
	case 1:
		binary.BigEndian.PutUint32(s.pendingBuf[s.pendEnd:], s.checksum)
		s.pendEnd += 4
	case 2:
		s.putUint32LE(s.checksum)
		s.putUint32LE(s.totalIn)
	}
}

// updateChecksum adds p to the running checksum of the uncompressed data.
func (s *State) updateChecksum(p []byte) {
	switch s.wrap {
	case 1:
		s.checksum = adler32(s.checksum, p)
	case 2:
		s.checksum = crc32.Update(s.checksum, crc32.IEEETable, p)
	}
}
