package tasks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"github.com/deflatelab/deflatelab/matrix/report"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// The plan job turns the inputs into one leg per platform and replica, the first of each platform the
// one that validates, and writes them as step outputs.
func TestWorkflowPlan(t *testing.T) {
	outputs := filepath.Join(t.TempDir(), "outputs")
	o := Options{Profile: "quick", Replicas: 2, Platforms: []string{"linux/amd64", "windows/arm64"}}
	var w bytes.Buffer
	legs, err := WorkflowPlan(&w, o, outputs)
	if err != nil {
		t.Fatal(err)
	}
	want := []Leg{
		{"linux-amd64", "ubuntu-24.04", "1/2", "linux-amd64-r1of2", true},
		{"linux-amd64", "ubuntu-24.04", "2/2", "linux-amd64-r2of2", false},
		{"windows-arm64", "windows-11-arm", "1/2", "windows-arm64-r1of2", true},
		{"windows-arm64", "windows-11-arm", "2/2", "windows-arm64-r2of2", false},
	}
	if !slices.Equal(legs, want) {
		t.Errorf("legs %+v, want %+v", legs, want)
	}
	out, _ := os.ReadFile(outputs)
	var got []Leg
	line, _, _ := strings.Cut(strings.TrimPrefix(string(out), "legs="), "\n")
	if err := json.Unmarshal([]byte(line), &got); err != nil || !slices.Equal(got, want) || !strings.Contains(string(out), "\nplatforms=linux/amd64,windows/arm64\nreplicas=2\n") {
		t.Errorf("outputs %q (%v)", out, err)
	}
	// One replica: legs without a replica; no platforms: all four; every platform has a runner label.
	legs, _ = WorkflowPlan(io.Discard, Options{Profile: "smoke", Replicas: 1}, "")
	if len(legs) != len(Platforms) || legs[0].Replica != "" || legs[0].Name != "windows-amd64" {
		t.Errorf("one replica, every platform: %+v", legs)
	}
	for _, l := range legs {
		if l.Runner == "" {
			t.Errorf("%s has no runner label", l.Platform)
		}
	}
	if legs, _ = WorkflowPlan(io.Discard, Options{Profile: "smoke"}, ""); len(legs) != DefaultWorkflowReplicas*len(Platforms) {
		t.Errorf("default replicas: %d legs", len(legs))
	}
	if _, err := WorkflowPlan(io.Discard, Options{Profile: "smoke", Resume: "results/r"}, ""); err == nil {
		t.Error("a resume was planned")
	}
}

// DEFLATELAB_DOPS=auto picks the profile's DOPs up to the processors, and the processor count.
func TestAutoDOPs(t *testing.T) {
	for _, tt := range []struct {
		profile string
		procs   int
		want    []int
	}{
		{"quick", 4, []int{1, 4}},
		{"quick", 2, []int{1, 2}},
		{"quick", 16, []int{1, 8, 16}},
		{"full", 4, []int{1, 4}},
		{"full", 12, []int{1, 4, 8, 12}},
		{"smoke", 1, []int{1}},
	} {
		if got, err := autoDOPs(tt.profile, tt.procs); err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("autoDOPs(%s, %d) = %v, %v; want %v", tt.profile, tt.procs, got, err, tt.want)
		}
	}
}

// runDir writes a fake run folder: run.json for platform (replica i of k when k > 0) and one line of samples.
func runDir(t *testing.T, dir, platform string, i, k int) string {
	t.Helper()
	dir = filepath.FromSlash(dir) // as the report target names it, also on Windows
	m := matrix.Manifest{Run: filepath.Base(dir), Plan: matrix.Plan{Platform: platform}}
	if k > 0 {
		m.Replica = &matrix.Replica{Index: i, Count: k}
	}
	b, _ := json.Marshal(m)
	writeFile(t, filepath.Join(dir, resultsdir.ManifestFile), string(b))
	writeFile(t, filepath.Join(dir, resultsdir.SamplesFile), "{}\n")
	return dir
}

// The report job: each platform's replicas merged, a planned platform without results named (to the
// report as -planned, at the top of the step summary) and failing the target unless told to warn;
// the summary says what ran and links only the run's page.
func TestReportWorkflow(t *testing.T) {
	t.Chdir(t.TempDir())
	a1 := runDir(t, "results/a-linux-amd64-r1of2", "linux/amd64", 1, 2)
	a2 := runDir(t, "results/a-linux-amd64-r2of2", "linux/amd64", 2, 2)
	w1 := runDir(t, "results/w-windows-amd64-r1of2", "windows/amd64", 1, 2)
	var merges []resultsdir.MergeOptions
	merge := func(_ context.Context, o resultsdir.MergeOptions, _, _ io.Writer) error {
		merges = append(merges, o)
		return os.MkdirAll(o.Out, 0o755)
	}
	var reportOpts report.Options
	render := func(_ context.Context, o report.Options, stdout io.Writer) error {
		reportOpts = o
		writeFile(t, "reports-local/r/README.md", "# r\n")
		io.WriteString(stdout, "reports-local/r/README.md\n")
		return nil
	}
	summary := filepath.Join(t.TempDir(), "summary.md")
	on := true
	o := Options{Profile: "quick", Results: "results", ReportIn: []string{"results"}, Replicas: 2, Adaptive: &on, ZlibNG: "2.2.2",
		Platforms: []string{"linux/amd64", "windows/amd64", "windows/arm64"}, StepSummary: summary, RunURL: "https://github.com/o/r/actions/runs/7"}
	_, err := Report(context.Background(), Streams{Stdout: io.Discard, Stderr: io.Discard}, o, render, merge)
	if err == nil || !strings.Contains(err.Error(), "no results from windows/arm64") || !strings.Contains(err.Error(), EnvMissing+"=warn") {
		t.Errorf("Report with a platform missing: %v, want an error naming it", err)
	}
	if len(merges) != 1 || !slices.Equal(merges[0].Inputs, []string{a1, a2}) {
		t.Errorf("merges %+v, want linux/amd64's two replicas", merges)
	}
	merged := merges[0].Out
	if !slices.Contains(reportOpts.In, merged) || !slices.Contains(reportOpts.In, w1) || slices.Contains(reportOpts.In, a1) ||
		!slices.Equal(reportOpts.Planned, []string{"linux/amd64", "windows/amd64", "windows/arm64"}) {
		t.Errorf("report options %+v, want the merged folder %s, %s alone, and -planned", reportOpts, merged, w1)
	}
	sum, _ := os.ReadFile(summary)
	for _, want := range []string{"profile quick, adaptive rounds, 2 replica(s) per platform, zlib-ng 2.2.2", "linux/amd64 (2 of 2 replicas)",
		"windows/amd64 (1 of 2 replicas)", "**windows/arm64: no results**", "**Missing: windows/arm64**", "[run](https://github.com/o/r/actions/runs/7)"} {
		if !strings.Contains(string(sum), want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}
	if links := strings.Count(string(sum), "]("); links != 1 {
		t.Errorf("summary has %d links, want only the run's page:\n%s", links, sum)
	}
	// Warn instead: the report succeeds, with a warning.
	o.MissingWarn, o.StepSummary, o.GitHubActions = true, "", true
	var stderr bytes.Buffer
	if _, err := Report(context.Background(), Streams{Stdout: io.Discard, Stderr: &stderr}, o, render, merge); err != nil ||
		!strings.Contains(stderr.String(), "::warning title=missing platforms::no results from windows/arm64") {
		t.Errorf("warn: %v\n%s", err, stderr.String())
	}
	// A merge that refuses (another build) is named, and the legs are reported as they are.
	failing := func(context.Context, resultsdir.MergeOptions, io.Writer, io.Writer) error {
		return errors.New("merge: another build")
	}
	o.Platforms = nil
	if _, err := Report(context.Background(), Streams{Stdout: io.Discard, Stderr: io.Discard}, o, render, failing); err == nil ||
		!strings.Contains(err.Error(), "could not be merged") || !slices.Contains(reportOpts.In, a1) {
		t.Errorf("refused merge: %v, report inputs %q", err, reportOpts.In)
	}
}

// A report target that fails still returns the report it wrote (the workflow uploads it), and one that
// wrote none says so in the step summary, whose head promised a report artifact (issue 37 item 10).
func TestReportFailureKeepsPathAndSaysSo(t *testing.T) {
	t.Chdir(t.TempDir())
	runDir(t, "results/a-linux-amd64", "linux/amd64", 0, 0)
	summary := filepath.Join(t.TempDir(), "summary.md")
	o := Options{Profile: "quick", Results: "results", ReportIn: []string{"results"}, Platforms: []string{"linux/amd64", "windows/arm64"}, StepSummary: summary}
	render := func(_ context.Context, _ report.Options, stdout io.Writer) error {
		writeFile(t, "reports-local/r/README.md", "# r\n")
		io.WriteString(stdout, "reports-local/r/README.md\n")
		return nil
	}
	path, err := Report(context.Background(), Streams{Stdout: io.Discard, Stderr: io.Discard}, o, render, nil)
	if err == nil || path != "reports-local/r/README.md" { // as the report printed it
		t.Errorf("a platform missing: path %q, error %v; want the report's path and the error", path, err)
	}
	broken := func(context.Context, report.Options, io.Writer) error {
		return errors.New("report: no sample parses")
	}
	if _, err := Report(context.Background(), Streams{Stdout: io.Discard, Stderr: io.Discard}, o, broken, nil); err == nil {
		t.Fatal("a report that could not render succeeded")
	}
	if sum, _ := os.ReadFile(summary); !strings.Contains(string(sum), "**No report was rendered:** report: no sample parses") {
		t.Errorf("the summary does not say no report was rendered:\n%s", sum)
	}
}
