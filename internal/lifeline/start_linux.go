package lifeline

import (
	"os/exec"
	"runtime"
	"syscall"
)

// Start starts cmd so that the kernel sends it sig when this process dies, however it dies (kill -9
// included). Pdeathsig fires when the thread that forked the child exits, not the process: the fork
// runs on a thread locked for the call, which, unlocked again, stays with the runtime for the
// process's life (the runtime ends threads only when a goroutine exits while locked to one).
func Start(cmd *exec.Cmd, sig syscall.Signal) error {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = sig
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	return cmd.Start()
}
