package report

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// A run whose run.json says complete but whose last sample line was cut in half is incomplete on every
// page that speaks of it, with the command that takes the missing sample (issue 37 item 5).
func TestCutLineIsIncomplete(t *testing.T) {
	testdata, _ := filepath.Abs("testdata")
	t.Chdir(t.TempDir())
	start := time.Date(2026, 11, 30, 4, 0, 0, 0, time.UTC)
	dir := runnerDir(t, "results", "win", filepath.Join(testdata, "results-windows-amd64.jsonl"), start)
	samples := filepath.Join(dir, resultsdir.SamplesFile)
	data, _ := os.ReadFile(samples)
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	last := lines[len(lines)-1]
	os.WriteFile(samples, []byte(strings.Join(lines[:len(lines)-1], "")+last[:len(last)/2]), 0o644)
	var stdout, stderr bytes.Buffer
	if err := Run(context.Background(), Options{In: []string{dir}, Out: DefaultOut, Name: "cut"}, &stdout); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	page, env := reportText(t, filepath.Join(DefaultOut, "cut")), readPage(t, filepath.Join(DefaultOut, "cut", environmentPage))
	want := fmt.Sprintf("Run `win` is **incomplete**: %d of %d (resume with: `%s`)", len(lines)-1, 108,
		resultsdir.ResumeCommand(DefaultOut+"/cut/raw/win"))
	if !strings.Contains(env, want) || !strings.Contains(page, "Run `win` is **incomplete**") {
		t.Errorf("environment.md lacks %q, or the first page does not call the run incomplete:\n%s", want, env)
	}
	for name, text := range map[string]string{"README.md": page, environmentPage: env} {
		if strings.Contains(text, "is **complete**") || strings.Contains(text, "Run `win` is complete") {
			t.Errorf("%s calls the cut run complete", name)
		}
	}
}

func readPage(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
