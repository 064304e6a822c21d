package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/stats"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// serviceHeapChangeHeading is the heading of the service cells against their pristine twins, on the why
// page.
const serviceHeapChangeHeading = "The service heap against the pristine one"

// workloadTwin is the pristine workload a workload with a background repeats (workload.Workload.Twin),
// "" for a pristine or unknown workload.
func workloadTwin(name string) string {
	w, err := workload.ByName(name)
	if err != nil {
		return ""
	}
	return w.Twin
}

// heapChangeCell formats a candidate's heap change (describedChange).
func heapChangeCell(h stats.HeapChange) string {
	c, lo, hi := h.Percent()
	return describedChange(c, lo, hi, h.Thin(), h.Pairs)
}

// ratioPctCell formats a ratio's point estimate as a signed change in %, "n/a" when it is not finite.
func ratioPctCell(r float64) string {
	if math.IsNaN(r) || math.IsInf(r, 0) {
		return "n/a"
	}
	return PctSigned((r - 1) * 100)
}

// writeServiceHeapChange writes what the service heap changes: control's time in it against its pristine
// twin's, and each candidate's change against control there against the same change in the twin.
// Nothing when the report has no service cell whose twin ran.
func writeServiceHeapChange(w io.Writer, m *model) {
	if len(m.ServiceHeaps) == 0 {
		return
	}
	var shs []stats.ServiceHeap
	var above []string // the DOPs whose service time holds the churn, not compared
	for _, sh := range m.ServiceHeaps {
		if hostresult.ChurnOffClock(sh.Service.DOP) {
			shs = append(shs, sh)
		} else if d := dopCell(sh.Service); !slices.Contains(above, d) {
			above = append(above, d)
		}
	}
	a := m.Analysis
	conf := pctExact(a.Confidence)
	fmt.Fprintf(w, "## %s\n\n", serviceHeapChangeHeading)
	fmt.Fprintf(w, "Exploratory: these describe, they do not decide (no family, no correction, no class); the verdicts "+
		"decide each cell on its own. A service cell runs its twin's operation in a fragmented process heap, in the same "+
		"rounds, so round r of the two ran close in time.")
	if len(above) > 0 {
		fmt.Fprintf(w, " Only DOP 1 is compared: above it (here DOP %s) a service cell's time holds its background's churn, whose "+
			"own share cannot be told from other workers' time there, so it is a service's throughput with its other work, "+
			"not the operation's.", strings.Join(above, ", "))
	}
	fmt.Fprintf(w, "\n\n")
	if len(shs) == 0 {
		return
	}
	fmt.Fprintf(w, "**What the heap costs control:** control's elapsed time per operation in the service cell over its "+
		"twin's, paired by round (Hodges-Lehmann estimate of the per-round ratio in %%, %s signed-rank interval; "+
		"rounds of several runner instances pooled, each round within its instance).\n\n", conf)
	var rows [][]string
	for _, sh := range shs {
		c := sh.Service
		rows = append(rows, []string{c.Platform, c.Backend, sh.Pristine.Workload + " → " + c.Workload, dopCell(c), c.Phase,
			distanceCell(sh.Control)})
	}
	MarkdownTable(w, []string{"Platform", "Backend", "Workloads", "DOP", "Phase", "Control, service / pristine, % [interval]"}, rows)

	fmt.Fprintf(w, "**What the heap changes in each candidate:** its change against control in the service cell "+
		"divided by its change in the pristine twin (-5 is a candidate 5%% better placed in a service than in a fresh "+
		"process). With two or more runner instances it is the difference of the two comparisons' moderated estimates "+
		"(the verdicts' means of the instances' estimates, unadjusted) with a %s Student-t interval on "+
		"Welch-Satterthwaite's degrees of freedom, the two cells taken as independent (conservative when an instance "+
		"moves both alike); with one, the Hodges-Lehmann estimate of the per-round difference of the two cells' log "+
		"ratios with its %s signed-rank interval; ~ marks an interval that holds 0.\n\n", conf, conf)
	rows = rows[:0]
	for _, sh := range shs {
		c := sh.Service
		for _, h := range sh.Changes {
			rows = append(rows, []string{c.Platform, c.Backend, dopCell(c), c.Phase, h.Candidate, ratioPctCell(h.Pristine),
				ratioPctCell(h.Service), heapChangeCell(h)})
		}
	}
	MarkdownTable(w, []string{"Platform", "Backend", "DOP", "Phase", "Candidate", "Change, pristine (%)", "Change, service (%)",
		"Service against pristine, % [interval]"}, rows)
}
