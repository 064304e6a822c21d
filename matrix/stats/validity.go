package stats

import "github.com/deflatelab/deflatelab/matrix"

// Validity is what a report's first page says about the measurement's own validity, computed once: the
// power gate, the run's own A/A null, the candidates that are one treatment, which DOPs measure latency,
// the harness's cost and the cells whose two time measures disagree. A report lays it out; nothing here
// is formatted.
type Validity struct {
	Power         Power
	AA            AANamed      // what the page names as A/A differences, per family
	Calibration   *Calibration // the label-swap null; nil without the A/A control (or not measured)
	SameTreatment []SameTreatment
	DOPs          []DOPGroups
	Harness       []HarnessOverhead
	Disagreements []Disagreement
}

// Validity gathers the validity data of a, its lifetimes ls (Analysis.Lifetimes), the manifests of its
// runs and its label-swap null cal (LabelSwapNull; nil when not measured).
func (a *Analysis) Validity(ls []*Lifetime, manifests []*matrix.Manifest, cal *Calibration) Validity {
	return Validity{
		Power:         a.Power(),
		AA:            a.AANamed(ls),
		Calibration:   cal,
		SameTreatment: a.SameTreatments(),
		DOPs:          a.DOPGroups(),
		Harness:       a.HarnessOverheads(manifests),
		Disagreements: a.Disagreements(ls),
	}
}

// Flags lists the first-page warnings the validity data raise, one short phrase each, in the order a page
// should give them: underpowered, a family above its A/A level, harness overhead above HarnessWarnShare,
// elapsed and lifetime verdicts in opposite directions. Empty when none.
func (v Validity) Flags() []string {
	var out []string
	if v.Power.Underpowered {
		out = append(out, "underpowered")
	}
	for _, f := range v.Calibration.Exceeds() {
		out = append(out, "A/A "+f.Family+" above its level")
	}
	for _, h := range v.Harness {
		if h.Warn {
			out = append(out, "harness overhead above 1%")
			break
		}
	}
	if len(v.Disagreements) > 0 {
		out = append(out, "elapsed and lifetime verdicts disagree")
	}
	return out
}
