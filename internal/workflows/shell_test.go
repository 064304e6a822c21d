package workflows

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

// githubShells are the command lines GitHub runs a run: step's script with on an ubuntu runner, by the
// step's shell: (empty: the default). Only "bash" adds -o pipefail; the default does not, so there a
// pipeline's status is its last command's.
var githubShells = map[string][]string{
	"":     {"bash", "-e", "-c"},
	"bash": {"bash", "--noprofile", "--norc", "-eo", "pipefail", "-c"},
	"sh":   {"sh", "-e", "-c"},
}

// runStep runs a run: step's script as GitHub's ubuntu runner would (its shell, see githubShells) in
// dir, with fakes (a directory of stand-in commands) first on PATH and env added. It skips the test
// where the script cannot run as it does on the runner.
func runStep(t *testing.T, st *actionlint.Step, dir, fakes string, env ...string) ([]byte, error) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the script runs under bash on the ubuntu runner")
	}
	r, ok := st.Exec.(*actionlint.ExecRun)
	if !ok {
		t.Fatal("not a run: step")
	}
	shell := ""
	if r.Shell != nil {
		shell = r.Shell.Value
	}
	argv, ok := githubShells[shell]
	if !ok {
		t.Fatalf("step shell %q: the test knows only %v", shell, []string{"(default)", "bash", "sh"})
	}
	bin, err := exec.LookPath(argv[0])
	if err != nil {
		t.Skipf("no %s", argv[0])
	}
	cmd := exec.Command(bin, append(argv[1:], r.Run.Value)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append([]string{"PATH=" + fakes + string(os.PathListSeparator) + os.Getenv("PATH")}, env...)...)
	return cmd.CombinedOutput()
}

// fakeCommand writes an executable shell script named name into dir.
func fakeCommand(t *testing.T, dir, name, script string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"+script), 0o755); err != nil {
		t.Fatal(err)
	}
}

// stepNamed is the step of job whose name starts with prefix, failing the test when there is none.
func stepNamed(t *testing.T, wf *actionlint.Workflow, job, prefix string) *actionlint.Step {
	t.Helper()
	j := wf.Jobs[job]
	if j == nil {
		t.Fatalf("no job %s", job)
	}
	for _, st := range j.Steps {
		if st.Name != nil && strings.HasPrefix(st.Name.Value, prefix) {
			return st
		}
	}
	t.Fatalf("job %s has no step named %q...", job, prefix)
	return nil
}
