//go:build !amd64

package deflate

// mediumRunGreedy and mediumRunLazy are the Go loops on the platforms without them in assembly (amd64).
func (s *State) mediumRunGreedy() bool { return s.mediumRunGreedyGo() }

func (s *State) mediumRunLazy(next *packedMatch) bool { return s.mediumRunLazyGo(next) }
