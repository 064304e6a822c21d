package matrix

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/hostbin"
	"github.com/deflatelab/deflatelab/variants"
)

// Pooled is the one host variant that takes a capacity: "pooled/N" in a plan's Variants is the pooled
// host with N idle slots, a candidate of its own; plain "pooled" is the host's default (the seed's 8).
const Pooled = "pooled"

// AA is the A/A control: the control host measured as if it were a candidate, under its own name. It runs
// the same binary with the same flags as control, in its own place in each round's order, so its cells
// should come out "~"; a significant AA cell is a false positive of the run itself (a machine effect, an
// order effect, or a broken statistic), which the report puts in its banner.
const AA = "aa"

// aaHost is the host variant AA runs.
const aaHost = "control"

// withAA puts AA right after control in vs (at the front when vs has no control), unless vs holds it.
func withAA(vs []string) []string {
	if slices.Contains(vs, AA) {
		return vs
	}
	i := slices.Index(vs, aaHost) + 1
	return slices.Insert(slices.Clone(vs), i, AA)
}

// CandidateNames lists the plain candidate names a plan accepts: the host variants and AA (pooled/N
// besides).
func CandidateNames() []string { return append(hostbin.Variants(), AA) }

// DefaultPoolCapacities are the capacities a plan measures unless told otherwise: the seed's eight.
var DefaultPoolCapacities = []int{8}

// ParseCandidate splits a plan's variant name into the host variant it runs and the pool capacity it
// passes (0: the host's default). Candidate names are the host variants (hostbin.Variants), AA (the
// control host) and "pooled/N" with N in 1..variants.MaxPoolCapacity.
func ParseCandidate(name string) (variant string, capacity int, err error) {
	if name == AA {
		return aaHost, 0, nil
	}
	variant, c, hasCap := strings.Cut(name, "/")
	if !slices.Contains(hostbin.Variants(), variant) {
		return "", 0, fmt.Errorf("matrix: unknown variant %q; allowed: %v, or %s/N for a pool capacity", name, CandidateNames(), Pooled)
	}
	if !hasCap {
		return variant, 0, nil
	}
	if variant != Pooled {
		return "", 0, fmt.Errorf("matrix: variant %q: only %s takes a capacity (%s/N)", name, Pooled, Pooled)
	}
	capacity, err = ParseCapacity(c)
	if err != nil {
		return "", 0, fmt.Errorf("matrix: variant %q: %w", name, err)
	}
	return variant, capacity, nil
}

// ParseCapacity reads a pool capacity: an integer 1..variants.MaxPoolCapacity.
func ParseCapacity(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 || n > variants.MaxPoolCapacity {
		return 0, fmt.Errorf("pooled capacity must be an integer 1..%d: got %q", variants.MaxPoolCapacity, s)
	}
	return n, nil
}

// PooledAt is the candidate name of the pooled host at capacity n.
func PooledAt(n int) string { return Pooled + "/" + strconv.Itoa(n) }

// withCapacities replaces every pooled candidate of vs by one pooled/N per capacity, in place of the
// first, keeping the order of the others.
func withCapacities(vs []string, capacities []int) []string {
	var out []string
	done := false
	for _, v := range vs {
		if base, _, _ := strings.Cut(v, "/"); base != Pooled {
			out = append(out, v)
			continue
		}
		if !done {
			for _, c := range capacities {
				out = append(out, PooledAt(c))
			}
			done = true
		}
	}
	return out
}

// hostVariant is the host variant a candidate runs, for finding its binary; the name itself when it does
// not parse (Validate reports that).
func hostVariant(name string) string {
	if name == AA {
		return aaHost
	}
	v, _, _ := strings.Cut(name, "/")
	return v
}
