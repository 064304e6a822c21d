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
// page that speaks of it, with the command that takes the missing sample (issue 37 item 5): in the
// results folder run.json records (issue 46 item 2), never the report's raw copy, first page included.
func TestCutLineIsIncomplete(t *testing.T) {
	for _, recorded := range []bool{true, false} {
		t.Run(fmt.Sprintf("dir recorded %v", recorded), func(t *testing.T) { cutLineIsIncomplete(t, recorded) })
	}
}

func cutLineIsIncomplete(t *testing.T, recorded bool) {
	testdata, _ := filepath.Abs("testdata")
	t.Chdir(t.TempDir())
	start := time.Date(2026, 11, 30, 4, 0, 0, 0, time.UTC)
	dir := runnerDir(t, "results", "win", filepath.Join(testdata, "results-windows-amd64.jsonl"), start)
	resume := resultsdir.ResumeCommand("<dir>") + "` in the run's own results folder"
	if recorded {
		mf, _ := resultsdir.ReadManifest(dir)
		mf.Dir = "results/win"
		if err := resultsdir.WriteManifest(mf, dir); err != nil {
			t.Fatal(err)
		}
		resume = resultsdir.ResumeCommand("results/win") + "`."
	}
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
	want := fmt.Sprintf("Run `win` is **incomplete**, %d of %d planned samples recorded; resume with `%s", len(lines)-1, 108, resume)
	if !strings.Contains(env, want) || !strings.Contains(page, "Run `win` is incomplete") {
		t.Errorf("environment.md lacks %q, or the first page does not call the run incomplete:\n%s", want, env)
	}
	if recorded && !strings.Contains(page, resultsdir.ResumeCommand("results/win")) {
		t.Errorf("the first page lacks the resume command %q:\n%s", resultsdir.ResumeCommand("results/win"), page)
	}
	for name, text := range map[string]string{"README.md": page, environmentPage: env} {
		if strings.Contains(text, "-resume -out "+DefaultOut) {
			t.Errorf("%s resumes into the report's raw copy:\n%s", name, text)
		}
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
