package report

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
)

// renderPages writes every page of the report in layout l: the linked pages first (a page whose
// sections write nothing is left out, and the first page does not link it), then readmeFile.
func renderPages(m *model, l layout) map[string][]byte {
	out := map[string][]byte{}
	m.Pages = nil
	for _, p := range linkedPages() {
		var body bytes.Buffer
		writeSections(&body, m, l, p.File)
		if body.Len() == 0 {
			continue
		}
		var page bytes.Buffer
		writePageHead(&page, m, p.Title)
		page.Write(body.Bytes())
		out[p.File] = page.Bytes()
		m.Pages = append(m.Pages, p.File)
	}
	var readme bytes.Buffer
	writeSections(&readme, m, l, readmeFile)
	out[readmeFile] = readme.Bytes()
	return out
}

// writePageHead opens a linked page: the report's title and this page's, the way back, and the same
// context lines as the first page, so that a reader who lands on any page knows what was run.
func writePageHead(w io.Writer, m *model, title string) {
	fmt.Fprintf(w, "# %s\n\n", title)
	fmt.Fprintf(w, "[%s](%s) · %s · run `%s`\n\n", m.Title, readmeFile, m.Date.UTC().Format("2006-01-02 15:04 UTC"), m.Name)
	writeContext(w, m)
}

// writePageIndex links the pages that follow the first one.
func writePageIndex(w io.Writer, m *model) {
	if len(m.Pages) == 0 {
		return
	}
	fmt.Fprintf(w, "## More\n\n")
	for _, p := range linkedPages() {
		if slices.Contains(m.Pages, p.File) {
			fmt.Fprintf(w, "- [%s](%s): %s\n", p.Title, p.File, p.What)
		}
	}
	fmt.Fprintln(w)
}

// writeChartsOf returns the writer of one page's charts: each with its title, its own caption and the image.
func writeChartsOf(page string) func(io.Writer, *model) {
	return func(w io.Writer, m *model) {
		var cs []chart
		for _, c := range m.Charts {
			if chartPage(c.File) == page {
				cs = append(cs, c)
			}
		}
		if len(cs) == 0 {
			return
		}
		if page != readmeFile {
			fmt.Fprintf(w, "## Charts\n\n")
		}
		if m.StepSummary { // a step summary cannot show the report folder's images: name them instead
			var files []string
			for _, c := range cs {
				files = append(files, "`"+c.File+"`")
			}
			fmt.Fprintf(w, "Charts (in the report folder `%s/%s/`, the run's artifact): %s.\n\n", m.Out, m.Name, strings.Join(files, ", "))
			return
		}
		for _, c := range cs { // the image first, so that the first screen shows it; its caption under it
			fmt.Fprintf(w, "![%s](%s)\n\n**%s.** %s\n\n", c.Title, c.File, c.Title, c.Caption)
		}
	}
}
