package report

import (
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// throughputMark follows a DOP above the machine's processors in every table and chart label: that
// cell's time per operation is throughput, not one operation's latency.
const throughputMark = "‡"

// processors is the most processors a successful sample of the platform saw; 0 when none said.
func (m *model) processors(platform string) int {
	if l := m.Load[platform]; l != nil {
		return l.Cores
	}
	return 0
}

// oversubscribed reports whether dop runs more workers than the platform's processors.
func (m *model) oversubscribed(platform string, dop int) bool {
	p := m.processors(platform)
	return p > 0 && dop > p
}

// oversubscribedDOPs lists the platform's analysed DOPs above its processors, ascending.
func (m *model) oversubscribedDOPs(platform string) []int {
	var out []int
	for _, c := range m.Analysis.Cells {
		if c.Platform == platform && m.oversubscribed(platform, c.DOP) && !slices.Contains(out, c.DOP) {
			out = append(out, c.DOP)
		}
	}
	slices.Sort(out)
	return out
}

// dopLabel is a DOP as tables print it: "8 ‡" when it exceeds the platform's processors.
func (m *model) dopLabel(platform string, dop int) string {
	if m.oversubscribed(platform, dop) {
		return strconv.Itoa(dop) + " " + throughputMark
	}
	return strconv.Itoa(dop)
}

// cellLabel names a workload at a DOP as charts and verdicts print it: "mixed/8‡" when oversubscribed.
func (m *model) cellLabel(platform, workload string, dop int) string {
	s := fmt.Sprintf("%s/%d", workload, dop)
	if m.oversubscribed(platform, dop) {
		s += throughputMark
	}
	return s
}

// oversubscriptionLine says, for a platform with DOPs above its processors, which they are and what
// their times mean; "" otherwise.
func (m *model) oversubscriptionLine(platform string) string {
	dops := m.oversubscribedDOPs(platform)
	if len(dops) == 0 {
		return ""
	}
	p := m.processors(platform)
	verb := "runs"
	if len(dops) > 1 {
		verb = "run"
	}
	return fmt.Sprintf("**Oversubscribed on %s:** %s; DOP %s %s more workers than that. Their time per operation "+
		"(marked %s) is throughput across the workers, not one operation's latency.",
		platform, plural(p, "processor"), andList(dops), verb, throughputMark)
}

// writeThroughputNote explains the mark under a table that has an oversubscribed DOP of platform.
func writeThroughputNote(w io.Writer, m *model, platform string) {
	if dops := m.oversubscribedDOPs(platform); len(dops) > 0 {
		fmt.Fprintf(w, "%s DOP above the %s: wall time per operation across N workers on %d processors "+
			"(throughput), not one operation's latency.\n\n", throughputMark, plural(m.processors(platform), "processor"), m.processors(platform))
	}
}

// dopCell is a cell's DOP as tables print it: "8 ‡" when the cell ran more workers than processors.
func dopCell(c *stats.Cell) string {
	if c.Oversubscribed() {
		return strconv.Itoa(c.DOP) + " " + throughputMark
	}
	return strconv.Itoa(c.DOP)
}
