package report

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// analysed is the model Render would lay out for opts, computed without writing anything: a test of what
// one section says reads it through that section's writer (sectionText) instead of a rendered folder.
func analysed(t *testing.T, opts Options) *model {
	t.Helper()
	m, err := analyse(opts)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// withCharts gives m the charts write would draw, which the chart sections show; only the tests of those
// sections pay for drawing them.
func withCharts(t *testing.T, m *model) *model {
	t.Helper()
	if err := drawCharts(m); err != nil {
		t.Fatal(err)
	}
	return m
}

// findSection is the section called name on any page, and its page's file; section names are unique
// across pages (TestSectionNamesUnique).
func findSection(name string) (file string, s section, ok bool) {
	for _, p := range pages {
		for _, s := range p.Sections {
			if s.Name == name {
				return p.File, s, true
			}
		}
	}
	return "", section{}, false
}

// sectionText is what the named sections write for m, in the order named.
func sectionText(t *testing.T, m *model, names ...string) string {
	t.Helper()
	var b strings.Builder
	for _, name := range names {
		_, s, ok := findSection(name)
		if !ok {
			t.Fatalf("no section %q in the layout (layout.go)", name)
		}
		s.Write(&b, m)
	}
	return b.String()
}

// pageBody is what page file's sections write for m in the full layout: the page without its head
// (writePageHead).
func pageBody(m *model, file string) string {
	var b strings.Builder
	writeSections(&b, m, full, file)
	return b.String()
}

// laidOut is every page write would put in the report folder for opts, by file name, laid out in memory
// (renderPages in the model's layout, with its charts drawn) and written nowhere: for a test of what the
// pages say, not of the folder Render leaves (refusal, atomic replacement, raw files, cells.json, the
// index and the step summary stay with Render's own tests).
func laidOut(t *testing.T, opts Options) map[string]string {
	t.Helper()
	return pagesOf(withCharts(t, analysed(t, opts)))
}

// pagesOf is every page of m, laidOut's for a test that also reads the model (its charts, say).
func pagesOf(m *model) map[string]string {
	out := map[string]string{}
	for file, data := range renderPages(m, pageLayout(m)) {
		out[file] = string(data)
	}
	return out
}

// allText is laid-out pages joined as reportText joins a folder's: the first page, then the linked pages
// in order.
func allText(pages map[string]string) string {
	parts := []string{pages[readmeFile]}
	for _, p := range linkedPages() {
		if text, ok := pages[p.File]; ok {
			parts = append(parts, text)
		}
	}
	return strings.Join(parts, "\n")
}

// TestSectionNamesUnique: findSection, and the golden files' names, take a section's name to say which
// section it is.
func TestSectionNamesUnique(t *testing.T) {
	seen := map[string]string{}
	for _, p := range pages {
		for _, s := range p.Sections {
			if other, ok := seen[s.Name]; ok {
				t.Errorf("section %q on both %s and %s", s.Name, other, p.File)
			}
			seen[s.Name] = p.File
		}
	}
}

// sectionScenarios are the inputs whose every section has a golden file under
// testdata/sections/<name>: the hand-made fixture TestGolden renders whole, and the generated
// inputs other tests build for the sections the fixture leaves empty. Each sets Date, so that no golden
// file depends on when its input was written; In is absolute, for TestSectionGolden writes from a
// temporary folder.
var sectionScenarios = []struct {
	name string
	opts func(t *testing.T) Options
}{
	{"fixture", func(t *testing.T) Options {
		testdata, err := filepath.Abs("testdata")
		if err != nil {
			t.Fatal(err)
		}
		return Options{In: []string{testdata}, Name: "fixture", Date: goldenDate}
	}},
	// Timelines and pool capacities of known shapes: the cold-start, capacity and lifetime sections.
	{"coldstart", func(t *testing.T) Options {
		return Options{In: []string{coldStartFixture(t)}, Name: "cold", Date: goldenDate}
	}},
	// Oversubscription, an A/A control and an unstable cell: the validity sections' marks and lists.
	{"validity", func(t *testing.T) Options {
		return Options{In: []string{writeResults(t, validitySamples(1))}, Name: "v", Date: goldenDate}
	}},
	// Emulated runs alone: the emulated layout (pageLayout), whose sections must say there is no verdict.
	{"emulated-only", func(t *testing.T) Options {
		return Options{In: []string{emulatedOnlyRun(t)}, Name: "emu", Date: goldenDate}
	}},
	// Control alone: every comparison's section with no candidate to compare.
	{"control-only", func(t *testing.T) Options {
		return Options{In: []string{writeResults(t, controlOnlySamples())}, Name: "x", Date: goldenDate}
	}},
}

// unsafeName matches what a golden file's name does not keep of a page's file or a section's name.
var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_-]+`)

// sectionGoldenName is the golden file of page file's section name: <page>-<section>.md.
func sectionGoldenName(file, name string) string {
	return unsafeName.ReplaceAllString(strings.TrimSuffix(file, ".md"), "_") + "-" + unsafeName.ReplaceAllString(name, "_") + ".md"
}

// TestSectionGolden writes every section of every page, one at a time, for each scenario and compares
// each with its file under testdata/sections (go test -run TestSectionGolden -update rewrites them; not
// under testdata/golden, which TestGolden owns and rewrites whole). A change to one section then shows as
// one file's diff, whatever page it sits on. A section that writes nothing has no file, so a section that
// goes silent, or starts to speak, shows too.
func TestSectionGolden(t *testing.T) {
	for _, sc := range sectionScenarios {
		t.Run(sc.name, func(t *testing.T) {
			dir, err := filepath.Abs(filepath.Join("testdata", "sections", sc.name))
			if err != nil {
				t.Fatal(err)
			}
			opts := sc.opts(t)
			// As renderGolden: the reproducing command (environment.md) names the output folder, and the
			// docs links are relative inside a checkout (docsLink); a relative Out in a temporary folder
			// keeps both the same on every machine.
			t.Chdir(t.TempDir())
			opts.Out = "reports"
			m := withCharts(t, analysed(t, opts))
			l := pageLayout(m)
			renderPages(m, l) // sets m.Pages, which the first page's index lists, as write does
			got := map[string][]byte{}
			for _, p := range pages {
				for _, s := range p.Sections {
					if l != full && s.Also&l == 0 {
						continue // not in this layout: write does not call it, and it need not cope
					}
					var b bytes.Buffer
					s.Write(&b, m)
					if b.Len() > 0 {
						got[sectionGoldenName(p.File, s.Name)] = b.Bytes()
					}
				}
			}
			if *update {
				if err := os.RemoveAll(dir); err != nil {
					t.Fatal(err)
				}
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				for name, data := range got {
					if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			files, err := os.ReadDir(dir)
			if err != nil {
				t.Fatalf("%v (run go test -run TestSectionGolden -update)", err)
			}
			for _, f := range files {
				want, _ := os.ReadFile(filepath.Join(dir, f.Name()))
				data, ok := got[f.Name()]
				switch {
				case !ok:
					t.Errorf("%s/%s: the section writes nothing now", dir, f.Name())
				case !bytes.Equal(comparable(f.Name(), data), comparable(f.Name(), want)):
					t.Errorf("%s/%s differs (run go test -run TestSectionGolden -update and review the diff)\n%s", dir, f.Name(), firstDiff(string(want), string(data)))
				}
				delete(got, f.Name())
			}
			for name := range got {
				t.Errorf("%s/%s: the section writes something, but there is no golden file (run go test -run TestSectionGolden -update)", dir, name)
			}
		})
	}
}
