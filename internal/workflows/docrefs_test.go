package workflows

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// methodMaxLines bounds docs/METHOD.md (issue 47): the method as it stands; dated investigations go to
// docs/notebook, and METHOD gets a few lines and a link.
const methodMaxLines = 500

var (
	// sectionRef is a reference to a named section: docs/METHOD.md, "Adaptive rounds"; METHOD.md
	// ("Machine load" ...); deflate/BENCHMARKS.md, "..." - in Go source the quotes may be escaped.
	sectionRef = regexp.MustCompile(`(docs/METHOD|METHOD|deflate/BENCHMARKS)\.md,? \(?\\?"([^"\\]+)\\?"`)
	// anchorRef is a link into METHOD by anchor: METHOD.md#duet-pairs, or METHOD.md](%s#duet-pairs).
	anchorRef   = regexp.MustCompile(`METHOD\.md(?:\]\([^)#\s]*)?#([a-z0-9-]+)`)
	heading     = regexp.MustCompile(`(?m)^#{1,6} (.+)$`)
	boldLead    = regexp.MustCompile(`\*\*([^*]+)\*\*`)
	commentJoin = regexp.MustCompile(`\n[ \t]*(//|#)?[ \t]*`)
	notebookRe  = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}-[a-z0-9.+-]+\.md$`)
)

// slug is GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens - as
// matrix/report's githubAnchor (unexported there; kept here so that this test does not link the report),
// with non-ASCII letters kept as GitHub keeps them.
func slug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// sections are the names a reference may use: every heading and every bold paragraph lead.
func sections(text string) (names []string, anchors []string) {
	for _, m := range heading.FindAllStringSubmatch(fence.ReplaceAllString(text, ""), -1) {
		names = append(names, m[1])
		anchors = append(anchors, slug(m[1]))
	}
	for _, m := range boldLead.FindAllStringSubmatch(text, -1) {
		names = append(names, m[1])
	}
	return names, anchors
}

// refProblems lists the section references and anchors in text (of file) that name nothing in
// targets (by the doc a reference names: "METHOD" or "deflate/BENCHMARKS").
func refProblems(file, text string, names map[string][]string, anchors []string) []string {
	var problems []string
	flat := commentJoin.ReplaceAllString(text, " ")
	for _, m := range sectionRef.FindAllStringSubmatch(flat, -1) {
		doc := strings.TrimPrefix(m[1], "docs/")
		want := strings.TrimRight(m[2], ".,;: ")
		if !slices.ContainsFunc(names[doc], func(n string) bool {
			return strings.HasPrefix(strings.ToLower(n), strings.ToLower(want))
		}) {
			problems = append(problems, file+": refers to "+doc+".md, \""+want+"\", which is no heading or bold lead there")
		}
	}
	for _, m := range anchorRef.FindAllStringSubmatch(text, -1) {
		if strings.HasSuffix(file, "_test.go") {
			break // a test's links are its fixtures' (METHOD.md#x)
		}
		if !slices.Contains(anchors, m[1]) {
			problems = append(problems, file+": links METHOD.md#"+m[1]+", which is no heading there")
		}
	}
	return problems
}

// TestDocSectionRefsResolve holds every reference to a section of docs/METHOD.md or
// deflate/BENCHMARKS.md - in the docs, the code's comments and strings, the workflows and the committed
// reports' links - to a heading or bold lead that is there, so that moving a section to the notebook
// leaves no reference behind. The notebooks record history and are not checked.
func TestDocSectionRefsResolve(t *testing.T) {
	names := map[string][]string{}
	method, methodAnchors := sections(read(t, "docs/METHOD.md"))
	names["METHOD"] = method
	names["deflate/BENCHMARKS"], _ = sections(read(t, "deflate/BENCHMARKS.md"))
	refs := 0
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if e.IsDir() {
			if path != root && strings.HasPrefix(e.Name(), ".") && rel != ".github" || slices.Contains([]string{"docs/notebook", "deflate/notes", "results", "bin", "reports-local"}, rel) {
				return filepath.SkipDir
			}
			return nil
		}
		if ext := filepath.Ext(rel); ext != ".go" && ext != ".md" && ext != ".yml" || rel == "docs/METHOD.md" || rel == "internal/workflows/docrefs_test.go" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		text := string(b)
		refs += len(sectionRef.FindAllString(commentJoin.ReplaceAllString(text, " "), -1)) + len(anchorRef.FindAllString(text, -1))
		for _, p := range refProblems(rel, text, names, methodAnchors) {
			t.Error(p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if refs < 30 {
		t.Errorf("found %d section references: the pattern no longer matches the tree's", refs)
	}
}

func TestRefProblems(t *testing.T) {
	names := map[string][]string{"METHOD": {"Adaptive rounds", "Machine load.", "The zlib-ng generation"}}
	anchors := []string{"duet-pairs"}
	for _, tt := range []struct {
		text string
		bad  bool
	}{
		{`see docs/METHOD.md, "Adaptive rounds".`, false},
		{"// (docs/METHOD.md, \"The zlib-ng\n// generation\")", false},
		{`METHOD.md ("Machine load": the rule)`, false},
		{`fmt.Sprintf("METHOD.md, \"Adaptive rounds\"")`, false},
		{`docs/METHOD.md, "Rendering time"`, true},
		{`[x](../../docs/METHOD.md#duet-pairs)`, false},
		{`[x](%s#variance-components)`, false}, // not a METHOD link
		{`[METHOD.md](%s#variance-components)`, true},
		{`var link = "[METHOD.md](%s#x)"`, true},
	} {
		if p := refProblems("f", tt.text, names, anchors); (len(p) > 0) != tt.bad {
			t.Errorf("%q: problems %q, want some: %v", tt.text, p, tt.bad)
		}
	}
	if s := slug("The +161%: two speeds of the pooled variant"); s != "the-161-two-speeds-of-the-pooled-variant" {
		t.Errorf("slug = %q", s)
	}
}

// TestMethodAndNotebook holds the method's length and the notebook's shape: METHOD at most
// methodMaxLines lines; every notebook entry named YYYY-MM-DD-topic.md (its date), opening with its
// title, and listed in docs/notebook/README.md; deflate/BENCHMARKS.md lists every note of its own.
func TestMethodAndNotebook(t *testing.T) {
	if n := strings.Count(read(t, "docs/METHOD.md"), "\n"); n > methodMaxLines {
		t.Errorf("docs/METHOD.md has %d lines, at most %d: move a dated investigation to docs/notebook and link it", n, methodMaxLines)
	}
	for _, nb := range []struct{ dir, index string }{{"docs/notebook", "docs/notebook/README.md"}, {"deflate/notes", "deflate/BENCHMARKS.md"}} {
		index := read(t, nb.index)
		entries, err := os.ReadDir(filepath.Join(root, nb.dir))
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) < 10 {
			t.Errorf("%s holds %d entries", nb.dir, len(entries))
		}
		for _, e := range entries {
			if e.Name() == "README.md" {
				continue
			}
			if !notebookRe.MatchString(e.Name()) {
				t.Errorf("%s/%s: a notebook entry is named YYYY-MM-DD-topic.md", nb.dir, e.Name())
				continue
			}
			if text := read(t, nb.dir+"/"+e.Name()); !strings.HasPrefix(text, "# ") {
				t.Errorf("%s/%s: does not open with its title (# ...)", nb.dir, e.Name())
			}
			link := e.Name()
			if nb.dir == "deflate/notes" {
				link = "notes/" + link
			}
			if !strings.Contains(index, "]("+link+")") {
				t.Errorf("%s does not link %s", nb.index, link)
			}
		}
	}
}
