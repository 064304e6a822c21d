//go:build !amd64

package deflate

// mediumRunGreedy is mediumRunGreedyGo on the platforms without it in assembly (amd64).
func (s *State) mediumRunGreedy() bool { return s.mediumRunGreedyGo() }

// mediumRunLazy is mediumRunLazyGo on the platforms without it in assembly (amd64).
func (s *State) mediumRunLazy(next *packedMatch) bool { return s.mediumRunLazyGo(next) }
