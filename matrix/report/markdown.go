package report

import (
	"fmt"
	"io"
	"strings"
)

// MarkdownTable writes a GitHub markdown table; "|" inside a cell is escaped. The lab commands that
// print markdown (lab compare, lab plan, lab pairnoise, lab aanull) write their tables with it too.
func MarkdownTable(w io.Writer, header []string, rows [][]string) {
	line := func(cells []string) {
		esc := make([]string, len(cells))
		for i, c := range cells {
			esc[i] = strings.ReplaceAll(c, "|", `\|`)
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(esc, " | "))
	}
	line(header)
	sep := make([]string, len(header))
	for i := range sep {
		sep[i] = "---"
	}
	line(sep)
	for _, r := range rows {
		line(r)
	}
	fmt.Fprintln(w)
}

// MarkdownTableCompact is MarkdownTable without the columns that are empty ("" or "-") in every row.
func MarkdownTableCompact(w io.Writer, header []string, rows [][]string) {
	var keep []int
	for i := range header {
		for _, r := range rows {
			if i < len(r) && r[i] != "" && r[i] != "-" {
				keep = append(keep, i)
				break
			}
		}
	}
	pick := func(cells []string) []string {
		out := make([]string, 0, len(keep))
		for _, i := range keep {
			if i < len(cells) {
				out = append(out, cells[i])
			} else {
				out = append(out, "")
			}
		}
		return out
	}
	var rs [][]string
	for _, r := range rows {
		rs = append(rs, pick(r))
	}
	MarkdownTable(w, pick(header), rs)
}

// githubAnchor is the fragment GitHub gives a heading: lower case, spaces to hyphens, punctuation dropped.
func githubAnchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9'):
			b.WriteRune(r)
		}
	}
	return b.String()
}
