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

// DefaultPoolCapacities are the capacities a plan measures unless told otherwise: the seed's eight.
var DefaultPoolCapacities = []int{8}

// ParseCandidate splits a plan's variant name into the host variant it runs and the pool capacity it
// passes (0: the host's default). Candidate names are the host variants (hostbin.Variants) and
// "pooled/N" with N in 1..variants.MaxPoolCapacity.
func ParseCandidate(name string) (variant string, capacity int, err error) {
	variant, c, hasCap := strings.Cut(name, "/")
	if !slices.Contains(hostbin.Variants(), variant) {
		return "", 0, fmt.Errorf("matrix: unknown variant %q; allowed: %v, or %s/N for a pool capacity", name, hostbin.Variants(), Pooled)
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
	v, _, _ := strings.Cut(name, "/")
	return v
}
