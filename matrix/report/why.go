package report

import (
	"fmt"
	"io"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// writeWhy writes the counters that explain the times, per platform and backend, one row per cell and
// variant, in two tables narrow enough for one page: faults and allocations, then memory.
func writeWhy(w io.Writer, m *model) {
	fmt.Fprintf(w, "## Why: page faults, allocations, memory\n\n")
	fmt.Fprintf(w, "Exploratory, like every figure of this page: these explain the elapsed times, they decide nothing. "+
		"Medians per operation over the usable samples (page faults with their %s interval). Usable: "+
		"samples in the statistics of the total. Idle retained is what idle pooled states hold at the end of the "+
		"measured region; peak RSS is the process's peak resident set (working set on Windows); split head says "+
		"whether the hash table had its own block (splitalloc splits on Win64 only, unless the plan forces it).\n\n",
		pctExact(m.Analysis.Confidence))
	for _, p := range m.Platforms() {
		for _, g := range m.Groups(p) {
			var counts, memory [][]string
			for _, c := range g.Cells {
				for _, v := range c.Variants {
					med := func(mt stats.Metric) string {
						if e := v.Metrics[mt.Name]; !e.Empty() {
							return num(e.Center)
						}
						return "-"
					}
					bytesMed := func(mt stats.Metric) string {
						if e := v.Metrics[mt.Name]; !e.Empty() {
							return bytesNum(e.Center)
						}
						return "-"
					}
					id := []string{c.Workload, dopCell(c), c.Phase, v.Name}
					counts = append(counts, append(id[:4:4], fmt.Sprintf("%d/%d", v.Used, v.Samples),
						estimateCell(v.Metrics[stats.Faults.Name]), med(stats.NativeAllocs), med(stats.NativeFrees),
						med(stats.NativeResets), med(stats.GoAllocs)))
					memory = append(memory, append(id[:4:4], bytesMed(stats.GoBytes), bytesMed(stats.IdleBytes),
						bytesMed(stats.PeakRSS), splitCell(v.Metrics[stats.Split.Name])))
				}
			}
			fmt.Fprintf(w, "### %s, backend %s: faults and allocations\n\n", p, g.Backend)
			MarkdownTableCompact(w, []string{"Workload", "DOP", "Phase", "Variant", "Usable", "Faults/op [95% CI]",
				"Native allocs/op", "Native frees/op", "Resets/op", "Go allocs/op"}, counts)
			fmt.Fprintf(w, "### %s, backend %s: memory\n\n", p, g.Backend)
			MarkdownTableCompact(w, []string{"Workload", "DOP", "Phase", "Variant", "Go heap/op", "Idle retained",
				"Peak RSS", "Split head"}, memory)
		}
	}
}

// splitCell says whether the split-head layout was active in every, no, or some usable sample.
func splitCell(e stats.Estimate) string {
	switch {
	case e.Empty():
		return "-"
	case e.Values[0] == 1:
		return "yes"
	case e.Values[e.N-1] == 0:
		return "no"
	}
	return "in some samples"
}
