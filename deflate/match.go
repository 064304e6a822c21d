package deflate

import (
	"encoding/binary"
	"math/bits"
)

// hash4 is zlib-ng's multiplicative hash of the four bytes at p, keeping the top hashBits bits.
func hash4(v uint32) uint32 { return (v * hashMul) >> hashShift }

// insertString links position pos into its hash chain and returns the previous head of that chain
// (zlib's INSERT_STRING). pos must have hashBytes valid bytes.
func (s *State) insertString(pos int) int {
	h := hash4(binary.LittleEndian.Uint32(s.window[pos:]))
	head := s.head[h]
	s.prev[pos&s.wmask] = head
	s.head[h] = uint16(pos)
	return int(head)
}

// longestMatch walks the hash chain from curMatch and returns the length of the longest match at
// strstart no longer than lookahead, setting matchStart (zlib's longest_match). Matches shorter than
// prevLength are not reported.
//
// It compares eight bytes at a time, and checks the two bytes that end the current best match before
// comparing a candidate from its start.
func (s *State) longestMatch(curMatch int) int {
	chainLength := s.maxChainLength
	window := s.window
	scan := s.strstart
	bestLen := s.prevLength
	maxLen := min(maxMatch, s.lookahead)
	if bestLen >= maxLen {
		return bestLen // nothing longer can fit; the caller clamps to lookahead
	}
	niceMatch := min(s.niceMatch, maxLen)
	limit := 0
	if scan > s.maxDist {
		limit = scan - s.maxDist
	}
	if s.prevLength >= s.goodMatch {
		chainLength >>= 2
	}
	prev := s.prev
	wmask := s.wmask
	// Bytes scan..scan+maxLen are valid input; nothing beyond them is read.
	scanWin := window[scan : scan+maxLen]
	scanStart := binary.LittleEndian.Uint16(scanWin)
	scanEnd := binary.LittleEndian.Uint16(scanWin[bestLen-1:])
	for {
		m := window[curMatch : curMatch+maxLen]
		if binary.LittleEndian.Uint16(m[bestLen-1:]) == scanEnd && binary.LittleEndian.Uint16(m) == scanStart {
			n := matchLen(m, scanWin)
			if n > bestLen {
				s.matchStart = curMatch
				bestLen = n
				if n >= niceMatch {
					break
				}
				scanEnd = binary.LittleEndian.Uint16(scanWin[bestLen-1:])
			}
		}
		curMatch = int(prev[curMatch&wmask])
		chainLength--
		if curMatch <= limit || chainLength == 0 {
			break
		}
	}
	return bestLen
}

// matchLen returns the length of the common prefix of a and b, len(a) == len(b), eight bytes at a time.
func matchLen(a, b []byte) int {
	n := 0
	b = b[:len(a)]
	for len(a)-n >= 8 {
		x := binary.LittleEndian.Uint64(a[n:]) ^ binary.LittleEndian.Uint64(b[n:])
		if x != 0 {
			return n + bits.TrailingZeros64(x)>>3
		}
		n += 8
	}
	for n < len(a) && a[n] == b[n] {
		n++
	}
	return n
}
