package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// lab report refuses to replace a report folder unless -force, and the links to the method of the
// reports index and of every page resolve wherever -out points: relative inside a checkout, the
// repository's URL outside one (issue 37 item 7).
func TestReportRefusesToReplaceAndLinksResolve(t *testing.T) {
	reports := renderGolden(t) // into a folder outside any checkout
	opts := Options{In: []string{filepath.Join(reports, "fixture", "raw", "testdata")}, Out: reports, Name: "fixture", Date: goldenDate}
	before, _ := os.ReadFile(filepath.Join(reports, "fixture", "README.md"))
	if _, err := Render(opts); err == nil || !strings.Contains(err.Error(), "-force") {
		t.Fatalf("a second report into the same folder: %v, want a refusal naming -force", err)
	}
	if after, _ := os.ReadFile(filepath.Join(reports, "fixture", "README.md")); string(after) != string(before) {
		t.Error("the refused report changed the folder")
	}
	opts.Force = true
	if _, err := Render(opts); err != nil {
		t.Fatalf("-force: %v", err)
	}
	index, _ := os.ReadFile(filepath.Join(reports, "README.md"))
	env, _ := os.ReadFile(filepath.Join(reports, "fixture", environmentPage))
	if !strings.Contains(string(index), "("+RepositoryURL+"docs/METHOD.md)") || !strings.Contains(string(env), "("+RepositoryURL+"docs/METHOD.md)") {
		t.Errorf("an index or page outside a checkout does not link the repository's METHOD.md:\n%s", index)
	}

	// Inside a checkout, two folders deep: the relative link reaches the checkout's docs.
	checkout := t.TempDir()
	os.WriteFile(filepath.Join(checkout, "go.mod"), []byte("module x\n"), 0o644)
	os.MkdirAll(filepath.Join(checkout, "docs"), 0o755)
	os.WriteFile(filepath.Join(checkout, "docs", "METHOD.md"), []byte("# Method\n"), 0o644)
	out := filepath.Join(checkout, "a", "reports")
	opts.Out, opts.Force = out, false
	if _, err := Render(opts); err != nil {
		t.Fatal(err)
	}
	index, _ = os.ReadFile(filepath.Join(out, "README.md"))
	env, _ = os.ReadFile(filepath.Join(out, "fixture", environmentPage))
	if !strings.Contains(string(index), "(../../docs/METHOD.md)") || !strings.Contains(string(env), "(../../../docs/METHOD.md)") {
		t.Errorf("an index (or its report's page) two folders inside a checkout does not link ../../docs/METHOD.md (../../../ from the page):\n%s", index)
	}
}
