package report

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// findingFigure is a figure with its interval as the findings quote it: "+16% [+15, +17]",
// "N = 2 [2, 11]".
var findingFigure = regexp.MustCompile(`([+-]?[0-9][0-9.,]*)%? \[([+-]?[0-9][0-9.,]*)%?, ([+-]?[0-9][0-9.,]*)%?\]`)

// Every figure with an interval that docs/FINDINGS.md quotes ("What that run says"), and any the
// repository README quotes, is printed, with the same digits, on a page of a committed report, or in
// docs/METHOD.md for the runs before them: a reader who opens the page finds the number as quoted.
func TestFindingsAsPrinted(t *testing.T) {
	findingsDoc, err := os.ReadFile(filepath.Join("..", "..", "docs", "FINDINGS.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	start := strings.Index(string(findingsDoc), "## What that run says")
	end := strings.Index(string(findingsDoc), "## Where the figures come from")
	if start < 0 || end < start {
		t.Fatal("docs/FINDINGS.md has no findings section (\"## What that run says\" ... \"## Where the figures come from\")")
	}
	findings := string(findingsDoc[start:end])
	var pages strings.Builder
	files, _ := filepath.Glob(filepath.Join("..", "..", "reports", "*", "*.md")) // every committed report's pages
	files = append(files, filepath.Join("..", "..", "docs", "METHOD.md"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pages.Write(b)
	}
	printed := strings.ReplaceAll(pages.String(), "%", "")
	n := 0
	for doc, text := range map[string]string{"docs/FINDINGS.md": findings, "README.md": string(readme)} {
		for _, m := range findingFigure.FindAllStringSubmatch(text, -1) {
			n++
			if want := m[1] + " [" + m[2] + ", " + m[3] + "]"; !strings.Contains(printed, want) {
				t.Errorf("%s quotes %q; no page of the committed report (nor METHOD.md) prints %q", doc, m[0], want)
			}
		}
	}
	if n == 0 {
		t.Error("docs/FINDINGS.md's findings quote no figure with an interval")
	}
}
