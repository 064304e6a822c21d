package deflate

// longestMatch is longestMatchGo in assembly.
func (s *State) longestMatch(curMatch int) int { return longestMatchAsm(s, curMatch, false) }

// longestMatchSlow is longestMatchSlowGo in assembly.
func (s *State) longestMatchSlow(curMatch int) int { return longestMatchAsm(s, curMatch, true) }

// longestMatchAsm (match_amd64.s) is longestMatchGo (slow false) or longestMatchSlowGo (slow true) in
// assembly, the search's values in registers from candidate to candidate as in gcc's build of zlib-ng's
// loop: in Go the register allocator spilled the chain position and reloaded the mask, the bases and the
// best length for each candidate (18-22 instructions per rejected candidate, 8 here), and a Go search
// calling an assembly walk spilled its own values around every call.
//
//go:noescape
func longestMatchAsm(s *State, curMatch int, slow bool) int
