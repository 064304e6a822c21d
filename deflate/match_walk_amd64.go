package deflate

// longestMatch is longestMatchGo in assembly: longestMatchAsm's whole search.
func (s *State) longestMatch(curMatch int) int {
	_, _, n := longestMatchAsm(s, curMatch, 0, 0, 0, 0, false)
	return n
}

// longestMatchWalk is longestMatchWalkGo in assembly: longestMatchAsm's walk.
func longestMatchWalk(s *State, curMatch, matchOffset, limit, chainLength, bestLen int) (cur, chain, n int) {
	return longestMatchAsm(s, curMatch, matchOffset, limit, chainLength, bestLen, true)
}

// longestMatchAsm (match_walk_amd64.s) is the matchers' chain walk in assembly, whose values stay in
// registers from candidate to candidate, as in gcc's build of zlib-ng's loop: Go's register allocator
// spilled the chain position and reloaded the mask, the bases and the best length for each candidate,
// and a Go search calling an assembly walk spilled its own values around the call. With walk false it
// is longestMatchGo, the whole search of s.longestMatch(curMatch), and returns its result as n (the
// other arguments and results unused); with walk true it is longestMatchWalkGo.
//
//go:noescape
func longestMatchAsm(s *State, curMatch, matchOffset, limit, chainLength, bestLen int, walk bool) (cur, chain, n int)
