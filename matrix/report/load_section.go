package report

import (
	"fmt"
	"io"
	"strconv"
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
		peak := "-"
		switch {
		case l.MaxLoad > 0:
			peak = "load average " + strconv.FormatFloat(l.MaxLoad, 'f', 2, 64)
		case l.MaxOther > 0:
			peak = "other processes " + strconv.FormatFloat(l.MaxOther, 'f', 2, 64) + " processors"
		}
		rows = append(rows, []string{p, fmt.Sprintf("%d of %d", l.Recorded, l.Samples), peak, fmt.Sprintf("%d", l.Busy)})
	}
	if !any {
		fmt.Fprintf(w, "**Machine load.** Not recorded: these results predate the load fields (or the OS does not "+
			"report them), so a busy machine cannot be ruled out.\n\n")
		return
	}
	fmt.Fprintf(w, "**Machine load.** Linux: the 1-minute load average just before and after each sample's "+
		"measured region; Windows: the processors other processes kept busy during it. A sample is busy when "+
		"the load average exceeds the core count, or other processes kept at least one processor busy.\n\n")
	mdTableCompact(w, []string{"Platform", "Samples with a reading", "Highest", "Busy samples"}, rows)
}
