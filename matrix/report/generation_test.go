package report

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// withGeneration is samples recorded under run with their results' zlibng set to gen.
func withGeneration(samples []matrix.Sample, run string, gen matrix.Generation) []matrix.Sample {
	out := make([]matrix.Sample, len(samples))
	for i, s := range samples {
		r := *s.Result
		r.ZlibNG = gen
		s.Result, s.Run = &r, run
		out[i] = s
	}
	return out
}

// Every page and cells.json name the generation the run's engine ran, with the .NET it stands for.
func TestGenerationNamed(t *testing.T) {
	for _, tt := range []struct {
		gen   matrix.Generation
		words string
	}{
		{"2.2.5", "zlib-ng 2.2.5 (.NET 10 and later)"},
		{"2.2.2", "zlib-ng 2.2.2 (.NET 9's generation; .NET 9 ships 2.2.1, whose deflate is the same)"},
		{"", "zlib-ng 2.2.2 (.NET 9's generation; .NET 9 ships 2.2.1, whose deflate is the same)"}, // results older than the field
	} {
		_, dir := renderValidity(t, withGeneration(validitySamples(1), "r", tt.gen))
		want := "- **Engine:** the deflate of " + tt.words + ".\n"
		for name, text := range reportPages(t, dir) {
			if strings.HasSuffix(name, ".md") && !strings.Contains(text, want) {
				t.Errorf("zlibng %q: %s lacks %q", tt.gen, name, want)
			}
		}
		cells := readCells(t, dir)
		if g := matrix.ZlibNGOf(tt.gen); cells.ZlibNG != g || cells.ZlibNGDescription != tt.words {
			t.Errorf("zlibng %q: cells.json says %q, %q; want %q, %q", tt.gen, cells.ZlibNG, cells.ZlibNGDescription, g, tt.words)
		}
	}
}

// A report given runs of different generations refuses them, naming each run and its generation; runs
// of one generation, one of them older than the field and so 2.2.2, render together.
func TestGenerationsNotMixed(t *testing.T) {
	a := writeResults(t, withGeneration(validitySamples(1), "run-a", "2.2.5"))
	b := writeResults(t, withGeneration(validitySamples(1), "run-b", "2.2.2"))
	old := writeResults(t, withGeneration(validitySamples(1), "run-old", ""))
	_, err := Render(Options{In: []string{a, b}, Out: t.TempDir(), Name: "mixed"})
	var ue *matrix.InvalidError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "run run-a: zlib-ng 2.2.5; run run-b: zlib-ng 2.2.2") {
		t.Fatalf("2.2.5 and 2.2.2 runs: %v, want a usage error naming both", err)
	}
	if _, err := Render(Options{In: []string{b, old}, Out: t.TempDir(), Name: "same"}); err != nil {
		t.Fatalf("a 2.2.2 run and an old run: %v", err)
	}
	if _, err := Render(Options{In: []string{a, old}, Out: t.TempDir(), Name: "old"}); !errors.As(err, &ue) || !strings.Contains(err.Error(), "run run-old: zlib-ng 2.2.2") {
		t.Fatalf("a 2.2.5 run and an old run: %v, want a usage error naming the old run as 2.2.2", err)
	}
}

// runDir writes a runner-shaped results directory: samples.jsonl and a run.json with plan.
func runDir(t *testing.T, run string, plan matrix.Plan, samples []matrix.Sample) string {
	t.Helper()
	dir := filepath.Dir(writeResults(t, samples))
	m, _ := json.Marshal(matrix.Manifest{Run: run, Profile: "quick", Plan: plan, Status: matrix.StatusComplete})
	if err := os.WriteFile(filepath.Join(dir, resultsdir.ManifestFile), m, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A run.json without the field (every run before it) is a 2.2.2 run: alone it renders as 2.2.2, beside a
// 2.2.5 run it is refused by name. The committed report's raw data predates the field too, and renders,
// reading as its run.json says (2.2.2 while it is that report).
func TestLegacyRunJSON(t *testing.T) {
	old := runDir(t, "run-old", matrix.Plan{}, withGeneration(validitySamples(1), "run-old", ""))
	current := runDir(t, "run-new", matrix.Plan{ZlibNG: "2.2.5"}, withGeneration(validitySamples(1), "run-new", "2.2.5"))
	path, err := Render(Options{In: []string{old}, Out: t.TempDir(), Name: "old"})
	if err != nil {
		t.Fatal(err)
	}
	if page, _ := os.ReadFile(path); !strings.Contains(string(page), "**Engine:** the deflate of zlib-ng 2.2.2 (.NET 9's generation") {
		t.Errorf("an old run.json does not read as 2.2.2:\n%s", firstLines(string(page), 12))
	}
	_, err = Render(Options{In: []string{current, old}, Out: t.TempDir(), Name: "mixed"})
	var ue *matrix.InvalidError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "run run-new: zlib-ng 2.2.5; run run-old: zlib-ng 2.2.2") {
		t.Errorf("an old and a 2.2.5 run.json: %v, want a usage error naming both", err)
	}

	dir := exampleReport(t)
	raws, _ := filepath.Glob(filepath.Join(exampleReport(t), "raw", "*", resultsdir.ManifestFile))
	if len(raws) == 0 {
		t.Fatal("the committed report keeps no run.json")
	}
	m, err := resultsdir.ReadManifest(filepath.Dir(raws[0]))
	if err != nil {
		t.Fatal(err)
	}
	want := m.Plan.Generation()
	page, err := os.ReadFile(filepath.Join(dir, readmeFile))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "**Engine:** the deflate of "+want.Words()) {
		t.Errorf("the committed report does not read as zlib-ng %s:\n%s", want, firstLines(string(page), 20))
	}
	if cells := readCells(t, dir); cells.ZlibNG != want {
		t.Errorf("cells.json zlibng %q, want %s", cells.ZlibNG, want)
	}
}
