package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// This file lays out the measurement's own validity data (stats.Validity) where a first-time reader
// meets it: "underpowered" at the head of the run lines, each flag as a weak-evidence reason (the
// warnings line and the environment page), the A/A paragraph's interval width and unstable cells, and the
// candidates that are one treatment under the compact verdicts. stats computes every figure; nothing
// here decides.

// underpoweredHead starts the first run line when the power gate trips (stats.Power).
func underpoweredHead(m *model) string {
	if m.Validity == nil || !m.Validity.Power.Underpowered {
		return ""
	}
	return fmt.Sprintf("⚠ **Underpowered** ([why](%s)) · ", pageLink(environmentPage, validityHeading))
}

// validityFlags are the weak-evidence reasons the validity data raise, each a sentence whose bold lead
// is the warnings line's head: underpowered, an A/A family above its level under label swaps, harness
// overhead above 1% of the fastest operation, runner instances that disagree, and elapsed and lifetime
// verdicts in opposite directions.
func validityFlags(m *model) []string {
	v := m.Validity
	if v == nil {
		return nil
	}
	var out []string
	if p := v.Power; p.Underpowered {
		out = append(out, fmt.Sprintf("**Underpowered**: %s, more than %s%% (twice the ±%s margin, the smallest change a verdict "+
			"is meant to name), so such a change can pass unseen; the %s adjusted intervals are %s points wide at the "+
			"median ([Validity checks](%s)).", detectableWords(p), pctNum(p.Needed()), pctNum(p.Margin*100)+"%",
			powerBasisWords(p), widthNum(p.Width()), pageLink(environmentPage, validityHeading)))
	}
	for _, f := range v.Calibration.Exceeds() {
		out = append(out, fmt.Sprintf("**A/A %s family at %s under label swaps, above its %s level** (%d swaps of the control and "+
			"`aa` labels within each round, the share of A/A comparisons the page would name): its intervals are narrower than "+
			"they state ([Calibration](%s)).", f.Family, pctShare(f.Rate, 1), pctShare(f.Nominal, 1),
			v.Calibration.Swaps, pageLink(environmentPage, calibrationHeading)))
	}
	for _, h := range v.Harness {
		if h.Warn {
			out = append(out, fmt.Sprintf("**Harness overhead %s%% of the fastest operation** (%s ns per operation, run `%s`): "+
				"above %s%%, the loop's own cost is a visible part of a small change.", pctNum(100*h.Share), num(h.NsPerOp), h.Run,
				pctNum(100*stats.HarnessWarnShare)))
		}
	}
	if names, n, all := instancesDisagree(m); n > 0 {
		out = append(out, fmt.Sprintf("**Runner instances disagree in %d of %d cells** (%s): one instance faster, another "+
			"slower; those cells get no verdict.", n, all, names))
	}
	if d := v.Disagreements; len(d) > 0 {
		var names []string
		for i, x := range d {
			if i == listedCells {
				names = append(names, fmt.Sprintf("and %d more", len(d)-listedCells))
				break
			}
			names = append(names, fmt.Sprintf("%s %s %s/%d", x.Candidate, x.Cell.Backend, x.Cell.Workload, x.Cell.DOP))
		}
		out = append(out, fmt.Sprintf("**Elapsed time and lifetime cost disagree in direction in %s** (%s): "+
			"[Validity checks](%s) says why for each.", plural(len(d), "cold cell"), strings.Join(names, ", "),
			pageLink(environmentPage, validityHeading)))
	}
	return out
}

// powerBasisWords names the intervals the power gate read: the A/A control's, or the whole family's.
func powerBasisWords(p stats.Power) string {
	if p.Basis == "aa" {
		return "A/A control's"
	}
	return "elapsed-time family's"
}

// instancesDisagree counts the elapsed-time comparisons whose runner instances point opposite ways, and
// names the first few.
func instancesDisagree(m *model) (names string, n, all int) {
	var list []string
	for _, c := range m.Analysis.Cells {
		for _, d := range c.Deltas {
			if d.Metric != stats.Elapsed.Name || d.Instances == nil {
				continue
			}
			all++
			if d.Instances.Disagree {
				n++
				if len(list) < listedCells {
					list = append(list, fmt.Sprintf("%s %s %s %s", d.Candidate, c.Backend, m.cellLabel(c.Platform, c.Workload, c.DOP), c.Phase))
				}
			}
		}
	}
	if n > len(list) {
		list = append(list, fmt.Sprintf("and %d more", n-len(list)))
	}
	return strings.Join(list, ", "), n, all
}

// aaPower is the A/A paragraph's account of its own intervals: how wide they are against the margin, and
// which A/A cells ran at two speeds. "" without the power data.
func aaPower(m *model) string {
	if m.Validity == nil || m.Validity.Power.Basis != "aa" || math.IsNaN(m.Validity.Power.AAWidth) {
		return ""
	}
	p := m.Validity.Power
	s := fmt.Sprintf("its intervals are %s points wide at the median (widest %s), against the ±%s margin",
		widthNum(p.AAWidth), widthNum(p.AAMaxWidth), pctNum(p.Margin*100)+"%")
	if p.Underpowered {
		s += fmt.Sprintf("; the run's smallest detectable change, %s%%, is above twice the margin (**underpowered**)", detectNum(p.Detectable.Percent))
	}
	if len(p.AAUnstable) == 0 {
		return s + "; none of its cells ran at two speeds"
	}
	var cells []string
	for _, c := range p.AAUnstable {
		cells = append(cells, fmt.Sprintf("%s %s %s", c.Backend, m.cellLabel(c.Platform, c.Workload, c.DOP), c.Phase))
	}
	return s + fmt.Sprintf("; %s ran at two speeds (unstable: %s)", plural(len(cells), "cell"), strings.Join(cells, ", "))
}

// writeSameTreatment says, under the compact verdicts, which candidates are one treatment in which cells
// (stats.SameTreatments): the same code path, so their differences there are noise and they are never
// ranked. Nothing when no cell has such candidates.
func writeSameTreatment(w io.Writer, m *model) {
	if m.Validity == nil || len(m.Validity.SameTreatment) == 0 {
		return
	}
	type where struct{ backend, workload string }
	var sets []string
	cells := map[string][]where{}
	dops := map[string]map[where][]string{}
	for _, s := range m.Validity.SameTreatment {
		k := shortNames(s.Candidates)
		if dops[k] == nil {
			sets = append(sets, k)
			dops[k] = map[where][]string{}
		}
		wh := where{s.Cell.Backend, s.Cell.Workload}
		if dops[k][wh] == nil {
			cells[k] = append(cells[k], wh)
		}
		if d := strings.ReplaceAll(m.dopLabel(s.Cell.Platform, s.Cell.DOP), " ", ""); !slices.Contains(dops[k][wh], d) {
			dops[k][wh] = append(dops[k][wh], d)
		}
	}
	var parts []string
	for _, k := range sets {
		var at []string
		for _, wh := range cells[k] {
			at = append(at, fmt.Sprintf("%s %s at DOP %s", wh.backend, wh.workload, strings.Join(dops[k][wh], ", ")))
		}
		parts = append(parts, fmt.Sprintf("%s in %s", k, strings.Join(at, "; ")))
	}
	fmt.Fprintf(w, "**Same treatment, never ranked:** %s - a pool evicts only when more states live than its capacity, and "+
		"there they never do (configurations x DOP within the smallest capacity), so these candidates run the same code "+
		"and their differences in those cells are noise.\n\n", strings.Join(parts, "; "))
}

// detectableWords is the power gate's smallest detectable change in words: "the smallest change it
// decides with 80% probability is +9.1% (elapsed time, at the family's 99.96% level)", or that it has
// none.
func detectableWords(p stats.Power) string {
	d := p.Detectable
	if math.IsNaN(d.Percent) {
		return "no elapsed-time comparison has an interval, so it decides no change"
	}
	return fmt.Sprintf("the smallest change it decides with %s%% probability is %s%% (elapsed time, at the family's %s level)",
		pctNum(stats.DetectPower*100), detectNum(d.Percent), pctLevel(d.Confidence))
}
