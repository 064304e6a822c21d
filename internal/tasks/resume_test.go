package tasks

import (
	"context"
	"github.com/deflatelab/deflatelab/matrix/report"
	"github.com/deflatelab/deflatelab/matrix/runner"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// TestReportsDir: the report target writes into the git-ignored LocalReports unless DEFLATELAB_REPORTS
// names another folder (reports, to publish into the tracked index).
func TestReportsDir(t *testing.T) {
	t.Chdir(t.TempDir())
	run(t, "res", "20261130-080000-linux-amd64", time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC))
	for _, tt := range []struct{ env, want string }{{"", LocalReports}, {"reports", "reports"}} {
		o, err := FromEnv(func(k string) string {
			return map[string]string{EnvResults: "res", EnvReports: tt.env}[k]
		})
		if err != nil {
			t.Fatal(err)
		}
		var got report.Options
		render := func(_ context.Context, o report.Options, stdout io.Writer) error {
			got = o
			writeFile(t, filepath.Join("r", "README.md"), "# r\n")
			_, err := io.WriteString(stdout, filepath.Join("r", "README.md")+"\n")
			return err
		}
		if _, err := Report(context.Background(), Streams{Stdout: io.Discard, Stderr: io.Discard}, o, render, nil); err != nil {
			t.Fatal(err)
		}
		if got.Out != tt.want {
			t.Errorf("%s=%q: report options %+v, want -out %s", EnvReports, tt.env, got, tt.want)
		}
	}
}

// TestResume: DEFLATELAB_RESUME=<run> makes bench continue that run ("lab bench -resume -out <run>",
// the plan from its run.json), refuses plan variables beside it, and refuses a directory that is no
// run before anything runs.
func TestResume(t *testing.T) {
	t.Chdir(t.TempDir())
	dir := filepath.Join("results", "20261130-080000-linux-amd64")
	writeFile(t, filepath.Join(dir, resultsdir.ManifestFile), "{}\n")

	if _, err := FromEnv(func(k string) string {
		return map[string]string{EnvResume: dir, EnvProfile: "full", EnvDOPs: "1"}[k]
	}); err == nil || !strings.Contains(err.Error(), "unset "+EnvProfile+", "+EnvDOPs) {
		t.Errorf("resume with plan variables: %v, want an error naming %s and %s", err, EnvProfile, EnvDOPs)
	}

	for _, tt := range []struct {
		resume  string
		wantErr string
	}{{dir, ""}, {"results/nothing-here", EnvResume + `="results/nothing-here": not a run directory`}} {
		o, err := FromEnv(func(k string) string { return map[string]string{EnvResume: tt.resume}[k] })
		if err != nil {
			t.Fatal(err)
		}
		var args []string
		bench := func(_ context.Context, b runner.BenchOptions, _, _ io.Writer) error { args = b.Args(); return nil }
		out, err := Bench(context.Background(), Streams{Stdout: io.Discard, Stderr: io.Discard}, o, "linux", "amd64", bench)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || args != nil {
				t.Errorf("resume %s: %v after bench args %q, want %q before the bench", tt.resume, err, args, tt.wantErr)
			}
			continue
		}
		if err != nil || out != dir || !slices.Equal(args[:3], []string{"-resume", "-out", dir}) {
			t.Errorf("resume %s: Bench = %q, %v with args %q; want lab bench -resume -out %s", tt.resume, out, err, args, dir)
		}
		if entries, _ := os.ReadDir("results"); len(entries) != 1 {
			t.Errorf("resume made a new run directory beside %s: %v", dir, entries)
		}
	}
}

// TestNewRunDir: benches started in the same second (two targets at once in one checkout) get
// directories of their own.
func TestNewRunDir(t *testing.T) {
	root := t.TempDir()
	start := time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)
	o := Options{Results: root}
	var dirs []string
	for range 3 {
		d, err := o.newRunDir(root, "linux", "amd64", start)
		if err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, filepath.Base(d))
	}
	want := []string{"20261130-080000-linux-amd64", "20261130-080000-linux-amd64-2", "20261130-080000-linux-amd64-3"}
	if !slices.Equal(dirs, want) {
		t.Errorf("run directories %q, want %q", dirs, want)
	}
}

// TestLocalReportsIgnored: the folder local reports go to is git-ignored, so a local matrix, report or
// remote leaves "git status" as it was.
func TestLocalReportsIgnored(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	cmd := exec.Command(git, "check-ignore", "-q", filepath.Join(LocalReports, "20261130T080000Z-linux-amd64", "README.md"))
	cmd.Dir = "../.."
	if err := cmd.Run(); err != nil {
		t.Errorf("git check-ignore %s/...: %v; add /%s/ to .gitignore", LocalReports, err, LocalReports)
	}
}
