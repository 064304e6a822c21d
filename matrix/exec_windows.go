package matrix

import (
	"fmt"
	"os/exec"
	"sync"
	"unsafe"

	"golang.org/x/sys/windows"
)

// hostJob is the Job object every host joins: created with JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE, its one
// handle is the runner's, which Windows closes when the runner dies however it dies, ending every host.
var hostJob = sync.OnceValues(func() (windows.Handle, error) {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return 0, err
	}
	var info windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		windows.CloseHandle(job)
		return 0, err
	}
	return job, nil
})

// startHost starts a host in hostJob, so that it dies with the runner. A host that cannot join the job
// is killed at once: it would outlive a killed runner.
func startHost(cmd *exec.Cmd) error {
	job, err := hostJob()
	if err != nil {
		return fmt.Errorf("matrix: creating the job object that ends the hosts with the runner: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	p, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE|windows.SYNCHRONIZE, false, uint32(cmd.Process.Pid))
	if err == nil {
		err = windows.AssignProcessToJobObject(job, p)
		if err != nil && exited(p) {
			err = nil // a host that is done already (a quick -describe) cannot join, and need not
		}
		windows.CloseHandle(p)
	}
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return fmt.Errorf("matrix: putting host %s into the job object that ends it with the runner: %w", cmd.Path, err)
	}
	return nil
}

// exited reports whether process p has ended: Windows refuses to put an ended process in a job.
func exited(p windows.Handle) bool {
	ev, err := windows.WaitForSingleObject(p, 0)
	return err == nil && ev == windows.WAIT_OBJECT_0
}
