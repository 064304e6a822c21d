package matrix

import (
	"fmt"
	"slices"
)

// Pairings: how the two processes of a pair run (Plan.Pairing).
const (
	// Alternating runs a round's processes one after the other, as every run before pairings did.
	Alternating = "alternating"
	// Duet runs control and the candidate of a round at the same time, each pinned to processors of its
	// own, released together at the start of their measured regions (Bulej et al., ICPE 2020): the two
	// see much the same machine speed, which alternating processes do not. It applies to a cell whose
	// round holds two processes and whose DOP leaves room for both (2 x DOP <= processors); the other
	// cells run alternating, and every sample records which way it ran.
	Duet = "duet"
)

// Pairings lists the pairings a plan accepts.
func Pairings() []string { return []string{Alternating, Duet} }

// CheckPairing names a bad pairing and what is allowed ("" is Alternating).
func CheckPairing(p string) error {
	if p != "" && !slices.Contains(Pairings(), p) {
		return fmt.Errorf("matrix: pairing %q: allowed: %s or %s", p, Alternating, Duet)
	}
	return nil
}

// PairingNote is a cell of a duet plan that runs alternating, in every round or in some, and why: a
// duet is control and one candidate at once, 2 x DOP processors between them.
type PairingNote struct {
	Cell   Cell   `json:"cell"`
	Reason string `json:"reason"`
	// Some is true when only some rounds run alternating: those with more than one candidate, where
	// adaptive stopping or re-sampling leaves a single candidate beside control in the others.
	Some bool `json:"some,omitempty"`
}

// DuetNotes lists, for a duet plan on a machine of processors, the cells that cannot run every round as
// a duet and why, in plan order; none reports whether no round of any cell can. Nil, false for a plan
// that does not ask for duets.
func (p Plan) DuetNotes(processors int) (notes []PairingNote, none bool) {
	if p.Pairing != Duet {
		return nil, false
	}
	// Rounds of more than two processes: every round with three or more variants, except where adaptive
	// stopping or re-sampling runs one candidate beside control.
	wide := len(p.Variants) > 2
	narrows := p.Adaptive != nil || p.Resample != nil
	none = true
	for _, c := range p.Cells() {
		switch {
		case 2*c.DOP > processors:
			notes = append(notes, PairingNote{Cell: c, Reason: fmt.Sprintf("DOP %d: a duet needs 2 x %d processors, this machine has %d", c.DOP, c.DOP, processors)})
		case wide && narrows:
			notes = append(notes, PairingNote{Cell: c, Some: true, Reason: fmt.Sprintf("%d variants: a round runs as a duet only when a single candidate runs beside control (adaptive stopping, re-sampling); the others run alternating", len(p.Variants))})
			none = false
		case wide:
			notes = append(notes, PairingNote{Cell: c, Reason: fmt.Sprintf("%d variants: every round holds %d processes, and a duet is two (control and one candidate; give -variants control,<candidate>)", len(p.Variants), len(p.Variants))})
		default:
			none = false
		}
	}
	return notes, none
}
