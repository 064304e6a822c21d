//go:build !unix

package lifeline

import (
	"os/exec"
	"time"
)

// Group leaves cmd as it is where there are no process groups to signal (Windows: a console's Ctrl-C
// reaches every process attached to it), with a delay before a cancelled command is killed.
func Group(cmd *exec.Cmd) { cmd.WaitDelay = 10 * time.Second }
