package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// reproduceLine is the command a report's environment page gives under "Reproduce this report".
var reproduceLine = regexp.MustCompile("(?s)\\*\\*Reproduce this report\\*\\*.*?```\ngo run ./cmd/lab (report .*?)\n```")

// TestCommittedReportsReproduce runs the "Reproduce this report" command of every report committed under
// reports/, as written, from a copy of the repository's layout (go.mod, docs/, each report's raw/), and
// requires every file the command writes, the reports index included, to equal the committed one byte
// for byte. It is the committed reports' golden: matrix/report's tests read the committed pages for the
// rules a page must keep (no "~" beside an interval that excludes 0, tables that fit, decisions that
// match their intervals), and this test is what makes those pages the current code's. A change to the
// report's output therefore re-renders the committed reports with these same commands (docs/USAGE.md,
// "Reports"), in the commit that changes it.
//
// The reports were rendered on amd64; arm64, ppc64 and s390x fuse multiply-adds, which can move a last
// bit and, rarely, a printed digit, so elsewhere the test is skipped. It renders 7,600 samples with their
// label-swap calibration (about 20 s), and is skipped under -short.
func TestCommittedReportsReproduce(t *testing.T) {
	if testing.Short() {
		t.Skip("renders every committed report (about 20 s); run without -short")
	}
	if runtime.GOARCH != "amd64" {
		t.Skipf("the committed reports were rendered on amd64; %s may fuse multiply-adds and move a printed digit", runtime.GOARCH)
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	envs, _ := filepath.Glob(filepath.Join(root, "reports", "*", "environment.md"))
	if len(envs) == 0 {
		t.Fatal("no committed report under reports/")
	}
	tmp := t.TempDir()
	for _, f := range []string{"go.mod", filepath.Join("docs", "METHOD.md")} { // where a page's docs links resolve (docsLink)
		copyFile(t, filepath.Join(root, f), filepath.Join(tmp, f))
	}
	var commands [][]string
	for _, env := range envs {
		page, err := os.ReadFile(env)
		if err != nil {
			t.Fatal(err)
		}
		m := reproduceLine.FindSubmatch(page)
		if m == nil {
			t.Fatalf("%s: no \"Reproduce this report\" command", env)
		}
		args, err := shellWords(string(m[1]))
		if err != nil {
			t.Fatalf("%s: %v", env, err)
		}
		commands = append(commands, args)
		report := filepath.Dir(env)
		rel, _ := filepath.Rel(root, report)
		raw := filepath.Join(report, "raw")
		if err := os.CopyFS(filepath.Join(tmp, rel, "raw"), os.DirFS(raw)); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(tmp)
	t.Setenv("GITHUB_STEP_SUMMARY", "")
	for _, args := range commands {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitOK {
			t.Fatalf("go run ./cmd/lab %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
		}
	}
	compareTrees(t, filepath.Join(tmp, "reports"), filepath.Join(root, "reports"))
}

// compareTrees fails for every file of want (the committed reports) that got lacks or holds other bytes,
// and every file got has that want does not: a report folder is exactly what its command writes.
func compareTrees(t *testing.T, got, want string) {
	t.Helper()
	seen := map[string]bool{}
	err := filepath.WalkDir(want, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(want, p)
		seen[rel] = true
		w, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		g, err := os.ReadFile(filepath.Join(got, rel))
		switch {
		case err != nil:
			t.Errorf("reports/%s: the reproduce command did not write it (%v)", filepath.ToSlash(rel), err)
		case !bytes.Equal(g, w):
			t.Errorf("reports/%s: the reproduce command writes other bytes (first difference at line %d); re-render it with its command", filepath.ToSlash(rel), firstDifferentLine(g, w))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(got, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if rel, _ := filepath.Rel(got, p); !seen[rel] {
			t.Errorf("reports/%s: written by the reproduce command, not committed", filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) < 10 {
		t.Errorf("only %d committed report files compared", len(seen))
	}
}

// firstDifferentLine is the 1-based line of a and b's first difference.
func firstDifferentLine(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	return 1 + bytes.Count(a[:i], []byte("\n"))
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
