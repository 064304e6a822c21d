//go:build !amd64

package deflate

// fastRun is fastRunGo on the platforms without it in assembly (amd64).
func (s *State) fastRun() bool { return s.fastRunGo() }
