package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// estimateCell formats a median with its interval: "144.2 [140.1, 150.3]"; a thin estimate says how
// many samples it has instead of an interval; an empty one says so.
func estimateCell(e stats.Estimate) string {
	switch {
	case e.Empty():
		return "no samples"
	case e.Thin():
		return fmt.Sprintf("%s (n=%d, no CI)", num(e.Center), e.N)
	}
	return fmt.Sprintf("%s [%s, %s]", num(e.Center), num(e.Lo), num(e.Hi))
}

// deltaCell formats a candidate-vs-control change: the Hodges-Lehmann estimate of the paired ratio as a
// signed percentage with its selection-adjusted interval (stats.Delta.Adjusted), the interval the cell's
// Class is read from, and the class's mark in front ("~ " inconclusive, "≈ " equivalent, "unstable ", "split "
// where the interval excludes 0 but the runner instances point different ways: no verdict, stats.Delta.Split).
// Without pairs it falls back to the ratio of the medians, marked "unpaired".
func deltaCell(d *stats.Delta) string {
	if d == nil {
		return "no control"
	}
	var s string
	c, lo, hi := d.AdjustedPercent()
	switch {
	case d.HasPairs() && !d.Thin() && !math.IsInf(lo, 0):
		s = fmt.Sprintf("%s [%s, %s]", PctSigned(c), boundNum(lo, d.Margin()*100), boundNum(hi, d.Margin()*100))
	case d.HasPairs() && !d.Thin():
		s = fmt.Sprintf("%s (%d pairs: no %s interval)", PctSigned(c), d.Log.N+d.Log.Zeros, pctLevel(d.AdjustedConfidence()))
	case d.HasPairs():
		s = fmt.Sprintf("%s (%d pairs, no CI)", PctSigned(c), d.Log.N+d.Log.Zeros)
	case !math.IsNaN(d.MedianRatio):
		s = fmt.Sprintf("%s (unpaired)", PctSigned((d.MedianRatio-1)*100))
	default:
		return "n/a"
	}
	switch cl := d.Class(); {
	case cl == stats.Unstable:
		return "unstable " + s
	case d.Split():
		return "split " + s
	case cl.Mark() != "":
		return cl.Mark() + " " + s
	}
	return s
}

// trimMark takes the class mark off a deltaCell, for tables with a decision column of their own.
func trimMark(s string) string {
	for _, mark := range []string{"~ ", "≈ ", "unstable ", "split "} {
		s = strings.TrimPrefix(s, mark)
	}
	return s
}

// elapsedDelta is any elapsed-time delta of a, to name its family; nil when a has none.
func elapsedDelta(a *stats.Analysis) *stats.Delta {
	if a == nil {
		return nil
	}
	for _, c := range a.Cells {
		for _, d := range c.Deltas {
			if d.Metric == stats.Elapsed.Name {
				return d
			}
		}
	}
	return nil
}

// familyNote names the correction family a table's decisions and intervals come from, where the table
// is: "Family *elapsed time*: 128 comparisons, 101 significant at false discovery rate 0.05; intervals at
// 96.1% (Benjamini-Yekutieli)". d is any delta of the family.
func familyNote(name string, d *stats.Delta) string {
	if d == nil || d.Family == 0 {
		return ""
	}
	return fmt.Sprintf("Family *%s* (%s): %d comparisons, %d significant after Benjamini-Hochberg at false discovery rate %s; "+
		"intervals at %s, the level that matches that selection (Benjamini-Yekutieli), ±%s equivalence margin",
		name, familyRole(name), d.Family, d.Selected, alphaNum(d.Alpha()), pctLevel(d.AdjustedConfidence()), pctNum(d.Margin()*100)+"%")
}

// primaryFamily is the family the report's answer rests on: the verdicts read it, and the decision table
// sums it over a process's lifetime. Every other family explains and decides nothing (exploratory).
const primaryFamily = "elapsed time"

// familyRole says what a correction family is for, where its tables name it: the primary one, the
// decision table's (the primary family's times summed over a lifetime), or exploratory.
func familyRole(name string) string {
	switch name {
	case primaryFamily:
		return "primary: the verdicts read it"
	case "lifetime cost":
		return "the decision table's: elapsed times summed over a process's lifetime"
	}
	return "exploratory: it explains, it decides nothing"
}

// lifetimeFamilyNote is familyNote for the lifetime ratios (stats.RatioFamily), whose p-values and
// intervals come from the paired sign-flip test.
func lifetimeFamilyNote(f stats.RatioFamily, alpha float64) string {
	if f.Ratios == 0 {
		return ""
	}
	return fmt.Sprintf("Family *lifetime cost* (%s): %d ratios with an interval, %d significant after Benjamini-Hochberg "+
		"(sign-flip p-values) at false discovery rate %s; intervals at %s, the level that matches that selection "+
		"(Benjamini-Yekutieli)", familyRole("lifetime cost"), f.Ratios, f.Selected, alphaNum(alpha), pctLevel(f.Confidence))
}

// decisionWord is a delta's Class as a table prints it: faster, slower, ≈ equivalent, ~ inconclusive, split
// (an interval that excludes 0 whose instances point different ways: never "~" beside it),
// **unstable** or no data.
func decisionWord(d *stats.Delta) string {
	switch cl := d.Class(); cl {
	case stats.NoData:
		return "no data"
	case stats.Unstable:
		return "**unstable**"
	case stats.Equivalent:
		if shownSmaller(d) {
			return "≈ equivalent (shown smaller than " + pctNum(d.Margin()*100) + "%)"
		}
		return cl.Mark() + " " + string(cl)
	case stats.Inconclusive:
		if d.Split() {
			return "split: its instances point different ways, no verdict"
		}
		return cl.Mark() + " " + string(cl)
	default:
		return string(cl)
	}
}

// workloadLabel names a workload as the seeds' tables do (workload.Workload.Title), or returns a name
// the workload package does not know unchanged.
func workloadLabel(w string) string {
	if wl, err := workload.ByName(w); err == nil {
		return wl.Title
	}
	return w
}

// slug makes a name safe for a file name: "windows/amd64" -> "windows-amd64".
func slug(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			return r
		}
		return '-'
	}, s)
}
