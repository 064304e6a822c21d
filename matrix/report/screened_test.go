package report

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// A garbage line, a duplicated line and a torn last line are named and skipped, and the same run given
// twice is counted once: the report renders everything else (issue 21 items 2 and 3). Today's report
// stops at the garbage line with exit 1, and counted the copy's samples twice.
func TestReportLeavesOutAndNames(t *testing.T) {
	testdata, _ := filepath.Abs("testdata")
	tmp := t.TempDir()
	t.Chdir(tmp)
	win := runnerDir(t, "results", "win", filepath.Join(testdata, "results-windows-amd64.jsonl"), time.Date(2026, 11, 30, 4, 0, 0, 0, time.UTC))
	path := filepath.Join(win, resultsdir.SamplesFile)
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	corrupt := strings.Join(lines[:10], "") + "garbage, not JSON\n" + strings.Join(lines[10:], "") + lines[4] + `{"run":"win","cell":{"plat`
	os.WriteFile(path, []byte(corrupt), 0o644)
	copyDir := filepath.Join(tmp, "copy-of-win")
	os.MkdirAll(copyDir, 0o755)
	for _, f := range []string{resultsdir.SamplesFile, resultsdir.BenchFile, resultsdir.ManifestFile} {
		b, _ := os.ReadFile(filepath.Join(win, f))
		os.WriteFile(filepath.Join(copyDir, f), b, 0o644)
	}

	var stdout bytes.Buffer
	if err := Run(context.Background(), Options{In: []string{win, copyDir}, Out: "reports"}, &stdout); err != nil {
		t.Fatalf("the report stopped: %v", err)
	}
	page := reportText(t, filepath.Dir(strings.TrimSpace(stdout.String())))
	for _, want := range []string{
		"**Data quality.** 108 samples", // not 216, not 109
		"**3 lines of results left out** before any statistics (2 unreadable, 1 duplicate)",
		"raw/win/samples.jsonl:11: unreadable: does not parse",
		"raw/win/samples.jsonl:110: duplicate:",
		"raw/win/samples.jsonl:111: unreadable: torn last line",
		"run `win` is given twice (raw/win and raw/copy-of-win): counted once, from raw/win",
		"They are named under Data quality.",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if t.Failed() {
		i := strings.Index(page, "**Data quality.**")
		t.Log(page[i:min(len(page), i+3000)])
	}
}
