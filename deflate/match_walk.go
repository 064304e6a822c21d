package deflate

import "unsafe"

// longestMatchWalkGo is longestMatchSlow's chain walk (the loop of zlib-ng's longest_match_slow from the
// candidate filter to the chain step, match_tpl.h), in Go: longestMatchWalk on the platforms without it
// in assembly, and the reference the assembly is tested against. longestMatchSlow keeps what happens
// once per search or per better match (the setup, matchStart, the lookahead and nice length, the move to
// another chain); the walk does what happens per candidate, so that on amd64 one call walks a whole
// stretch of the chain in registers.
//
// The walk starts at candidate curMatch, a position on the chain at matchOffset into the string at
// s.strstart (the candidate's start is curMatch-matchOffset), and goes on through s.prev while
// chainLength lasts and candidates stay above limit. A candidate is compared only if it passes
// filterShape(bestLen)'s filter, and then from its third byte for up to 256 bytes. It returns the first
// candidate whose length n beats bestLen, with the chainLength left before its chain step; or n 0 where
// the walk ends without one: the chain length spent, a candidate at or below limit, or, after a compare
// that did not beat bestLen, the next candidate at or past strstart (zlib-ng tests that only after a
// compare, as here). The caller tests curMatch < s.strstart before the first call.
func longestMatchWalkGo(s *State, curMatch, matchOffset, limit, chainLength, bestLen int) (cur, chain, n int) {
	strstart := s.strstart
	w := s.windowPtr()
	scan := unsafe.Add(w, strstart)
	wmask := s.wmask
	_ = s.prev[wmask]
	prev := unsafe.Pointer(unsafe.SliceData(s.prev))
	off, mask := filterShape(bestLen)
	scanStart := load64(scan, 0) & mask
	scanEnd := load64(scan, off) & mask
	for {
		for {
			m := unsafe.Add(w, curMatch-matchOffset) // the candidate's start
			if (load64(m, off)^scanEnd)&mask == 0 && (load64(m, 0)^scanStart)&mask == 0 {
				break
			}
			if chainLength--; chainLength == 0 {
				return curMatch, chainLength, 0
			}
			if curMatch = prevAt(prev, wmask, curMatch); curMatch <= limit {
				return curMatch, chainLength, 0
			}
		}
		if n := compare256(unsafe.Add(scan, 2), unsafe.Add(w, curMatch-matchOffset+2)) + 2; n > bestLen {
			return curMatch, chainLength, n
		}
		if chainLength--; chainLength == 0 {
			return curMatch, chainLength, 0
		}
		if curMatch = prevAt(prev, wmask, curMatch); curMatch <= limit || curMatch >= strstart {
			return curMatch, chainLength, 0
		}
	}
}

// prevAt returns the chain link of position pos: prev[pos&wmask], prev having wmask+1 entries.
func prevAt(prev unsafe.Pointer, wmask, pos int) int {
	return int(*(*uint16)(unsafe.Add(prev, 2*(pos&wmask))))
}
