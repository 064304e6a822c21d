package report

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// validityHeading heads writeValidityChecks's section, which the first page's flags link.
const validityHeading = "Validity checks"

// writeValidityChecks is the environment page's account of the measurement's own validity
// (stats.Validity): the power gate, the candidates that are one treatment, which DOPs measure latency,
// the harness's cost and the cells whose two time measures disagree. The first page flags what fails.
func writeValidityChecks(w io.Writer, m *model) {
	v := m.Validity
	if v == nil {
		return
	}
	fmt.Fprintf(w, "## %s\n\n", validityHeading)
	p := v.Power
	switch p.Basis {
	case "aa":
		fmt.Fprintf(w, "- **Power:** %s, against the %s%% a verdict is meant to name (twice the ±%s equivalence margin; "+
			"[Smallest detectable change](%s)): %s. The A/A control's adjusted elapsed-time intervals are %s "+
			"points wide at the median (widest %s, %s cells; %s at 95%%).", detectableWords(p), pctNum(p.Needed()), pctNum(p.Margin*100)+"%", pageLink("", detectableHeading),
			powerWord(p), pctNum(p.AAWidth), pctNum(p.AAMaxWidth), fmt.Sprint(p.AACells), pctNum(p.AAWidth95))
		if len(p.AAUnstable) > 0 {
			var cells []string
			for _, c := range p.AAUnstable {
				cells = append(cells, fmt.Sprintf("%s %s/%d %s", c.Backend, c.Workload, c.DOP, c.Phase))
			}
			fmt.Fprintf(w, " A/A cells that ran at two speeds: %s.", strings.Join(cells, ", "))
		}
		fmt.Fprintln(w)
	case "family":
		fmt.Fprintf(w, "- **Power:** %s, against the %s%% a verdict is meant to name (twice the ±%s equivalence margin): %s. "+
			"No A/A control; the elapsed-time family's adjusted intervals are %s points wide at the median.\n", detectableWords(p),
			pctNum(p.Needed()), pctNum(p.Margin*100)+"%", powerWord(p), pctNum(p.FamilyWidth))
	}
	for _, g := range v.DOPs {
		if g.Processors == 0 {
			continue
		}
		fmt.Fprintf(w, "- **%s, %s:** DOP %s: one operation's latency", g.Platform, plural(g.Processors, "processor"), andList(g.Latency))
		if len(g.Throughput) > 0 {
			fmt.Fprintf(w, "; DOP %s: throughput under contention, one group, counted once in the verdicts", andList(g.Throughput))
		}
		fmt.Fprintln(w, ".")
	}
	if len(v.SameTreatment) > 0 {
		groups := map[string][]string{}
		var order []string
		for _, s := range v.SameTreatment {
			k := strings.Join(s.Candidates, ", ")
			if groups[k] == nil {
				order = append(order, k)
			}
			groups[k] = append(groups[k], fmt.Sprintf("%s %s/%d %s", s.Cell.Backend, s.Cell.Workload, s.Cell.DOP, s.Cell.Phase))
		}
		fmt.Fprintf(w, "- **Same treatment** (never ranked against each other; a pool evicts only when more states live than its "+
			"capacity, and a cell's processes hold at most configurations x DOP):")
		var parts []string
		for _, k := range order {
			parts = append(parts, fmt.Sprintf("%s in %s", k, strings.Join(groups[k], ", ")))
		}
		fmt.Fprintf(w, " %s.\n", strings.Join(parts, "; "))
	}
	for _, h := range v.Harness {
		if math.IsNaN(h.Share) {
			continue
		}
		warn := "below"
		if h.Warn {
			warn = "**above**"
		}
		fmt.Fprintf(w, "- **Harness overhead** (run %s): %s ns per operation, %s of the fastest operation, %s the %s%% limit.\n",
			h.Run, num(h.NsPerOp), pctShare(h.Share, 2), warn, pctNum(100*stats.HarnessWarnShare))
	}
	if len(v.Disagreements) == 0 {
		fmt.Fprintf(w, "- **Elapsed time and lifetime cost** agree in direction in every analysed cold cell.\n")
	}
	for _, d := range v.Disagreements {
		fmt.Fprintf(w, "- **%s %s/%d, %s:** elapsed time says %s (%s%%) but its lifetime cost over %d operations is %s%% [%s, %s]: %s.\n",
			d.Cell.Backend, d.Cell.Workload, d.Cell.DOP, d.Candidate, d.Elapsed, PctSigned(d.ElapsedPct), d.N, PctSigned((d.Ratio-1)*100),
			PctSigned((d.Lo-1)*100), PctSigned((d.Hi-1)*100), disagreementWhy(d))
	}
	if m.Calibration == nil && p.AACells == 0 {
		fmt.Fprintf(w, "- No A/A control (`%s`): the run cannot measure its own false positives.\n", matrix.AA)
	}
	fmt.Fprintln(w)
}

func powerWord(p stats.Power) string {
	if p.Underpowered {
		return "**underpowered** - its smallest detectable change is above twice the margin"
	}
	return "within it"
}
