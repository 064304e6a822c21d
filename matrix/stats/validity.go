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

// Flag is one first-page warning the validity data raise (Validity.Flags).
type Flag struct {
	Kind   FlagKind
	Family string // the family above its A/A level; "" but for AAAboveLevel
}

// FlagKind is what a Flag warns of.
type FlagKind int

const (
	Underpowered     FlagKind = iota + 1 // Power.Underpowered: a change twice the margin can pass unseen
	AAAboveLevel                         // a family's label-swap exclusion rate is above its level (Calibration.Exceeds)
	HarnessAbove                         // a run's harness overhead is above HarnessWarnShare of the fastest operation
	VerdictsDisagree                     // a cold cell's elapsed and lifetime verdicts point opposite ways (Disagreements)
)

// Flags lists the first-page warnings the validity data raise, in the order a page should give them:
// underpowered, each family above its A/A level, harness overhead above HarnessWarnShare (once), elapsed
// and lifetime verdicts in opposite directions (once). Empty when none.
func (v Validity) Flags() []Flag {
	var out []Flag
	if v.Power.Underpowered {
		out = append(out, Flag{Kind: Underpowered})
	}
	for _, f := range v.Calibration.Exceeds() {
		out = append(out, Flag{Kind: AAAboveLevel, Family: f.Family})
	}
	for _, h := range v.Harness {
		if h.Warn {
			out = append(out, Flag{Kind: HarnessAbove})
			break
		}
	}
	if len(v.Disagreements) > 0 {
		out = append(out, Flag{Kind: VerdictsDisagree})
	}
	return out
}
