package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// counterColumn is one column of the mechanism-counter tables: the metric, its heading, the factor from
// the metric's unit to the heading's, and why a sample may lack it (said when no row of a table has it).
type counterColumn struct {
	Metric  stats.Metric
	Heading string
	Scale   float64
	Absent  string
}

// The two tables: where the processor time went, and how the scheduler moved the work.
var (
	processorColumns = []counterColumn{
		{stats.CPUPerOp, "CPU µs/op", 1e-3, "not read"},
		{stats.BusyProcessors, "Busy processors", 1, "not read"},
		{stats.StealPerOp, "Steal ns/op", 1, "Linux only"},
		{stats.Cycles, "Cycles/op", 1, "Windows only; wine's QueryProcessCycleTime is a stub"},
	}
	schedulingColumns = []counterColumn{
		{stats.VolCtxSw, "Voluntary ctx sw/op", 1, "Windows gives no per-process count"},
		{stats.InvolCtxSw, "Involuntary ctx sw/op", 1, "Windows gives no per-process count"},
		{stats.CPUChanges, "Processor changes/op", 1, "this OS cannot say which processor ran an operation"},
		{stats.Handoffs, "State handoffs/op", 1, "variants with a pool only"},
	}
)

// notAvailable marks a counter a sample set lacks: absent, which is not 0.
const notAvailable = "n/a"

// writeWhyCounters writes the mechanism counters per platform and backend, one row per cell and variant,
// each a median per operation with its interval; counters no sample of a table has are named instead of
// shown as a column of blanks.
func writeWhyCounters(w io.Writer, m *model) {
	fmt.Fprintf(w, "## Why: processor time and scheduling\n\n")
	fmt.Fprintf(w, "Exploratory: what the machine did while the operations ran (the mechanism counters, defined under Metrics in [docs/METHOD.md](%s)): "+
		"medians per operation over the usable samples with their %s interval. CPU is the process's user + system "+
		"time; busy processors is CPU time over elapsed time (below the DOP, workers waited); steal is time the "+
		"hypervisor gave the machine's processors to others, summed over all of them; a processor change is an "+
		"operation that ran on another processor than its worker's previous one; a state handoff is a pooled "+
		"operation whose state last ran on another processor. %s: not available in those samples (the OS cannot "+
		"give the counter, the variant has no pool, or the results predate the counters) - never 0.\n\n",
		m.MethodLink, pctExact(m.Analysis.Confidence), notAvailable)
	for _, p := range m.Platforms() {
		for _, g := range m.Groups(p) {
			if !hasCounters(g) {
				fmt.Fprintf(w, "### %s, backend %s\n\nNot available: no sample of these results has the mechanism counters "+
					"(they were recorded before the hosts measured them).\n\n", g.Platform, g.Backend)
				continue
			}
			writeCounterTable(w, g, "processor time", processorColumns)
			writeCounterTable(w, g, "scheduling", schedulingColumns)
		}
	}
}

// hasCounters reports whether any usable sample of the group has a mechanism counter.
func hasCounters(g group) bool {
	for _, c := range g.Cells {
		for _, v := range c.Variants {
			for _, mt := range stats.CounterMetrics {
				if !v.Metrics[mt.Name].Empty() {
					return true
				}
			}
		}
	}
	return false
}

// writeCounterTable writes one group's table of cols, or a sentence when no sample has any of them.
func writeCounterTable(w io.Writer, g group, title string, cols []counterColumn) {
	fmt.Fprintf(w, "### %s, backend %s: %s\n\n", g.Platform, g.Backend, title)
	present := make([]bool, len(cols))
	var rows [][]string
	for _, c := range g.Cells {
		for _, v := range c.Variants {
			row := []string{c.Workload, strconv.Itoa(c.DOP), c.Phase, v.Name}
			for i, col := range cols {
				e := v.Metrics[col.Metric.Name]
				if e.Empty() {
					row = append(row, notAvailable)
					continue
				}
				present[i] = true
				row = append(row, estimateCell(scaled(e, col.Scale)))
			}
			rows = append(rows, row)
		}
	}
	header := []string{"Workload", "DOP", "Phase", "Variant"}
	keep := []int{0, 1, 2, 3}
	var absent []string
	for i, col := range cols {
		if present[i] {
			header = append(header, col.Heading+" [CI]")
			keep = append(keep, 4+i)
		} else {
			absent = append(absent, fmt.Sprintf("%s (%s)", col.Heading, col.Absent))
		}
	}
	if len(keep) == 4 {
		fmt.Fprintf(w, "Not available in these results: %s.\n\n", strings.Join(absent, ", "))
		return
	}
	for i, r := range rows {
		picked := make([]string, 0, len(keep))
		for _, k := range keep {
			picked = append(picked, r[k])
		}
		rows[i] = picked
	}
	MarkdownTableCompact(w, header, rows)
	if len(absent) > 0 {
		fmt.Fprintf(w, "Not available in these results: %s.\n\n", strings.Join(absent, ", "))
	}
}
