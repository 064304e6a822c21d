package report

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	txt := filepath.Join(dir, "notes.txt")
	os.WriteFile(txt, []byte("x"), 0o644)
	torn := filepath.Join(dir, "torn.jsonl")
	os.WriteFile(torn, []byte(`{"run":`), 0o644)
	empty := t.TempDir()
	// The flags' own errors (-date, a stray argument, an unknown flag) are cmd/lab's: run_test.go.
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{}, "-in is required"},
		{Options{In: []string{filepath.Join(dir, "missing.jsonl")}}, fmt.Sprintf("-in %q", filepath.Join(dir, "missing.jsonl"))},
		{Options{In: []string{txt}}, "not a results file"},
		{Options{In: []string{empty}}, "directory holds no .jsonl results file"},
		{Options{In: []string{torn}}, "torn.jsonl:1"}, // nothing but a torn line: no sample to report
		{Options{In: []string{"testdata"}, Name: "../up"}, `-name "../up"`},
		{Options{In: []string{"testdata"}, Planned: []string{"linux"}}, `-planned "linux": want goos/goarch`},
	} {
		var stdout bytes.Buffer
		tc.o.Out = t.TempDir()
		err := Run(context.Background(), tc.o, &stdout)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Run(%+v) = %v, want an error containing %q", tc.o, err, tc.want)
		}
	}
}

// runnerDir writes a results directory shaped like the runner's: samples.jsonl, bench.txt, run.json.
func runnerDir(t *testing.T, parent, name, fixture string, start time.Time) string { // fixture: absolute
	t.Helper()
	dir := filepath.Join(parent, name)
	os.MkdirAll(dir, 0o755)
	data, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, resultsdir.SamplesFile), data, 0o644)
	os.WriteFile(filepath.Join(dir, resultsdir.BenchFile), []byte("BenchmarkDeflate/workload=fixed 1 1 ns/op\n"), 0o644)
	m, _ := json.Marshal(matrix.Manifest{Run: name, Profile: "quick", Start: start, Status: matrix.StatusComplete,
		Samples: 108, Planned: 108, Failed: 1, Command: [][]string{{"lab", "bench", "-profile", "quick"}}})
	os.WriteFile(filepath.Join(dir, resultsdir.ManifestFile), m, 0o644)
	return dir
}

// TestRunRunnerResults renders runner-shaped results, checks the kept files, the index order and the
// step summary, then runs the report's own reproduce command and expects the same page.
func TestRunRunnerResults(t *testing.T) {
	testdata, _ := filepath.Abs("testdata")
	tmp := t.TempDir()
	t.Chdir(tmp)
	start := time.Date(2026, 11, 30, 4, 0, 0, 0, time.UTC)
	win := runnerDir(t, "results", "win", filepath.Join(testdata, "results-windows-amd64.jsonl"), start)
	arm := runnerDir(t, "results", "arm", filepath.Join(testdata, "results-linux-arm64.jsonl"), start.Add(-time.Hour))
	interrupted, _ := json.Marshal(matrix.Manifest{Run: "arm", Profile: "quick", Start: start.Add(-time.Hour), Status: matrix.StatusInterrupted,
		Samples: 99, Planned: 108, Command: [][]string{{"lab", "bench"}}})
	os.WriteFile(filepath.Join(arm, resultsdir.ManifestFile), interrupted, 0o644)
	summary := filepath.Join(tmp, "summary.md")
	t.Setenv("GITHUB_STEP_SUMMARY", summary)

	var stdout, stderr bytes.Buffer
	o := Options{In: []string{win, filepath.Join(arm, resultsdir.SamplesFile)}, Out: DefaultOut, Title: "Two machines", StepSummary: summary}
	if err := Run(context.Background(), o, &stdout); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	name := start.Format("20060102-150405")              // several runs: named after the latest manifest's start
	want := filepath.Join(DefaultOut, name, "README.md") // reports-local/: lab report leaves the tracked reports/ alone unless told
	if DefaultOut != "reports-local" {
		t.Errorf("DefaultOut = %q, want the git-ignored reports-local", DefaultOut)
	}
	if got := strings.TrimSpace(stdout.String()); got != want {
		t.Fatalf("printed %q, want %q", got, want)
	}
	for _, f := range []string{"raw/win/samples.jsonl", "raw/win/bench.txt", "raw/win/run.json", "raw/arm/samples.jsonl", "raw/arm/bench.txt", "raw/arm/run.json"} {
		if _, err := os.Stat(filepath.Join(DefaultOut, name, f)); err != nil {
			t.Errorf("%s not kept: %v", f, err)
		}
	}
	page := []byte(reportText(t, filepath.Dir(want)))
	for _, s := range []string{"# Two machines", "profile quick, status complete, 108 of 108 planned samples recorded (1 failed)", "Command: `lab bench -profile quick`",
		"- run `arm` (raw/arm): **interrupted, incomplete**, 99 of 108 planned samples recorded",
		"go tool benchstat -col /variant " + DefaultOut + "/" + name + "/raw/win/bench.txt " + DefaultOut + "/" + name + "/raw/arm/bench.txt"} {
		if !bytes.Contains(page, []byte(s)) {
			t.Errorf("report lacks %q", s)
		}
	}
	sum, _ := os.ReadFile(summary)
	first, _ := os.ReadFile(want)
	if !bytes.Contains(sum, []byte("## Verdicts")) || bytes.Contains(sum, []byte("#### pooled vs control")) || bytes.Contains(sum, []byte(".svg)")) ||
		!bytes.Contains(sum, []byte("Charts (in the report folder")) ||
		!strings.Contains(unlinkRelative(string(first)), string(sum[:bytes.Index(sum, []byte("Charts (in the report folder"))])) {
		t.Errorf("step summary: want the first screen (context and verdicts as on the first page), no elapsed tables, no image links; got\n%s", sum)
	}
	// On the run's page a link into the report folder leads nowhere: the summary keeps none.
	for _, m := range summaryLink.FindAllStringSubmatch(string(sum), -1) {
		if !strings.HasPrefix(m[3], "https://") {
			t.Errorf("step summary links %q, which cannot resolve on the run's page", m[0])
		}
	}

	// An older report in the same folder: the index lists the newest first.
	if _, err := Render(Options{In: []string{arm}, Out: DefaultOut, Name: "older", Date: start.Add(-48 * time.Hour)}); err != nil {
		t.Fatal(err)
	}
	index, _ := os.ReadFile(filepath.Join(DefaultOut, "README.md"))
	if i, j := bytes.Index(index, []byte("("+name+"/README.md)")), bytes.Index(index, []byte("(older/README.md)")); i < 0 || j < 0 || i > j {
		t.Errorf("index does not list %s before older:\n%s", name, index)
	}

	// The page says how to render it again; that the command gives the same page is cmd/lab's test
	// (TestReportReproduceCommand), which parses it as lab report does.
	if !regexp.MustCompile("```\ngo run ./cmd/lab report (.*)\n```").Match(page) {
		t.Error("no reproduce command in the report")
	}
}
