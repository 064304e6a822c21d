package report

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden from the current output")

// goldenDate is the fixed date the golden report is rendered with.
var goldenDate = time.Date(2026, 11, 30, 3, 20, 0, 0, time.UTC)

// renderGolden renders testdata's hand-made results into a temporary reports folder, as `lab report
// -in testdata -out reports -name fixture` would from a checkout, and returns that folder.
func renderGolden(t *testing.T) (reports string) {
	t.Helper()
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	t.Chdir(tmp)
	path, err := Render(Options{In: []string{testdata}, Out: "reports", Name: "fixture", Date: goldenDate,
		StepSummary: filepath.Join(tmp, "step-summary.md")})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join("reports", "fixture", "README.md"); path != want {
		t.Errorf("Render returned %q, want %q", path, want)
	}
	return filepath.Join(tmp, "reports")
}

// TestGolden compares every generated file (except the copied raw inputs, checked byte for byte against
// testdata) with testdata/golden.
func TestGolden(t *testing.T) {
	golden, err := filepath.Abs(filepath.Join("testdata", "golden"))
	if err != nil {
		t.Fatal(err)
	}
	reports := renderGolden(t)
	got := map[string][]byte{}
	err = filepath.WalkDir(reports, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(reports, p)
		data, err := os.ReadFile(p)
		got[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for rel, data := range got {
		if dir, base := filepath.Split(rel); dir == "fixture/raw/testdata/" {
			want, err := os.ReadFile(filepath.Join(golden, "..", base))
			if err != nil || !bytes.Equal(data, want) {
				t.Errorf("raw copy %s differs from testdata/%s (%v)", rel, base, err)
			}
			delete(got, rel)
		}
	}
	for _, raw := range []string{"results-linux-arm64.jsonl", "results-windows-amd64.jsonl", "results-windows-amd64.bench"} {
		if _, err := os.Stat(filepath.Join(reports, "fixture", "raw", "testdata", raw)); err != nil {
			t.Errorf("raw file %s not kept: %v", raw, err)
		}
	}
	if *update {
		if err := os.RemoveAll(golden); err != nil {
			t.Fatal(err)
		}
		for rel, data := range got {
			p := filepath.Join(golden, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	want := map[string]bool{}
	filepath.WalkDir(golden, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(golden, p)
			want[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	for rel, data := range got {
		if !want[rel] {
			t.Errorf("%s generated but not in testdata/golden (run go test -run TestGolden -update)", rel)
			continue
		}
		w, _ := os.ReadFile(filepath.Join(golden, filepath.FromSlash(rel)))
		if !bytes.Equal(comparable(rel, data), comparable(rel, w)) {
			t.Errorf("%s differs from testdata/golden/%s (run go test -run TestGolden -update and review the diff)\n%s", rel, rel, firstDiff(string(w), string(data)))
		}
		delete(want, rel)
	}
	for rel := range want {
		t.Errorf("testdata/golden/%s no longer generated", rel)
	}
}

// svgNumber matches the coordinates of an SVG file.
var svgNumber = regexp.MustCompile(`-?[0-9]+(\.[0-9]+)?`)

// comparable normalises a generated or golden file for comparison: line endings (a Windows checkout may
// turn the golden files' LF into CRLF), and, off amd64, the coordinates of SVG files, which the compiler
// may compute with fused multiply-adds and so differ in their last digits; the elements must still match.
func comparable(name string, data []byte) []byte {
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	if strings.HasSuffix(name, ".svg") && runtime.GOARCH != "amd64" {
		data = svgNumber.ReplaceAll(data, []byte("#"))
	}
	return data
}

// firstDiff shows the first differing line of two texts.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\nwant: " + w + "\ngot:  " + g
		}
	}
	return ""
}

// TestLinks checks that every relative link of the report and of the index points to a file: the
// report's own files, and docs/METHOD.md of this repository.
func TestLinks(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	reports := renderGolden(t)
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	pages := []string{filepath.Join(reports, "README.md")}
	for name := range reportPages(t, filepath.Join(reports, "fixture")) {
		pages = append(pages, filepath.Join(reports, "fixture", name))
	}
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		links := link.FindAllStringSubmatch(string(data), -1)
		if len(links) < 5 && strings.HasSuffix(page, filepath.Join("fixture", "README.md")) {
			t.Errorf("%s: only %d links", page, len(links))
		}
		headings := regexp.MustCompile(`(?m)^#+ (.*)$`).FindAllStringSubmatch(string(data), -1)
		for _, m := range links {
			if frag, ok := strings.CutPrefix(m[1], "#"); ok {
				found := false
				for _, h := range headings {
					found = found || githubAnchor(h[1]) == frag
				}
				if !found {
					t.Errorf("%s: link %s: no such heading", filepath.Base(filepath.Dir(page)), m[1])
				}
				continue
			}
			file, frag, _ := strings.Cut(m[1], "#")
			target := filepath.Join(filepath.Dir(page), filepath.FromSlash(file))
			if rel, ok := strings.CutPrefix(file, RepositoryURL); ok { // the repository's file, online
				target = filepath.Join(repo, filepath.FromSlash(rel))
			} else if rel, err := filepath.Rel(reports, target); err == nil && strings.HasPrefix(rel, "..") {
				// Outside the reports folder, a relative link resolves against the repository the folder sits in.
				target = filepath.Join(repo, strings.TrimPrefix(filepath.ToSlash(rel), "../"))
			}
			if frag != "" {
				data, err := os.ReadFile(target)
				found := false
				for _, h := range regexp.MustCompile(`(?m)^#+ (.*)$`).FindAllStringSubmatch(string(data), -1) {
					found = found || githubAnchor(h[1]) == frag
				}
				if err != nil || !found {
					t.Errorf("%s: link %s: no such heading (%v)", filepath.Base(page), m[1], err)
				}
				continue
			}
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s: link %s: %v", filepath.Base(filepath.Dir(page)), m[1], err)
			}
		}
	}
}
