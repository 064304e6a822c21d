//go:build !amd64

package deflate

// longestMatch is longestMatchGo on the platforms without it in assembly (amd64).
func (s *State) longestMatch(curMatch int) int { return s.longestMatchGo(curMatch) }

// longestMatchSlow is longestMatchSlowGo on the platforms without it in assembly (amd64).
func (s *State) longestMatchSlow(curMatch int) int { return s.longestMatchSlowGo(curMatch) }
