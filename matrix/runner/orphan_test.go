package runner

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A runner killed with SIGKILL (kill -9, the OOM killer) takes its host with it: no orphan keeps
// competing for the processors with a resumed run. Issue 21 item 4.
func TestHostDiesWithKilledRunner(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "windows" {
		t.Skip("hosts are tied to the runner on linux (Pdeathsig) and windows (a job object) only")
	}
	_, hosts := fakeHosts(t, "hang=control")
	pidFile := filepath.Join(t.TempDir(), "host.pid")
	t.Setenv(fakeHostPidFile, pidFile)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	runner := exec.Command(self, "-test.run=^$")
	runner.Env = append(os.Environ(), fakeOrchestratorEnv+"="+hosts["control"])
	if err := runner.Start(); err != nil {
		t.Fatal(err)
	}
	var pid int
	for deadline := time.Now().Add(20 * time.Second); pid == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			runner.Process.Kill()
			t.Fatal("the host never started")
		}
		b, _ := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
	}
	if !alive(pid) {
		t.Fatalf("host %d is not running before the kill", pid)
	}
	if err := runner.Process.Kill(); err != nil { // SIGKILL: nothing of the runner's own runs
		t.Fatal(err)
	}
	runner.Wait()
	for deadline := time.Now().Add(10 * time.Second); alive(pid); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			p, _ := os.FindProcess(pid)
			p.Kill()
			t.Fatalf("host %d outlived its killed runner by 10 s", pid)
		}
	}
}
