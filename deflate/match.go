package deflate

import (
	"math/bits"
	"unsafe"
)

// earlyExitLevel is zlib-ng's EARLY_EXIT_TRIGGER_LEVEL: below it, longest_match stops at the first
// candidate that passes the quick checks but does not beat the best match.
const earlyExitLevel = 5

// longestMatchGo walks the hash chain from curMatch and returns the length of the longest match at
// strstart, setting matchStart (zlib-ng's longest_match, the variant of its 64-bit builds): longestMatch
// on the platforms without it in assembly (amd64: match_avx2_amd64.s, and match_amd64.s without AVX2),
// and the reference the assembly is tested against. A match must beat prevLength (or 2 when it is 0);
// the result is prevLength or 2 when none does. The first candidate that reaches past the lookahead
// ends the walk, with the lookahead as the length.
//
// Candidates are filtered as zlib-ng filters them, because at levels below earlyExitLevel the filter
// decides where the walk stops: the two, four or eight bytes at the start and those ending one past the
// best length must agree (two bytes below length 4, four below 8, eight from 8 on). A candidate is
// compared from its third byte for up to 256 bytes (compare256). Reads may go past the lookahead, into
// what fillWindow left or zeroed there (so the result depends on it exactly as zlib-ng's does), and a
// few bytes past the window into prev, as in zlib-ng's single block.
func (s *State) longestMatchGo(curMatch int) int {
	strstart := s.strstart
	w := s.windowPtr()
	prev := unsafe.Pointer(unsafe.SliceData(s.prev))
	wmask := s.wmask
	_ = s.prev[wmask]
	scan := unsafe.Add(w, strstart)
	lookahead := s.lookahead

	bestLen := s.prevLength
	if bestLen == 0 {
		bestLen = minMatch - 1
	}
	chainLength := s.maxChainLength
	if bestLen >= s.goodMatch {
		chainLength >>= 2
	}
	niceMatch := s.niceMatch
	limit := 0
	if strstart > s.maxDist {
		limit = strstart - s.maxDist
	}
	earlyExit := s.level < earlyExitLevel

	off, mask := filterShape(bestLen)
	scanStart := load64(scan, 0) & mask
	scanEnd := load64(scan, off) & mask
	for {
		if curMatch >= strstart {
			break
		}
		for {
			m := unsafe.Add(w, curMatch)
			if (load64(m, off)^scanEnd)&mask == 0 && (load64(m, 0)^scanStart)&mask == 0 {
				break
			}
			if chainLength--; chainLength == 0 {
				return bestLen
			}
			if curMatch = int(*(*uint16)(unsafe.Add(prev, 2*(curMatch&wmask)))); curMatch <= limit {
				return bestLen
			}
		}
		n := compare256(unsafe.Add(scan, 2), unsafe.Add(w, curMatch+2)) + 2
		if n > bestLen {
			s.matchStart = curMatch
			if n > lookahead {
				return lookahead
			}
			bestLen = n
			if bestLen >= niceMatch {
				return bestLen
			}
			off, mask = filterShape(bestLen)
			scanStart = load64(scan, 0) & mask
			scanEnd = load64(scan, off) & mask
		} else if earlyExit {
			break
		}
		if chainLength--; chainLength == 0 {
			return bestLen
		}
		if curMatch = int(*(*uint16)(unsafe.Add(prev, 2*(curMatch&wmask)))); curMatch <= limit {
			return bestLen
		}
	}
	return bestLen
}

// filterShape returns where longestMatch's second check reads for a best length bestLen, and the mask
// of the bytes both checks compare: 2 bytes ending one past bestLen below 4, 4 below 8, 8 from then on.
func filterShape(bestLen int) (off int, mask uint64) {
	switch {
	case bestLen < 4:
		return bestLen - 1, 0xffff
	case bestLen < 8:
		return bestLen - 3, 0xffff_ffff
	}
	return bestLen - 7, ^uint64(0)
}

// load16 reads two little-endian bytes at p+i.
func load16(p unsafe.Pointer, i int) uint16 {
	b := (*[2]byte)(unsafe.Add(p, i))
	return uint16(b[0]) | uint16(b[1])<<8
}

// load64 reads eight little-endian bytes at p+i. load16 and load64 combine the bytes themselves, which
// the compiler makes one load, rather than call binary.LittleEndian: that call, inlined into theirs,
// left an inline mark, a NOP executed at every use in the matchers' loops.
func load64(p unsafe.Pointer, i int) uint64 {
	b := (*[8]byte)(unsafe.Add(p, i))
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// matchLenPtr returns the length of the common prefix of the n bytes at a and at b, eight bytes at a
// time. Both must have n readable bytes.
func matchLenPtr(a, b unsafe.Pointer, n int) int {
	i := 0
	for ; i+8 <= n; i += 8 {
		if x := load64(a, i) ^ load64(b, i); x != 0 {
			return i + bits.TrailingZeros64(x)>>3
		}
	}
	for ; i < n; i++ {
		if *(*byte)(unsafe.Add(a, i)) != *(*byte)(unsafe.Add(b, i)) {
			break
		}
	}
	return i
}

// matchLen returns the length of the common prefix of a and b, len(b) >= len(a).
func matchLen(a, b []byte) int {
	b = b[:len(a)]
	return matchLenPtr(unsafe.Pointer(unsafe.SliceData(a)), unsafe.Pointer(unsafe.SliceData(b)), len(a))
}
