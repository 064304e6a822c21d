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
