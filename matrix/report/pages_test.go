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
	for _, p := range linkedPages() {
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
	for _, p := range linkedPages() {
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

// The page table is consistent: file names, section names and chart prefixes are each on one page, every
// page but the first has a title, and pageLink writes the link to each declared anchor and refuses (panics
// on) a page or heading the table does not hold.
func TestPagesTable(t *testing.T) {
	files, sections, prefixes := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for i, p := range pages {
		if files[p.File] {
			t.Errorf("page %s twice", p.File)
		}
		files[p.File] = true
		if (i == 0) != (p.File == readmeFile) || (p.File != readmeFile) == (p.Title == "" || p.What == "") {
			t.Errorf("page %d %s: the first page is %s, without a title; every other has a title and a line", i, p.File, readmeFile)
		}
		for _, s := range p.Sections {
			if sections[s.Name] {
				t.Errorf("section %s twice", s.Name)
			}
			sections[s.Name] = true
		}
		for _, c := range p.ChartFiles {
			if prefixes[c] {
				t.Errorf("chart prefix %s twice", c)
			}
			prefixes[c] = true
			if chartPage(c+"x.svg") != p.File {
				t.Errorf("chart %sx.svg is on %s, want %s", c, chartPage(c+"x.svg"), p.File)
			}
		}
		for _, a := range p.Anchors {
			if got, want := pageLink(p.File, a), p.File+"#"+githubAnchor(a); got != want {
				t.Errorf("pageLink(%s, %s) = %s, want %s", p.File, a, got, want)
			}
		}
	}
	if got := pageLink(cellsPage, unstableHeading); got != "cells.md#unstable-cells" {
		t.Errorf("pageLink(cells, unstable) = %s", got)
	}
	if got := pageLink("", verdictsHeading); got != "#verdicts" {
		t.Errorf("pageLink on the same page = %s", got)
	}
	for _, bad := range [][2]string{{"nosuch.md", ""}, {"nosuch.md", verdictsHeading}, {cellsPage, verdictsHeading}, {"", "No such heading"}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("pageLink(%q, %q) did not refuse", bad[0], bad[1])
				}
			}()
			pageLink(bad[0], bad[1])
		}()
	}
	if got, want := strings.Join(sectionsIn(inSummary), " "), "title missing run decisions verdict-summary decision-footnotes context aa summary-charts verdicts"; got != want {
		t.Errorf("step summary sections %q, want %q", got, want)
	}
	if got, want := strings.Join(sectionsIn(inEmulated), " "), "title emulated environment"; got != want {
		t.Errorf("emulated-only sections %q, want %q", got, want)
	}
}

// sectionsIn names the sections of every page that are part of l, in page order.
func sectionsIn(l layout) []string {
	var out []string
	for _, p := range pages {
		for _, s := range p.Sections {
			if s.Also&l != 0 {
				out = append(out, s.Name)
			}
		}
	}
	return out
}
