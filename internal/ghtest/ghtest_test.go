package ghtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain is the package's own guard, as in every package whose code can write to a step's files.
func TestMain(m *testing.M) {
	if os.Getenv("GHTEST_CHILD") != "" { // the child of TestGuard: write where a step would read
		os.Exit(Main(childTests{}))
	}
	os.Exit(Main(m))
}

// childTests stands in for a package's tests: one that appends to the file the step summary variable
// named before Main unset it (read from GHTEST_TARGET, as a test that kept a copy of the path might).
type childTests struct{}

func (childTests) Run() int {
	f, err := os.OpenFile(os.Getenv("GHTEST_TARGET"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return 3
	}
	defer f.Close()
	f.WriteString("made-up verdict\n")
	return 0
}

// TestGuard: inside Main the variables are unset, and a test binary whose tests write to a step's file
// anyway fails, naming the file.
func TestGuard(t *testing.T) {
	for _, k := range Files {
		if v := os.Getenv(k); v != "" {
			t.Errorf("$%s = %q inside the tests", k, v)
		}
	}
	summary := filepath.Join(t.TempDir(), "summary.md")
	os.WriteFile(summary, []byte("# before\n"), 0o644)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), "GHTEST_CHILD=1", "GHTEST_TARGET="+summary, "GITHUB_STEP_SUMMARY="+summary)
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "a test changed $GITHUB_STEP_SUMMARY") {
		t.Errorf("a test binary that wrote to the step summary: %v\n%s", err, out)
	}
}
