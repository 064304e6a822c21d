package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// smoke is a small smoke run with the fake hosts in bin, into out: one cell.
func smoke(bin, out string) BenchOptions {
	return BenchOptions{Profile: "smoke", Bin: bin, Out: out, Workloads: []string{"fixed"}, DOPs: []int{1}, Phases: []string{"cold"}}
}

// resumeOf continues the run in out with the fake hosts in bin (lab bench -resume -out).
func resumeOf(bin, out string) BenchOptions { return BenchOptions{Bin: bin, Out: out, Resume: true} }

// quiet is o with no progress lines (-progress none).
func quiet(o BenchOptions) BenchOptions {
	o.Progress = "none"
	return o
}

func ptr[T any](v T) *T { return &v }

// smokeCell is what benchArgs plans: one cell of the smoke profile, its rounds of every candidate
// (samples), and rounds, the samples of each candidate in it; from the profile, so a variant added to
// the registry changes them with it.
func smokeCell() (samples, rounds int) {
	p, _ := ProfileByName("smoke")
	return p.Plan.Rounds * len(p.Plan.Variants), p.Plan.Rounds
}

func smokeCellSamples() int { n, _ := smokeCell(); return n }

// Every run ends with a summary line that says how many samples failed, and a run where some cell
// and variant has no usable sample fails, naming them.
func TestBenchSummaryAndUnusableCells(t *testing.T) {
	n, r := smokeCell()
	tests := []struct {
		mode       string
		wantErr    string // "" = success
		wantStderr string
	}{
		{mode: "ok", wantStderr: fmt.Sprintf("bench: %d of %d planned samples recorded, 0 failed in ", n, n)},
		{mode: "crash=control", wantErr: "1 cell/variant pairs have no usable sample", wantStderr: fmt.Sprintf("%d of %d planned samples recorded, %d failed (%d exit status 3)", n, n, r, r)},
		{mode: "garbage=pooled", wantErr: "workload=fixed/dop=1/phase=cold/backend=pages variant=pooled", wantStderr: fmt.Sprintf(", %d failed (%d host result does not parse", r, r)},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			bin, _ := fakeHosts(t, tt.mode)
			out := filepath.Join(t.TempDir(), "results")
			var stdout, stderr bytes.Buffer
			err := Bench(context.Background(), smoke(bin, out), &stdout, &stderr)
			if tt.wantErr == "" && err != nil {
				t.Fatalf("Bench: %v\n%s", err, stderr.String())
			}
			var unusable *resultsdir.UnusableError
			if tt.wantErr != "" && (!errors.As(err, &unusable) || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("Bench = %v, want an UnusableError containing %q", err, tt.wantErr)
			}
			if !strings.Contains(stderr.String(), tt.wantStderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.wantStderr, stderr.String())
			}
			if strings.TrimSpace(stdout.String()) != out {
				t.Errorf("stdout %q, want the results directory, failed or not", stdout.String())
			}
		})
	}
}

func TestBenchResumeComplete(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	out := filepath.Join(t.TempDir(), "results")
	if err := Bench(context.Background(), smoke(bin, out), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if err := Bench(context.Background(), resumeOf(bin, out), io.Discard, &stderr); err != nil {
		t.Fatal(err)
	}
	n, _ := smokeCell()
	for _, want := range []string{"is complete", "nothing to resume", fmt.Sprintf("%d of %d planned samples recorded, 0 failed", n, n)} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("resume of a complete run: stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	if m, err := resultsdir.ReadManifest(out); err != nil || len(m.Resumed) != 0 {
		t.Errorf("manifest after a no-op resume: resumed %v, %v; want it untouched", m.Resumed, err)
	}
	// A complete run with a torn line after it (a write cut short) is resumed: the torn line goes.
	f, err := os.OpenFile(filepath.Join(out, resultsdir.SamplesFile), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"run":"x","ce`)
	f.Close()
	stderr.Reset()
	if err := Bench(context.Background(), resumeOf(bin, out), io.Discard, &stderr); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(stderr.String(), "nothing to resume") {
		t.Errorf("a torn complete run was not resumed:\n%s", stderr.String())
	}
	if _, err := resultsdir.ReadSamples(filepath.Join(out, resultsdir.SamplesFile)); err != nil {
		t.Errorf("after the resume: %v", err)
	}
}

// A sample that cannot be written (a full disk) stops the run with the command that continues it,
// and that command finishes the run.
func TestBenchWriteFailureGivesResumeHint(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	out := filepath.Join(t.TempDir(), "results")
	defer func(old func(string, int, fs.FileMode) (*os.File, error)) { resultsdir.OpenFile = old }(resultsdir.OpenFile)
	resultsdir.OpenFile = func(name string, flag int, perm fs.FileMode) (*os.File, error) {
		f, err := os.OpenFile(name, flag, perm)
		if err != nil {
			return nil, err
		}
		f.Close()
		return os.Open(name) // read-only: every write fails, as on a full disk
	}
	err := Bench(context.Background(), smoke(bin, out), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "recording a sample") || !strings.Contains(err.Error(), "free some space, then continue with: "+resultsdir.ResumeCommand(out)) {
		t.Fatalf("Bench with failing writes = %v, want the resume hint", err)
	}
	resultsdir.OpenFile = os.OpenFile
	if err := Bench(context.Background(), resumeOf(bin, out), io.Discard, io.Discard); err != nil {
		t.Fatalf("the hinted resume: %v", err)
	}
	if m, _ := resultsdir.ReadManifest(out); m.Status != matrix.StatusComplete || m.Samples != m.Planned || m.Planned != smokeCellSamples() {
		t.Errorf("after the resume: status %s, %d of %d samples; want complete, %d", m.Status, m.Samples, m.Planned, smokeCellSamples())
	}
}

// The command line's own errors ("extra", -dops one, -no-such-flag, -rounds x) are cmd/lab's
// (TestBenchFlagErrors).
func TestBenchUsageErrors(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	for _, o := range []BenchOptions{
		{Profile: "huge"}, {Variants: []string{"control", "bogus"}}, {Resume: true}, {PoolCapacity: []int{0}},
	} {
		o.Bin = bin
		err := Bench(context.Background(), o, io.Discard, io.Discard)
		var ue *matrix.InvalidError
		if !errors.As(err, &ue) {
			t.Errorf("%+v: %v (%T), want an InvalidError", o, err, err)
		}
	}
	// Hosts missing where the command line points is a usage error: nothing ran (issue 21 item 7).
	err := Bench(context.Background(), BenchOptions{Bin: t.TempDir(), Out: filepath.Join(t.TempDir(), "r")}, io.Discard, io.Discard)
	var ue *matrix.InvalidError
	if !errors.As(err, &ue) {
		t.Errorf("missing hosts: %v, want an InvalidError", err)
	}
	// A failure of the run itself is not a usage error.
	t.Setenv(fakeHostEnv, "describefail")
	// (-layouts 0: the fake bin holds one host per variant, not quick's rotated layouts.)
	err = Bench(context.Background(), BenchOptions{Bin: bin, Out: filepath.Join(t.TempDir(), "r"), Layouts: ptr(0)}, io.Discard, io.Discard)
	if err == nil || errors.As(err, &ue) {
		t.Errorf("a host that fails: %v, want an error that is not an InvalidError", err)
	}
}

// Every file of a results directory has the same mode: os.CreateTemp's 0600 made bench.txt and
// run.json private while samples.jsonl was 0644.
func TestResultsFileModes(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows has no permission bits to compare")
	}
	bin, _ := fakeHosts(t, "ok")
	out := filepath.Join(t.TempDir(), "results")
	if err := Bench(context.Background(), smoke(bin, out), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{resultsdir.SamplesFile, resultsdir.BenchFile, resultsdir.ManifestFile} {
		fi, err := os.Stat(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != resultsdir.ResultsPerm {
			t.Errorf("%s: mode %v, want %v", name, fi.Mode().Perm(), fs.FileMode(resultsdir.ResultsPerm))
		}
	}
}

// A torn last line is a *TornLineError naming the file, the line and the command that continues the
// run; a whole line that does not parse stays a plain error, and neither drops the lines before it.
func TestReadSamplesTornLine(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		content string
		torn    bool
		line    int
	}{
		{"{\"run\":\"a\"}\n{\"run\":\"b\"}\n{\"run\":\"c\",\"ce", true, 3},
		{"{\"run\":\"a\"}\n{\"run\":\"b\"}\nnot json\n", false, 3},
		{"{\"run\":\"a\"}\n\n{\"run\":\"b\"}\n{", true, 4},
	}
	for i, tt := range tests {
		p := filepath.Join(dir, fmt.Sprintf("r%d", i), resultsdir.SamplesFile)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(tt.content), 0o644)
		ss, err := resultsdir.ReadSamples(p)
		var torn *resultsdir.TornLineError
		if errors.As(err, &torn) != tt.torn {
			t.Errorf("%q: error %v, torn %v; want torn %v", tt.content, err, errors.As(err, &torn), tt.torn)
			continue
		}
		if len(ss) != 2 {
			t.Errorf("%q: %d samples before the bad line, want 2", tt.content, len(ss))
		}
		if want := fmt.Sprintf("%s:%d: ", p, tt.line); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: error %v, want it to start %q", tt.content, err, want)
		}
		if tt.torn && !strings.Contains(err.Error(), resultsdir.ResumeCommand(filepath.Dir(p))) {
			t.Errorf("%q: error %v lacks the resume command", tt.content, err)
		}
		if n := strings.Count(err.Error(), "torn last line"); tt.torn && n != 1 {
			t.Errorf("%q: error %q says \"torn last line\" %d times, want once", tt.content, err, n)
		}
	}
}
