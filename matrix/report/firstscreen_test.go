package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxFirstPageLines is the longest a report's README.md may be: the answer, not the appendix.
const maxFirstPageLines = 300

// TestFirstScreenGolden compares the first screens - the golden fixture's step summary, which is the
// first page's top, and the committed example report's first page up to its list of pages - with
// golden files (go test -run TestFirstScreenGolden -update rewrites them), and checks that every first
// page is at most maxFirstPageLines long and opens with the run's context.
func TestFirstScreenGolden(t *testing.T) {
	example := reportPages(t, exampleReport(t))[readmeFile] // before renderGolden changes the directory
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	reports := renderGolden(t)
	summary, err := os.ReadFile(filepath.Join(filepath.Dir(reports), "step-summary.md"))
	if err != nil {
		t.Fatal(err)
	}
	exampleTop, _, ok := strings.Cut(example, "## More")
	if !ok {
		t.Fatalf("example first page has no page list:\n%s", example)
	}
	for _, g := range []struct{ file, got string }{
		{"first-screen.golden.md", string(summary)},
		{"example-first-screen.golden.md", exampleTop},
	} {
		path := filepath.Join(testdata, g.file)
		if *update {
			if err := os.WriteFile(path, []byte(g.got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test -run TestFirstScreenGolden -update)", err)
		}
		if w := strings.ReplaceAll(string(want), "\r\n", "\n"); w != g.got {
			t.Errorf("%s differs (go test -run TestFirstScreenGolden -update and review the diff):\n%s", g.file, firstDiff(w, g.got))
		}
	}
	for name, page := range map[string]string{"golden": reportPages(t, filepath.Join(reports, "fixture"))[readmeFile], "example": example} {
		if n := strings.Count(page, "\n"); n > maxFirstPageLines {
			t.Errorf("%s: README.md has %d lines, more than %d", name, n, maxFirstPageLines)
		}
		for _, want := range []string{"**Ran on** ", "**Backends:** ", "rounds per cell**", "## Verdicts", "![Every cell, "} {
			if !strings.Contains(page, want) {
				t.Errorf("%s: first page lacks %q", name, want)
			}
		}
	}
}
