package report

import (
	"fmt"
	"io"
	"strconv"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// writeWhy writes the counters that explain the times, per platform and backend, one row per variant.
func writeWhy(w io.Writer, m *model) {
	fmt.Fprintf(w, "## Why: page faults, native calls, Go allocations, idle memory\n\n")
	fmt.Fprintf(w, "Medians per operation over the usable samples (page faults with their %s interval); idle "+
		"retained is what idle pooled states hold at the end of the measured region; peak RSS is the process's peak resident set (working set on Windows); split head says whether the "+
		"hash table had its own block (splitalloc splits on Win64 only, unless the plan forces it).\n\n", confidencePct(m.Analysis.Confidence))
	for _, p := range m.Platforms() {
		for _, g := range m.Groups(p) {
			fmt.Fprintf(w, "### %s, backend %s\n\n", p, g.Backend)
			var rows [][]string
			for _, c := range g.Cells {
				for _, v := range c.Variants {
					med := func(mt stats.Metric) string {
						e := v.Metrics[mt.Name]
						if e.Empty() {
							return "-"
						}
						return num(e.Center)
					}
					bytesMed := func(mt stats.Metric) string {
						if e := v.Metrics[mt.Name]; !e.Empty() {
							return bytesNum(e.Center)
						}
						return "-"
					}
					rows = append(rows, []string{c.Workload, strconv.Itoa(c.DOP), c.Phase, v.Name,
						fmt.Sprintf("%d/%d", v.Used, v.Samples), estimateCell(v.Metrics[stats.Faults.Name]),
						med(stats.NativeAllocs), med(stats.NativeFrees), med(stats.NativeResets),
						med(stats.GoBytes), med(stats.GoAllocs), bytesMed(stats.IdleBytes), bytesMed(stats.PeakRSS), splitCell(v.Metrics[stats.Split.Name]), integrityCell(v.Integrity)})
				}
			}
			mdTable(w, []string{"Workload", "DOP", "Phase", "Variant", "Usable", "Faults/op", "Native allocs/op",
				"Native frees/op", "Resets/op", "Go B/op", "Go allocs/op", "Idle retained", "Peak RSS", "Split head", "Failed / mismatched"}, rows)
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

func integrityCell(in stats.Integrity) string {
	if in.Failed == 0 && in.Mismatched == 0 {
		return "0 / 0"
	}
	return fmt.Sprintf("**%d / %d**", in.Failed, in.Mismatched)
}
