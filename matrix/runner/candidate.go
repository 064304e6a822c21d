package runner

import (
	"fmt"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostbin"
)

// ParseCandidate is matrix.ParseCandidate for a candidate this build can run: its host variant must be
// one the registry holds (hostbin.Variants), with the message that lists them.
func ParseCandidate(name string) (variant string, capacity int, err error) {
	if base, _, _ := strings.Cut(name, matrix.LayoutTag); base != matrix.AA && !slices.Contains(hostbin.Variants(), matrix.HostVariant(base)) {
		return "", 0, fmt.Errorf("matrix: unknown variant %q; allowed: %v, or %s/N for a pool capacity, each but %s optionally with %sN for a link layout seed", name, CandidateNames(), matrix.Pooled, matrix.AA, matrix.LayoutTag)
	}
	return matrix.ParseCandidate(name)
}

// CheckCandidates is matrix.CheckCandidates for candidates this build can run (see ParseCandidate).
func CheckCandidates(vs []string) error {
	if len(vs) == 0 {
		return fmt.Errorf("matrix: no variants; allowed: %v, or %s/N for a pool capacity", hostbin.Variants(), matrix.Pooled)
	}
	for _, v := range vs {
		if _, _, err := ParseCandidate(v); err != nil {
			return err
		}
	}
	return matrix.CheckCandidates(vs)
}

// ValidatePlan is p.Validate for a plan this build can run: its candidates' hosts are ones the registry
// holds (CheckCandidates). The report reads a recorded plan with p.Validate alone, so that it can read
// results of a variant this build no longer links.
func ValidatePlan(p matrix.Plan) error {
	if err := CheckCandidates(p.Variants); err != nil {
		return err
	}
	return p.Validate()
}

// CandidateNames lists the plain candidate names a plan accepts: the host variants and AA (pooled/N
// besides).
func CandidateNames() []string { return append(hostbin.Variants(), matrix.AA) }

// withCapacities replaces every pooled candidate of vs by one pooled/N per capacity, in place of the
// first, keeping the order of the others.
func withCapacities(vs []string, capacities []int) []string {
	var out []string
	done := false
	for _, v := range vs {
		if base, _, _ := strings.Cut(v, "/"); base != matrix.Pooled {
			out = append(out, v)
			continue
		}
		if !done {
			for _, c := range capacities {
				out = append(out, matrix.PooledAt(c))
			}
			done = true
		}
	}
	return out
}

// withAA puts AA right after control in vs (at the front when vs has no control), unless vs holds it.
func withAA(vs []string) []string {
	if slices.Contains(vs, matrix.AA) {
		return vs
	}
	i := slices.Index(vs, matrix.AAHost) + 1
	return slices.Insert(slices.Clone(vs), i, matrix.AA)
}
