package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// reportText is a report folder's pages joined in reading order - README.md, then the linked pages in
// the order the first page lists them - with CRLF line endings made LF. An older report, a single
// README.md, reads as itself.
func reportText(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, readmeFile))
	if err != nil {
		t.Fatal(err)
	}
	parts := []string{string(data)}
	for _, p := range pageTitles {
		if b, err := os.ReadFile(filepath.Join(dir, p.File)); err == nil {
			parts = append(parts, string(b))
		}
	}
	return strings.ReplaceAll(strings.Join(parts, "\n"), "\r\n", "\n")
}

// reportPages are a report folder's markdown pages by file name.
func reportPages(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, name := range append([]string{readmeFile}, pageFiles()...) {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err == nil {
			out[name] = strings.ReplaceAll(string(b), "\r\n", "\n")
		}
	}
	if out[readmeFile] == "" {
		t.Fatalf("%s: no %s", dir, readmeFile)
	}
	return out
}

func pageFiles() []string {
	var out []string
	for _, p := range pageTitles {
		out = append(out, p.File)
	}
	return out
}

// Every chart of a report is shown on a page, and every linked page opens with the first page's context
// lines (after its heading and the line back to the first page).
func TestPagesShowChartsAndContext(t *testing.T) {
	dir := filepath.Join(renderGolden(t), "fixture")
	pages := reportPages(t, dir)
	if len(pages) < 5 {
		t.Fatalf("%d pages", len(pages))
	}
	context := pages[readmeFile][strings.Index(pages[readmeFile], "- **Ran on**"):]
	context = context[:strings.Index(context, "\n\n")]
	all := ""
	for name, p := range pages {
		all += p
		if name != readmeFile && !strings.Contains(p, "](README.md) · ") || !strings.Contains(p, context) {
			t.Errorf("%s does not open with the link back and the context lines", name)
		}
	}
	svgs, _ := filepath.Glob(filepath.Join(dir, "*.svg"))
	if len(svgs) == 0 {
		t.Fatal("no charts")
	}
	for _, svg := range svgs {
		if !strings.Contains(all, "]("+filepath.Base(svg)+")") {
			t.Errorf("chart %s is on no page", filepath.Base(svg))
		}
	}
}
