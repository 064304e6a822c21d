package report

import (
	"fmt"
	"io"

	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// writeLoad says how busy each platform's machine was while its samples ran.
func writeLoad(w io.Writer, m *model) {
	var rows [][]string
	any := false
	for _, p := range m.Platforms() {
		l := m.Load[p]
		if l == nil {
			continue
		}
		if l.Recorded > 0 {
			any = true
		}
		load, other := "-", "-"
		if l.MaxLoad > 0 {
			load = fixed(l.MaxLoad, 2)
		}
		if l.MaxOther > 0 {
			other = fixed(l.MaxOther, 2)
		}
		rows = append(rows, []string{p, fmt.Sprintf("%d of %d", l.Recorded, l.Samples), load, other, fmt.Sprintf("%d", l.Busy)})
	}
	if !any {
		fmt.Fprintf(w, "**Machine load.** Not recorded: these results predate the load fields (or the OS does not "+
			"report them), so a busy machine cannot be ruled out.\n\n")
		return
	}
	fmt.Fprintf(w, "**Machine load.** For each sample, the processors other processes kept busy during its measured "+
		"region, and on Linux the 1-minute load average just before and after it (recorded, not deciding: it counts "+
		"the sample's own workers). Busy, as everywhere in this report: %s.\n\n", hostresult.BusyDefinition)
	MarkdownTableCompact(w, []string{"Platform", "Samples with a reading", "Highest load average", "Most processors used by others", "Busy samples"}, rows)
}
