//go:build linux

package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/internal/proctest"
	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostbin"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// TestGoRunSIGTERM: "go run ./cmd/lab bench" given SIGTERM on the go process alone. The go command
// exits at once without waiting for lab (issue 29: lab ran on, orphaned); lab must then stop as it
// does on its own SIGTERM (lifeline.UnderGoRun): within seconds, no process left, run.json interrupted.
func TestGoRunSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the hosts and runs a bench under go run")
	}
	bin := t.TempDir()
	if err := hostbin.Build(context.Background(), runtime.GOOS, runtime.GOARCH, bin, hostbin.Hosts(), os.Stderr, os.Stderr); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "results")
	mark := proctest.NewMarker()
	cmd := exec.Command("go", "run", ".", "bench", "-profile", "quick", "-bin", hostbin.Dir(bin, runtime.GOOS, runtime.GOARCH),
		"-out", out, "-workloads", "fixed", "-dops", "1", "-backends", "pages", "-layouts", "0") // bin holds hostbin.Hosts() only, not quick's rotated layouts
	cmd.Env = append(os.Environ(), mark.Env())
	logFile, err := os.Create(filepath.Join(t.TempDir(), "log")) // a file, not a pipe: Wait must not wait for lab
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	cmd.Stdout, cmd.Stderr = logFile, logFile
	logText := func() string { b, _ := os.ReadFile(logFile.Name()); return string(b) }
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(3 * time.Minute)
	for {
		b, _ := os.ReadFile(filepath.Join(out, resultsdir.SamplesFile))
		if bytes.Count(b, []byte("\n")) >= 2 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no samples after 3 minutes\n%s", logText())
		}
		time.Sleep(200 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGTERM) // the go command alone
	cmd.Wait()
	if left := mark.WaitGone(15 * time.Second); len(left) > 0 {
		t.Errorf("lab left running after its go run got SIGTERM:\n%s", proctest.Describe(left))
		for _, p := range left {
			syscall.Kill(p, syscall.SIGKILL)
		}
	}
	if m, err := resultsdir.ReadManifest(out); err != nil || m.Status != matrix.StatusInterrupted {
		t.Errorf("run.json: status %q (%v), want %q\n%s", m.Status, err, matrix.StatusInterrupted, logText())
	}
}
