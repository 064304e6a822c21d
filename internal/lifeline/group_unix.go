//go:build unix

package lifeline

import (
	"os/exec"
	"syscall"
	"time"
)

// GroupWaitDelay is how long a cancelled group has, after its SIGINT, before it is killed.
const GroupWaitDelay = 10 * time.Second

// Group makes cmd, an exec.CommandContext, the leader of a process group of its own, and makes its
// cancellation stop the whole group: SIGINT to every process in it (the go command waits for its
// child then; a test binary stops), then SIGKILL to the group after GroupWaitDelay. exec's own
// cancellation kills the leader alone, so "go test" would die and leave its test binary running.
func Group(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	cmd.Cancel = func() error {
		pgid := cmd.Process.Pid
		err := syscall.Kill(-pgid, syscall.SIGINT)
		time.AfterFunc(GroupWaitDelay, func() { syscall.Kill(-pgid, syscall.SIGKILL) })
		return err
	}
	cmd.WaitDelay = GroupWaitDelay + time.Second
}
