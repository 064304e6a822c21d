package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The reproduce command a report prints, run from the same folder, renders the same page: it is a
// lab report command line, so it is checked through lab report's flags (moved here from
// matrix/report's TestRunRunnerResults with the flag set).
func TestReportReproduceCommand(t *testing.T) {
	testdata, err := filepath.Abs(filepath.Join("..", "..", "matrix", "report", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	t.Setenv("GITHUB_STEP_SUMMARY", "")
	in := filepath.Join(testdata, "results-windows-amd64.jsonl") + "," + filepath.Join(testdata, "results-linux-arm64.jsonl")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"report", "-in", in, "-title", "Two machines"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	dir := filepath.Dir(strings.TrimSpace(stdout.String()))
	page := pages(t, dir)
	cmd := regexp.MustCompile("```\ngo run ./cmd/lab report (.*)\n```").FindSubmatch(page)
	if cmd == nil {
		t.Fatal("no reproduce command in the report")
	}
	args, err := shellWords(string(cmd[1]))
	if err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	if code := run(append([]string{"report"}, args...), &stdout, &stderr); code != exitOK {
		t.Fatalf("reproduce %q: exit %d\n%s", args, code, stderr.String())
	}
	if again := pages(t, dir); !bytes.Equal(page, again) {
		t.Errorf("the reproduce command %q rendered a different page", args)
	}
}

// pages are a report folder's markdown pages, one after another in name order.
func pages(t *testing.T, dir string) []byte {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.md"))
	if len(files) == 0 {
		t.Fatalf("no pages in %s", dir)
	}
	var all []byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	return all
}
