//go:build !linux && !windows

package matrix

import "os/exec"

// startHost starts a host. This platform has no way to tie a child's life to the runner's (the lab
// runs on Linux and Windows), so a host here can outlive a killed runner until its timeout.
func startHost(cmd *exec.Cmd) error { return cmd.Start() }
