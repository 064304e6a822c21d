//go:build !amd64

package deflate

// quickRun is quickRunGo on the platforms without it in assembly (amd64).
func (s *State) quickRun() { s.quickRunGo() }
