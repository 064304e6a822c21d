package matrix

import (
	"os/exec"
	"runtime"
	"syscall"
)

// startHost starts a host so that it dies with the runner: the kernel sends it SIGKILL when the runner
// dies, even by kill -9, so no orphaned host keeps competing for the processors with a resumed run.
// Pdeathsig fires when the thread that forked the child exits, not the process: the fork runs on a
// thread locked for the call, which, unlocked again, stays with the runtime for the process's life
// (the runtime ends threads only when a goroutine exits while locked to one).
func startHost(cmd *exec.Cmd) error {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	return cmd.Start()
}
