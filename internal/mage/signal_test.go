//go:build linux

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/internal/proctest"
	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// TestSignalsStopBench stops a real "go tool mage bench" - the go command, this command, the compiled
// magefile, the bench in it and its hosts - with SIGTERM to the process group (a CI step's timeout),
// SIGTERM to the go process alone (kill <pid>) and SIGINT to the group (Ctrl-C), once it has recorded
// samples. Each must exit non-zero, leave no process of its tree running, and leave run.json saying
// the run was interrupted, not "running" (issue 29: upstream mage exited 0 in 0.06 s with run.json
// "running", or ran on orphaned to the end).
func TestSignalsStopBench(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the magefile, builds the hosts and runs a bench")
	}
	for _, tt := range []struct {
		name  string
		sig   syscall.Signal
		group bool
	}{
		{"SIGTERM to the process group", syscall.SIGTERM, true},
		{"SIGTERM to the go process", syscall.SIGTERM, false},
		{"SIGINT to the process group", syscall.SIGINT, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			results := t.TempDir()
			mark := proctest.NewMarker()
			cmd := exec.Command("go", "tool", "mage", "bench")
			cmd.Dir = "../.."
			cmd.Env = append(os.Environ(), mark.Env(), "DEFLATELAB_PROFILE=quick", "DEFLATELAB_RESULTS="+results,
				"DEFLATELAB_WORKLOADS=fixed", "DEFLATELAB_DOPS=1")
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its own group, as a shell's job
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			run, err := waitForSamples(results, 2, 5*time.Minute, done)
			if err != nil {
				syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
				t.Fatalf("%v\n%s", err, out.String())
			}
			if tt.group {
				syscall.Kill(-cmd.Process.Pid, tt.sig)
			} else {
				syscall.Kill(cmd.Process.Pid, tt.sig)
			}
			select {
			case err = <-done:
			case <-time.After(time.Minute):
				syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
				t.Fatalf("go tool mage bench still running a minute after %s\n%s", tt.name, out.String())
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 128+int(tt.sig) {
				t.Errorf("go tool mage bench after %s: %v, want exit status %d\n%s", tt.name, err, 128+int(tt.sig), out.String())
			}
			if left := mark.WaitGone(15 * time.Second); len(left) > 0 {
				t.Errorf("processes left after %s:\n%s", tt.name, proctest.Describe(left))
				for _, p := range left {
					syscall.Kill(p, syscall.SIGKILL)
				}
			}
			m, err := resultsdir.ReadManifest(run)
			if err != nil || m.Status != matrix.StatusInterrupted {
				t.Errorf("run.json after %s: status %q (%v), want %q\n%s", tt.name, m.Status, err, matrix.StatusInterrupted, out.String())
			}
		})
	}
}

// waitForSamples waits until a run directory under results holds at least n sample lines, and returns
// it; it gives up after d, or when the command ends first (done).
func waitForSamples(results string, n int, d time.Duration, done <-chan error) (string, error) {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		select {
		case err := <-done:
			return "", errors.New("the bench ended before it was signalled: " + errString(err))
		default:
		}
		runs, _ := filepath.Glob(filepath.Join(results, "*", resultsdir.SamplesFile))
		for _, f := range runs {
			if b, err := os.ReadFile(f); err == nil && bytes.Count(b, []byte("\n")) >= n {
				return filepath.Dir(f), nil
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return "", errors.New("no samples after " + d.String())
}

func errString(err error) string {
	if err == nil {
		return "exit 0"
	}
	return err.Error()
}
