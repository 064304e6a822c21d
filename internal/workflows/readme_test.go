package workflows

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The README is a newcomer's first page: under 150 lines, the two commands in its first 40, the first
// screen's picture, and links to the method, the architecture, the findings and the committed reports
// (issue 37 item 8). Every relative link of it and of the docs it hands over to resolves.
func TestReadmeShape(t *testing.T) {
	readme := read(t, "README.md")
	lines := strings.Split(strings.TrimSuffix(readme, "\n"), "\n")
	if len(lines) >= 150 {
		t.Errorf("README.md has %d lines, want under 150 (the rest belongs in docs/)", len(lines))
	}
	head := strings.Join(lines[:min(40, len(lines))], "\n")
	for _, cmd := range []string{"\ngo tool mage matrix", "\ngo test ./..."} {
		if !strings.Contains(head, cmd) {
			t.Errorf("README.md's first 40 lines do not start a line with %q", strings.TrimPrefix(cmd, "\n"))
		}
	}
	for _, link := range []string{"(docs/first-screen.png)", "(docs/METHOD.md)", "(docs/ARCHITECTURE.md)", "(docs/FINDINGS.md)", "(reports/README.md)"} {
		if !strings.Contains(readme, link) {
			t.Errorf("README.md does not link %s", link)
		}
	}
}

// markdownLink is a markdown link or image target.
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

func TestDocsLinksResolve(t *testing.T) {
	docs := []string{"README.md", "docs/FINDINGS.md", "docs/USAGE.md", "docs/ARCHITECTURE.md", "docs/METHOD.md", "deflate/BENCHMARKS.md"}
	for _, dir := range []string{"docs/notebook", "deflate/notes"} { // the notebooks and their index
		files, _ := filepath.Glob(filepath.Join(root, dir, "*.md"))
		for _, f := range files {
			docs = append(docs, dir+"/"+filepath.Base(f))
		}
	}
	for _, doc := range docs {
		for _, m := range markdownLink.FindAllStringSubmatch(read(t, doc), -1) {
			target, _, _ := strings.Cut(m[1], "#")
			if target == "" || strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			if _, err := os.Stat(filepath.Join(root, filepath.Dir(doc), filepath.FromSlash(target))); err != nil {
				t.Errorf("%s links %s, which does not resolve: %v", doc, m[1], err)
			}
		}
	}
}
