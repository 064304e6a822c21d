package deflate

import "unsafe"

// longestMatchSlowGo is level 9's matcher (zlib-ng's longest_match_slow): longestMatch without the early
// exit, and able to walk the rarest hash chain instead of the one of the match's first bytes. It is
// longestMatchSlow on the platforms without it in assembly (amd64: match_avx2_amd64.s, and
// match_amd64.s without AVX2), and the reference the assembly is tested against.
//
// A match longer than bestLen repeats every three bytes of the string at strstart, so a candidate at
// distance d also appears on the chain of the rolling hash of the three bytes at any offset i, at
// position candidate+i. Walking the chain whose next entry is oldest skips the most candidates that
// cannot match. So, before the walk when continuing a lazy search (prevLength >= 3), and after every
// new best match, it moves to the offset whose chain reaches back farthest: the heads of the hashes at
// strstart+1.. before the walk; after a match at start, the chains through start+i, and the head of the
// hash of the three bytes that end one past the match. Candidate starts are then the chain's positions
// less the offset; the walk stops where they would reach limit or before.
//
// The rules, the comparisons, the reads past the lookahead and the results are zlib-ng's, so that the
// matches, and thus the output, are byte for byte its own; like longestMatch it reads the window
// through pointers.
func (s *State) longestMatchSlowGo(curMatch int) int {
	strstart, lookahead := s.strstart, s.lookahead
	w := unsafe.Pointer(unsafe.SliceData(s.window)) // s.windowPtr(), whose inlined call left a NOP per call
	scan := unsafe.Add(w, strstart)
	wmask := s.wmask
	_ = s.prev[wmask] // prev has wmask+1 entries, so prevAt's index is in range
	prevBase := unsafe.Pointer(unsafe.SliceData(s.prev))
	prevAt := func(pos int) int { return int(*(*uint16)(unsafe.Add(prevBase, 2*(pos&wmask)))) }

	bestLen := s.prevLength
	if bestLen == 0 {
		bestLen = minMatch - 1
	}
	off, mask := filterShape(bestLen)
	scanStart := load64(scan, 0) & mask
	scanEnd := load64(scan, off) & mask
	chainLength := s.maxChainLength
	if bestLen >= s.goodMatch {
		chainLength >>= 2
	}
	niceMatch := s.niceMatch
	limitBase := 0 // candidates at or before it are too far (or position 0)
	if strstart > s.maxDist {
		limitBase = strstart - s.maxDist
	}
	limit := limitBase
	matchOffset := 0 // curMatch is on the chain of the hash at this offset into the string

	breakMatching := func() int { return min(bestLen, s.lookahead) }
	if bestLen >= minMatch {
		// Continuing a lazy search: start from the offset whose hash head is oldest. The strings
		// at strstart+1.. are not inserted yet, so their heads, not prev, tell where they were.
		hash := updateHashRoll(0, *(*byte)(unsafe.Add(scan, 1)))
		hash = updateHashRoll(hash, *(*byte)(unsafe.Add(scan, 2)))
		for i := 3; i <= bestLen; i++ {
			hash = updateHashRoll(hash, *(*byte)(unsafe.Add(scan, i)))
			if pos := int(s.head[hash]); pos < curMatch {
				matchOffset = i - 2
				curMatch = pos
			}
		}
		limit = limitBase + matchOffset
		if curMatch <= limit {
			return breakMatching()
		}
	}

	for curMatch < strstart {
		// Skip candidates that cannot beat bestLen, by the bytes at the start and those ending
		// one past bestLen.
		for {
			m := unsafe.Add(w, curMatch-matchOffset) // the candidate's start
			if (load64(m, off)^scanEnd)&mask == 0 && (load64(m, 0)^scanStart)&mask == 0 {
				break
			}
			if chainLength--; chainLength == 0 {
				return bestLen
			}
			if curMatch = prevAt(curMatch); curMatch <= limit {
				return bestLen
			}
		}
		n := compare256(unsafe.Add(scan, 2), unsafe.Add(w, curMatch-matchOffset+2)) + 2
		if n > bestLen {
			matchStart := curMatch - matchOffset
			s.matchStart = matchStart
			if n > lookahead {
				return lookahead // do not look past the end of the input
			}
			bestLen = n
			if bestLen >= niceMatch {
				return bestLen
			}
			off, mask = filterShape(bestLen)
			scanStart = load64(scan, 0) & mask
			scanEnd = load64(scan, off) & mask
			if n > minMatch && matchStart+n < strstart {
				// Look for a more distant chain through the new match: prev of each of its
				// positions, then the head of the hash of the three bytes ending one past it.
				curMatch = matchStart
				matchOffset = 0
				nextPos := curMatch
				for i := 0; i <= n-minMatch; i++ {
					if pos := prevAt(curMatch + i); pos < nextPos {
						if pos <= limitBase+i {
							return breakMatching()
						}
						nextPos = pos
						matchOffset = i
					}
				}
				curMatch = nextPos
				hash := updateHashRoll(0, *(*byte)(unsafe.Add(scan, n-minMatch-1)))
				hash = updateHashRoll(hash, *(*byte)(unsafe.Add(scan, n-minMatch)))
				hash = updateHashRoll(hash, *(*byte)(unsafe.Add(scan, n-minMatch+1)))
				if pos := int(s.head[hash]); pos < curMatch {
					matchOffset = n - (minMatch + 1)
					if pos <= limitBase+matchOffset {
						return breakMatching()
					}
					curMatch = pos
				}
				limit = limitBase + matchOffset
				continue
			}
		}
		if chainLength--; chainLength == 0 {
			return bestLen
		}
		if curMatch = prevAt(curMatch); curMatch <= limit {
			return bestLen
		}
	}
	return bestLen
}
