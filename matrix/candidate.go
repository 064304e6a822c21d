package matrix

import (
	"fmt"
	"strconv"
	"strings"
)

// Pooled is the one host variant that takes a capacity: "pooled/N" in a plan's Variants is the pooled
// host with N idle slots, a candidate of its own; plain "pooled" is the host's default (the seed's 8).
const Pooled = "pooled"

// AA is the A/A control: the control host measured as if it were a candidate, under its own name. It runs
// control's code with the same flags, linked in another function layout (AALayout), in its own place in
// each round's order, so its cells should come out "~"; a significant AA cell is a false positive of the
// run itself (a machine effect, an order effect, a layout effect, or a broken statistic), which the
// report puts in its banner.
const AA = "aa"

// AAHost is the host variant AA runs (linked with AALayout: see HostBuild).
const AAHost = "control"

// DefaultPoolCapacity is the pooled host's capacity when a candidate names none (plain "pooled"): the
// seed's 8, pooled.DefaultCapacity, which a test holds it to (a constant here so that reading results
// does not link the variants).
const DefaultPoolCapacity = 8

// DefaultPoolCapacities are the capacities a plan measures unless told otherwise: the seed's eight.
var DefaultPoolCapacities = []int{8}

// ParseCandidate splits a plan's variant name into the host variant it runs and the pool capacity it
// passes (0: the host's default). It reads the name's form: AA (the control host), a host variant's name,
// or "pooled/N" with N in 1..MaxPoolCapacity, any but AA optionally followed by "@layout=N" (LayoutTag:
// the same host linked with layout seed N, see Layout). Which host variants exist is the engine's registry to say
// (hostbin.Variants): the runner checks a plan's names against it before anything runs
// (runner.ParseCandidate), while the statistics and the report read the names a results folder holds
// without linking the engine.
func ParseCandidate(name string) (variant string, capacity int, err error) {
	if name == AA {
		return AAHost, 0, nil
	}
	if base, seed, ok := splitLayout(name); ok {
		if base == AA {
			return "", 0, fmt.Errorf("matrix: variant %q: %s has its own layout (seed %d); a layout of control is %s", name, AA, AALayout, WithLayout(Control, 2))
		}
		if _, err := ParseLayout(seed); err != nil {
			return "", 0, fmt.Errorf("matrix: variant %q: %w", name, err)
		}
		return ParseCandidate(base)
	}
	variant, c, hasCap := strings.Cut(name, "/")
	if !validName(variant) {
		return "", 0, fmt.Errorf("matrix: unknown variant %q: a candidate is a host variant's name (lower-case letters and digits), %s, or %s/N for a pool capacity, optionally with %sN for a link layout seed", name, AA, Pooled, LayoutTag)
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

// validName reports whether s can be a host variant's name: a variant is a package under variants/
// named as it (docs/ARCHITECTURE.md, "Adding a variant"), so lower-case letters and digits.
func validName(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool { return !('a' <= r && r <= 'z' || '0' <= r && r <= '9') })
}

// MaxPoolCapacity bounds a pooled candidate's capacity: variants.MaxPoolCapacity, which a test holds it to
// (a constant here so that reading a plan does not link the variants).
const MaxPoolCapacity = 1024

// ParseCapacity reads a pool capacity: an integer 1..MaxPoolCapacity.
func ParseCapacity(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 || n > MaxPoolCapacity {
		return 0, fmt.Errorf("pooled capacity must be an integer 1..%d: got %q", MaxPoolCapacity, s)
	}
	return n, nil
}

// PooledAt is the candidate name of the pooled host at capacity n.
func PooledAt(n int) string { return Pooled + "/" + strconv.Itoa(n) }

// HostVariant is the host variant a candidate runs, for finding its binary; the name itself when it does
// not parse (Validate reports that).
func HostVariant(name string) string {
	if name == AA {
		return AAHost
	}
	name, _, _ = splitLayout(name)
	v, _, _ := strings.Cut(name, "/")
	return v
}
