package report

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// findingFigure is a figure with its interval as README's findings quote it: "+16% [+15, +17]",
// "N = 2 [2, 11]".
var findingFigure = regexp.MustCompile(`([+-]?[0-9][0-9.,]*)%? \[([+-]?[0-9][0-9.,]*)%?, ([+-]?[0-9][0-9.,]*)%?\]`)

// Every figure with an interval that the repository README's findings quote ("What that run says") is
// printed, with the same digits, on a page of the committed report it describes, or in docs/METHOD.md for
// the runs before it: a reader who opens the page finds the number as quoted.
func TestReadmeFindingsAsPrinted(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	start := strings.Index(string(readme), "What that run says")
	end := strings.Index(string(readme), "Every run's report is a folder")
	if start < 0 || end < start {
		t.Fatal("README has no findings section (\"What that run says\" ... \"Every run's report is a folder\")")
	}
	findings := string(readme[start:end])
	var pages strings.Builder
	files, _ := filepath.Glob(filepath.Join(exampleReport(t), "*.md"))
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
	for _, m := range findingFigure.FindAllStringSubmatch(findings, -1) {
		n++
		if want := m[1] + " [" + m[2] + ", " + m[3] + "]"; !strings.Contains(printed, want) {
			t.Errorf("README quotes %q; no page of the committed report (nor METHOD.md) prints %q", m[0], want)
		}
	}
	if n == 0 {
		t.Error("README's findings quote no figure with an interval")
	}
}
