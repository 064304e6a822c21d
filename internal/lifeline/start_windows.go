package lifeline

import (
	"fmt"
	"os/exec"
	"sync"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// job is the Job object every child started with Start joins: created with
// JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE, its one handle is this process's, which Windows closes when the
// process dies however it dies, ending every child.
var job = sync.OnceValues(func() (windows.Handle, error) {
	j, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return 0, err
	}
	var info windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	if _, err := windows.SetInformationJobObject(j, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		windows.CloseHandle(j)
		return 0, err
	}
	return j, nil
})

// Start starts cmd in the job, so that it dies with this process; sig has no meaning on Windows (the
// child is terminated). A child that cannot join the job is killed at once: it would outlive a killed
// parent.
func Start(cmd *exec.Cmd, sig syscall.Signal) error {
	j, err := job()
	if err != nil {
		return fmt.Errorf("creating the job object that ends %s with this process: %w", cmd.Path, err)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	p, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE|windows.SYNCHRONIZE, false, uint32(cmd.Process.Pid))
	if err == nil {
		err = windows.AssignProcessToJobObject(j, p)
		if err != nil && exited(p) {
			err = nil // a child that is done already cannot join, and need not
		}
		windows.CloseHandle(p)
	}
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return fmt.Errorf("putting %s into the job object that ends it with this process: %w", cmd.Path, err)
	}
	return nil
}

// exited reports whether process p has ended: Windows refuses to put an ended process in a job.
func exited(p windows.Handle) bool {
	ev, err := windows.WaitForSingleObject(p, 0)
	return err == nil && ev == windows.WAIT_OBJECT_0
}
