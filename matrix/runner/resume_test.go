package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// editLines rewrites a results file line by line: edit returns the new line, or "" to drop it.
func editLines(t *testing.T, path string, edit func(i int, line string) string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if l = edit(i, l); l != "" {
			out = append(out, l)
		}
	}
	if err := os.WriteFile(path, []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// "Complete" means every planned sample is on disk: a resume of a run whose run.json says complete
// takes a sample that was removed, or renamed into another variant's place, and ends with every one.
func TestResumeTakesMissingPlannedSamples(t *testing.T) {
	for _, tc := range []struct {
		name      string
		edit      func(i int, line string) string
		wantNote  string // in the summary line after the resume
		wantTaken int
	}{
		{"removed", func(i int, l string) string {
			if i == 4 {
				return ""
			}
			return l
		}, fmt.Sprintf("%d of %d planned samples recorded, 0 failed in", smokeCellSamples(), smokeCellSamples()), 1},
		{"renamed", func(i int, l string) string {
			var s matrix.Sample
			json.Unmarshal([]byte(l), &s)
			if i == 4 && s.Variant != "control" {
				s.Variant = "control" // another variant's place in its round: left out, and its own taken again
			} else if i == 4 {
				s.Variant = "splitalloc"
			}
			b, _ := json.Marshal(s)
			return string(b)
		}, fmt.Sprintf("%d of %d planned samples recorded, 0 failed; 1 line left out (1 unplanned)", smokeCellSamples(), smokeCellSamples()), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bin, _ := fakeHosts(t, "ok")
			out := filepath.Join(t.TempDir(), "results")
			if err := Bench(context.Background(), smoke(bin, out), io.Discard, io.Discard); err != nil {
				t.Fatal(err)
			}
			editLines(t, filepath.Join(out, resultsdir.SamplesFile), tc.edit)
			m, _ := resultsdir.ReadManifest(out)
			kept, _, _ := resultsdir.ReadRun(out, m)
			if m.Status != matrix.StatusComplete || len(matrix.MissingSamples(m.Plan, m.Cells, kept)) != 1 {
				t.Fatalf("after the edit: status %s, missing %v", m.Status, matrix.MissingSamples(m.Plan, m.Cells, kept))
			}
			var stderr bytes.Buffer
			if err := Bench(context.Background(), BenchOptions{Bin: bin, Out: out, Resume: true, Progress: "lines"}, io.Discard, &stderr); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(stderr.String(), "is complete") || strings.Count(stderr.String(), "] workload=") != tc.wantTaken || !strings.Contains(stderr.String(), tc.wantNote) {
				t.Errorf("resume took %d samples, want %d; summary lacks %q:\n%s", strings.Count(stderr.String(), "] workload="), tc.wantTaken, tc.wantNote, stderr.String())
			}
			m, _ = resultsdir.ReadManifest(out)
			kept, _, _ = resultsdir.ReadRun(out, m)
			if missing := matrix.MissingSamples(m.Plan, m.Cells, kept); len(missing) != 0 || m.Missing != 0 || !m.Complete() || len(kept) != smokeCellSamples() {
				t.Errorf("after the resume: %d kept, missing %v (run.json %d), complete %v", len(kept), missing, m.Missing, m.Complete())
			}
		})
	}
}

// A run.json whose plan is not valid (a DOP twice, from before the check) cannot be resumed: its samples
// cannot be checked against it. The refusal says so (exit 2) and takes nothing.
func TestResumeRefusesInvalidPlan(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	out := filepath.Join(t.TempDir(), "results")
	if err := Bench(context.Background(), smoke(bin, out), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	m, _ := resultsdir.ReadManifest(out)
	m.Plan.DOPs = []int{1, 1}
	m.Samples = 1 // and say a sample is missing, as that run's own counts did
	if err := resultsdir.WriteManifest(m, out); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(out, resultsdir.SamplesFile))
	err := Bench(context.Background(), resumeOf(bin, out), io.Discard, io.Discard)
	var ue *matrix.InvalidError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "is not valid (matrix: DOP 1 given twice") || !strings.Contains(err.Error(), "start a new run") {
		t.Errorf("resume of an invalid plan: %v, want a usage error naming the plan's fault", err)
	}
	if after, _ := os.ReadFile(filepath.Join(out, resultsdir.SamplesFile)); !bytes.Equal(before, after) {
		t.Error("the refused resume changed samples.jsonl")
	}
	// -replica belongs to the run: a resume takes it from run.json.
	err = Bench(context.Background(), BenchOptions{Bin: bin, Out: out, Resume: true, Replica: &matrix.Replica{Index: 1, Count: 2}}, io.Discard, io.Discard)
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "drop -replica") {
		t.Errorf("-resume -replica: %v", err)
	}
}
