package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/report"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// gappedUnstable is a regime detector for a one-cell plan that makes a candidate stop and run again: at
// the first decision only the last candidate is flagged, at the second the first and the last, at the
// third none. resamplePolicy asks it for control's series, then each candidate's, once per decision.
func gappedUnstable(variants []string) func([]float64) bool {
	calls := 0
	return func([]float64) bool {
		decision, i := calls/len(variants), calls%len(variants)
		calls++
		switch {
		case i == 0: // control: never (it would flag every candidate)
			return false
		case decision == 0:
			return i == len(variants)-1
		case decision == 1:
			return i == 1 || i == len(variants)-1
		}
		return false
	}
}

// TestResampledRunStatusAgrees (issue 46 item 1): a run whose re-sampling stopped a candidate and ran it
// again is complete, and says so alike in run.json, the bench summary line and the report's pages: its
// extra rounds are planned samples, its re-sampled cell named; a resume of it takes nothing.
func TestResampledRunStatusAgrees(t *testing.T) {
	r := fakeRunner(t, "ok")
	r.Plan.Phases, r.Plan.DOPs = []string{"cold"}, []int{1} // one cell: the detector above counts one cell's calls
	r.Plan.Resample = &matrix.Resample{MaxExtra: 6}
	vs := r.Plan.Variants
	r.Policy = matrix.NewPolicy(r.Plan, gappedUnstable(vs))
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	// Base 3 rounds of every variant; rounds 3-4 control and the last candidate; rounds 5-6 control, the
	// first candidate (back after a gap) and the last.
	n := len(vs)
	if n < 3 {
		t.Fatalf("variants %v: the test needs two candidates", vs)
	}
	extra := 2*2 + 2*3
	want := 3*n + extra
	if got := len(readAll(t, r.Dir)); got != want {
		m, _ := resultsdir.ReadManifest(r.Dir)
		t.Fatalf("%d samples, want %d; variants %v, cells %+v", got, want, vs, m.Cells)
	}
	m, err := resultsdir.ReadManifest(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Status != matrix.StatusComplete || m.Samples != want || m.Planned != want || m.Extra != extra || m.Missing != 0 || !m.Complete() {
		t.Errorf("run.json: status %s, %d of %d planned (%d extra), %d missing, complete %v; want complete, %d of %d (%d extra), 0 missing",
			m.Status, m.Samples, m.Planned, m.Extra, m.Missing, m.Complete(), want, want, extra)
	}
	if m.Dir != filepath.ToSlash(r.Dir) {
		t.Errorf("run.json dir %q, want %q", m.Dir, filepath.ToSlash(r.Dir))
	}
	samples, findings, err := resultsdir.ReadRun(r.Dir, m)
	if err != nil || len(findings) > 0 {
		t.Fatalf("ReadRun: %v %v", err, findings)
	}
	line, _ := summaryLine(r.Dir, m, samples, findings)
	cell := r.Plan.Cells()[0].String()
	for _, w := range []string{fmt.Sprintf("bench: %d of %d planned samples recorded (%d in re-sampled cells' extra rounds), 0 failed", want, want, extra), "1 resampled", cell + " +4"} {
		if !strings.Contains(line, w) {
			t.Errorf("summary line %q lacks %q", line, w)
		}
	}

	out := filepath.Join(t.TempDir(), "reports")
	if err := report.Run(context.Background(), report.Options{In: []string{r.Dir}, Out: out, Name: "r"}, io.Discard); err != nil {
		t.Fatal(err)
	}
	first, _ := os.ReadFile(filepath.Join(out, "r", "README.md"))
	env, _ := os.ReadFile(filepath.Join(out, "r", "environment.md"))
	if strings.Contains(string(first), "incomplete") || strings.Contains(string(env), "incomplete") {
		t.Errorf("a report calls the complete run incomplete:\n%s\n%s", first, env)
	}
	if !strings.Contains(string(first), "(1 cell re-sampled)") {
		t.Errorf("the first page does not name the re-sampled cell:\n%s", first)
	}
	if w := fmt.Sprintf("status complete, %d of %d planned samples recorded (0 failed, %d in re-sampled cells' extra rounds)", want, want, extra); !strings.Contains(string(env), w) {
		t.Errorf("environment.md lacks %q:\n%s", w, env)
	}

	// A resume takes nothing: neither the runner nor lab bench's check of a complete folder.
	r2 := *r
	r2.Resume = true
	if err := r2.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := len(readAll(t, r.Dir)); got != want {
		t.Errorf("after a resume: %d samples, want %d", got, want)
	}
	m2, _ := resultsdir.ReadManifest(r.Dir)
	resultsdir.Reconcile(&m2, r.Dir, samples, nil)
	if !m2.Complete() || m2.Planned != want {
		t.Errorf("after a resume: complete %v, %d planned; want complete, %d", m2.Complete(), m2.Planned, want)
	}
}

// TestResumeCommandNamesResultsFolder (issue 46 item 2): the resume command a report prints for an
// incomplete run names the folder the run was written to, never the report's raw copy; following it
// completes the run, and a resume into the raw copy exits 2 naming the real folder.
func TestResumeCommandNamesResultsFolder(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	t.Chdir(t.TempDir())
	out := filepath.Join("results", "run")
	if err := Bench(context.Background(), quiet(smoke(bin, out)), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	samples := filepath.Join(out, resultsdir.SamplesFile)
	data, _ := os.ReadFile(samples)
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	os.WriteFile(samples, []byte(strings.Join(lines[:len(lines)-1], "")), 0o644) // a line lost
	if err := report.Run(context.Background(), report.Options{In: []string{out}, Out: "reports", Name: "r"}, io.Discard); err != nil {
		t.Fatal(err)
	}
	env, _ := os.ReadFile(filepath.Join("reports", "r", "environment.md"))
	want := resultsdir.ResumeCommand(filepath.ToSlash(out))
	if !strings.Contains(string(env), "resume with `"+want+"`") {
		t.Fatalf("environment.md lacks %q:\n%s", want, env)
	}
	copyDir := filepath.Join("reports", "r", "raw", "run")
	if !resultsdir.InReportCopy(copyDir) || resultsdir.InReportCopy(out) {
		t.Fatalf("InReportCopy: %v for the raw copy, %v for the results folder; want true, false", resultsdir.InReportCopy(copyDir), resultsdir.InReportCopy(out))
	}
	before, _ := os.ReadFile(filepath.Join(copyDir, resultsdir.SamplesFile))
	err := Bench(context.Background(), quiet(resumeOf(bin, copyDir)), io.Discard, io.Discard)
	var invalid *matrix.InvalidError
	if !errors.As(err, &invalid) || !strings.Contains(err.Error(), want) {
		t.Errorf("resume into the report's raw copy: %v; want a usage error (exit 2) naming %q", err, want)
	}
	if after, _ := os.ReadFile(filepath.Join(copyDir, resultsdir.SamplesFile)); string(after) != string(before) {
		t.Error("the refused resume wrote into the report's raw copy")
	}
	// Following the printed command completes the results folder.
	dir := strings.TrimPrefix(want, "go run ./cmd/lab bench -resume -out ")
	if err := Bench(context.Background(), quiet(resumeOf(bin, filepath.FromSlash(dir))), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if m, _ := resultsdir.ReadManifest(out); !m.Complete() || m.Samples != len(lines) {
		t.Errorf("after the printed resume: complete %v, %d samples; want complete, %d", m.Complete(), m.Samples, len(lines))
	}
}

// lab bench -pairing duet says which cells run alternating and why, on screen and in run.json, and
// exits 2 when no cell can run as a duet (three variants: every round is three processes), writing
// nothing (issue 45 item 5).
func TestDuetSaysWhatRunsAlternating(t *testing.T) {
	if runtime.NumCPU() < 2 {
		t.Skip("a duet of DOP 1 needs two processors")
	}
	bin, _ := fakeHosts(t, "ok")
	out := filepath.Join(t.TempDir(), "results")
	o := quiet(smoke(bin, out))
	o.Pairing = matrix.Duet
	var stderr strings.Builder
	err := Bench(context.Background(), o, io.Discard, &stderr)
	var invalid *matrix.InvalidError
	if !errors.As(err, &invalid) || !strings.Contains(err.Error(), "no cell can run as a duet") || !strings.Contains(err.Error(), "every round holds") {
		t.Errorf("-pairing duet with %d variants: %v; want exit 2 saying no cell can run as a duet, and why", len(testPlan().Variants), err)
	}
	if _, serr := os.Stat(out); serr == nil {
		t.Error("the refused bench left a results folder")
	}

	wide := runtime.NumCPU() // 2 x DOP > processors: alternating
	o.Variants, o.DOPs = []string{"control", matrix.AA}, []int{1, wide}
	stderr.Reset()
	if err := Bench(context.Background(), o, io.Discard, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	want := fmt.Sprintf("DOP %d: a duet needs 2 x %d processors, this machine has %d", wide, wide, wide)
	if !strings.Contains(stderr.String(), "bench: -pairing duet: 1 of 2 cells run alternating") || !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr lacks the alternating cell and why:\n%s", stderr.String())
	}
	m, _ := resultsdir.ReadManifest(out)
	if len(m.Alternating) != 1 || m.Alternating[0].Cell.DOP != wide || m.Alternating[0].Reason != want {
		t.Errorf("run.json alternating %+v, want DOP %d's cell: %q", m.Alternating, wide, want)
	}
}
