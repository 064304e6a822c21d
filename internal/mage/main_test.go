package main

import (
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

// TestConcurrentTargets starts six targets at once in this checkout through `go tool mage`, as a
// user would, and wants every one to compile the magefile and run: upstream mage failed 16 of 18
// such starts here ("open ./mage_output_file.go: no such file or directory"). The target is bench
// with a bad profile, which fails at once in the target's own option check, so reaching that message
// proves the magefile compiled and ran.
func TestConcurrentTargets(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the magefile six times")
	}
	const runs = 6
	var wg sync.WaitGroup
	outs := make([]string, runs)
	codes := make([]int, runs)
	for i := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command("go", "tool", "mage", "bench")
			cmd.Dir = "../.."
			cmd.Env = append(os.Environ(), "DEFLATELAB_PROFILE=no-such-profile")
			out, _ := cmd.CombinedOutput()
			outs[i], codes[i] = string(out), cmd.ProcessState.ExitCode()
		}()
	}
	wg.Wait()
	for i, out := range outs {
		if !strings.Contains(out, `DEFLATELAB_PROFILE="no-such-profile": unknown profile`) {
			t.Errorf("run %d of %d did not reach the target:\n%s", i+1, runs, out)
		}
		if codes[i] != 2 { // a usage error: nothing ran
			t.Errorf("run %d of %d exited %d, want 2 for a bad option", i+1, runs, codes[i])
		}
	}
	if _, err := os.Stat("../../mage_output_file.go"); err == nil {
		t.Error("mage_output_file.go was left in the checkout")
	}
}
