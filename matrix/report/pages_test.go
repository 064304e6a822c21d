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
