package tasks

import (
	"bytes"
	"context"
	"github.com/deflatelab/deflatelab/matrix/report"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestResultsDirs(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "results-linux-amd64", "20260101-000000-linux-amd64", "samples.jsonl"), "{}\n")
	writeFile(t, filepath.Join(root, "results-linux-amd64", "20260101-000000-linux-amd64", "bench.txt"), "")
	writeFile(t, filepath.Join(root, "b", "samples.jsonl"), "{}\n")
	writeFile(t, filepath.Join(root, "b", "other.jsonl"), "{}\n")
	writeFile(t, filepath.Join(root, "empty", "notes.txt"), "")
	got, err := ResultsDirs(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(root, "b"), filepath.Join(root, "results-linux-amd64", "20260101-000000-linux-amd64")}
	if !slices.Equal(got, want) {
		t.Errorf("ResultsDirs = %q, want %q", got, want)
	}
	if _, err := ResultsDirs(filepath.Join(root, "empty")); err == nil || !strings.Contains(err.Error(), EnvResults) {
		t.Errorf("no results: err = %v, want one naming %s", err, EnvResults)
	}
	if _, err := ResultsDirs(filepath.Join(root, "missing")); err == nil || !strings.Contains(err.Error(), EnvResults) {
		t.Errorf("missing dir: err = %v, want one naming %s", err, EnvResults)
	}
}

// run writes a results directory under root/rel whose samples file was last written at when.
func run(t *testing.T, root, rel string, when time.Time) string {
	t.Helper()
	dir := filepath.Join(root, rel)
	p := filepath.Join(dir, "samples.jsonl")
	writeFile(t, p, "{}\n")
	if err := os.Chtimes(p, when, when); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestReportDirs(t *testing.T) {
	root := t.TempDir()
	t0 := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	old := run(t, root, "20261129-090000-linux-amd64", t0.Add(-24*time.Hour))
	gh1 := run(t, root, "github-20261130T080000Z/results-linux-amd64/20261130-080100-linux-amd64", t0.Add(-time.Hour))
	gh2 := run(t, root, "github-20261130T080000Z/results-windows-arm64/20261130-080200-windows-arm64", t0.Add(-50*time.Minute))
	newest := run(t, root, "20261130-085000-linux-amd64", t0)
	// A GitHub download is one run: the newest, every platform of it.
	ghRoot := t.TempDir()
	run(t, ghRoot, "20261129-090000-linux-amd64", t0.Add(-24*time.Hour))
	ghA := run(t, ghRoot, "github-20261130T080000Z/results-linux-amd64/20261130-080100-linux-amd64", t0.Add(-time.Hour))
	ghB := run(t, ghRoot, "github-20261130T080000Z/results-windows-arm64/20261130-080200-windows-arm64", t0.Add(-50*time.Minute))
	elsewhere := run(t, t.TempDir(), "x", t0)
	tests := []struct {
		name     string
		o        Options
		want     []string
		wantNote string
	}{
		{name: "default: the newest run", o: Options{Results: root}, want: []string{newest}, wantNote: "the newest run, " + newest + " (2 older under " + root},
		{name: "a GitHub download named: every platform", o: Options{ReportIn: []string{filepath.Join(root, "github-20261130T080000Z")}}, want: []string{gh1, gh2}},
		{name: "default: the newest run is a GitHub download", o: Options{Results: ghRoot}, want: []string{ghA, ghB}, wantNote: "the newest run, " + filepath.Join(ghRoot, "github-20261130T080000Z")},
		{name: "named: everything under it", o: Options{Results: root, ReportIn: []string{root}}, want: []string{old, newest, gh1, gh2}},
		{name: "several named", o: Options{ReportIn: []string{old, elsewhere}}, want: []string{old, elsewhere}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, note, err := ReportDirs(tt.o)
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(got)
			slices.Sort(tt.want)
			if !slices.Equal(got, tt.want) {
				t.Errorf("ReportDirs = %q, want %q", got, tt.want)
			}
			if !strings.Contains(note, tt.wantNote) {
				t.Errorf("note %q, want it to contain %q", note, tt.wantNote)
			}
		})
	}
}

// A torn last line (a killed run) is named by file and line with the command that continues the run,
// and the run is still reported: the report skips the torn line and renders everything else.
func TestReportTornRun(t *testing.T) {
	t.Chdir(t.TempDir())
	t0 := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	good := run(t, "res", "20261130-080000-linux-amd64", t0.Add(-time.Hour))
	torn := filepath.Join("res", "20261130-090000-linux-amd64")
	writeFile(t, filepath.Join(torn, "samples.jsonl"), "{}\n{}\n{\"run\":\"x\",\"ce")
	os.Chtimes(filepath.Join(torn, "samples.jsonl"), t0, t0)
	writeFile(t, filepath.Join("reports", "r", "README.md"), "# r\n")
	var gotIn []string
	render := func(_ context.Context, o report.Options, stdout io.Writer) error {
		gotIn = o.In
		_, err := io.WriteString(stdout, "reports/r/README.md\n")
		return err
	}
	hint := filepath.Join(torn, "samples.jsonl") + ":3: torn last line"
	resume := "go run ./cmd/lab bench -resume -out " + torn

	// The newest run is the torn one: it is reported, with a warning saying where and how to continue.
	var stderr bytes.Buffer
	_, err := Report(context.Background(), Streams{Stdout: io.Discard, Stderr: &stderr}, Options{Results: "res"}, render, nil)
	if err != nil {
		t.Fatalf("report of the torn run: %v", err)
	}
	if !slices.Equal(gotIn, []string{torn}) {
		t.Errorf("report read %q, want the torn run %s", gotIn, torn)
	}
	if !strings.Contains(stderr.String(), "WARNING: "+hint) || !strings.Contains(stderr.String(), resume) {
		t.Errorf("stderr lacks the torn file's warning:\n%s", stderr.String())
	}
	// Several runs: every one is reported, the torn one named with the same words.
	stderr.Reset()
	_, err = Report(context.Background(), Streams{Stdout: io.Discard, Stderr: &stderr}, Options{ReportIn: []string{"res"}}, render, nil)
	if err != nil {
		t.Fatalf("report of several runs, one torn: %v", err)
	}
	if !slices.Contains(gotIn, good) || !slices.Contains(gotIn, torn) {
		t.Errorf("report read %q, want both %s and %s", gotIn, good, torn)
	}
	if !strings.Contains(stderr.String(), "WARNING: "+hint) || !strings.Contains(stderr.String(), resume) {
		t.Errorf("stderr lacks the torn file's warning:\n%s", stderr.String())
	}
}

// The report target refuses to replace a report folder, as lab report does without -force, and says
// which variable replaces it (issue 46 item 3).
func TestReportRefusesToReplace(t *testing.T) {
	fixture, _ := filepath.Abs(filepath.Join("..", "..", "matrix", "report", "testdata", "results-windows-amd64.jsonl"))
	data, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	writeFile(t, filepath.Join("res", "win", "samples.jsonl"), string(data))
	quiet := Streams{Stdout: io.Discard, Stderr: io.Discard, Quiet: true}
	o := Options{Results: "res"}
	first, err := Report(context.Background(), quiet, o, report.Run, nil)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(first)
	if _, err := Report(context.Background(), quiet, o, report.Run, nil); err == nil || !strings.Contains(err.Error(), EnvForce+"=1") {
		t.Errorf("the second report: %v, want a refusal naming %s=1", err, EnvForce)
	}
	if after, _ := os.ReadFile(first); string(after) != string(before) {
		t.Error("the refused report changed the folder")
	}
	o.Force = true
	if _, err := Report(context.Background(), quiet, o, report.Run, nil); err != nil {
		t.Errorf("%s=1: %v", EnvForce, err)
	}
}
