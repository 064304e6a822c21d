//go:build !amd64

package deflate

// longestMatch is longestMatchGo on the platforms without it in assembly (amd64).
func (s *State) longestMatch(curMatch int) int { return s.longestMatchGo(curMatch) }

// longestMatchWalk is longestMatchWalkGo on the platforms without it in assembly (amd64).
func longestMatchWalk(s *State, curMatch, matchOffset, limit, chainLength, bestLen int) (cur, chain, n int) {
	return longestMatchWalkGo(s, curMatch, matchOffset, limit, chainLength, bestLen)
}
