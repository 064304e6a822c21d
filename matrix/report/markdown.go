package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// mdTable writes a GitHub markdown table; "|" inside a cell is escaped.
func mdTable(w io.Writer, header []string, rows [][]string) {
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

func alphaText(m *model) string { return strconv.FormatFloat(m.Analysis.Alpha, 'g', -1, 64) }

func confidencePct(c float64) string { return strconv.FormatFloat(c*100, 'f', -1, 64) + "%" }

// methodLink is docs/METHOD.md relative to reports/<run>/README.md.
const methodLink = "../../docs/METHOD.md"
