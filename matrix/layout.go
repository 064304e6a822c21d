package matrix

import (
	"fmt"
	"strconv"
	"strings"
)

// LayoutTag joins a candidate and a link layout seed: "control@layout=3" is the control host linked
// with -ldflags=-randlayout=3, the Go linker's seeded shuffle of function order. Go links a host at
// fixed addresses, so two variants' shared engine functions start at different offsets of their cache
// lines; a candidate with a layout measures what such a move alone costs.
const LayoutTag = "@layout="

// AALayout is the link layout seed of AA's host: control's code, linked in another function order, so
// that the A/A check covers build layout as well as the machine and the order (a candidate's host
// differs from control's in layout too). Fixed, so every run of a commit measures the same aa binary;
// 45 for the issue that asked for it. Runs older than it ran aa on control's own binary (Sample.Layout 0).
const AALayout int64 = 45

// ParseLayout reads a layout seed: a decimal integer 1..2^63-1 (the linker's 0 means no shuffle), written
// as FormatInt writes it, so one seed has one candidate name.
func ParseLayout(s string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1 || strconv.FormatInt(n, 10) != s {
		return 0, fmt.Errorf("layout seed must be an integer 1..%d: got %q", int64(1<<63-1), s)
	}
	return n, nil
}

// splitLayout cuts a candidate's "@layout=N" off: the rest, and the seed's text (ok false when absent).
func splitLayout(name string) (base, seed string, ok bool) {
	return strings.Cut(name, LayoutTag)
}

// WithLayout is the candidate that runs candidate's host linked with layout seed (candidate itself for
// seed 0).
func WithLayout(candidate string, seed int64) string {
	if seed == 0 {
		return candidate
	}
	return candidate + LayoutTag + strconv.FormatInt(seed, 10)
}

// Layout is the link layout seed of a candidate's host: AALayout for AA, N for "<name>@layout=N", 0 (the
// linker's own order) otherwise or when the name does not parse.
func Layout(name string) int64 {
	if name == AA {
		return AALayout
	}
	_, s, ok := splitLayout(name)
	if !ok {
		return 0
	}
	n, err := ParseLayout(s)
	if err != nil {
		return 0
	}
	return n
}

// HostBuild names the host binary a candidate runs: its host variant, with "@layout=N" when it is linked
// with a layout seed ("control" for control, "control@layout=45" for AA, "pooled" for pooled/4). The
// runner keys its hosts, build ids and commits (run.json's hosts, commits and builds) by it, so a
// layout's binary is pinned and checked as a build of its own.
func HostBuild(name string) string { return WithLayout(HostVariant(name), Layout(name)) }

// SplitHostBuild is HostBuild's inverse: the host variant and layout seed a host build name stands for.
func SplitHostBuild(build string) (variant string, layout int64) {
	v, s, ok := splitLayout(build)
	if !ok {
		return build, 0
	}
	n, _ := ParseLayout(s)
	return v, n
}

// IsLayoutOf reports whether candidate is control measured under a layout seed of its own
// ("control@layout=N"): an A/A candidate for the run's layout sensitivity.
func IsLayoutOf(candidate, control string) bool {
	base, _, ok := splitLayout(candidate)
	return ok && base == control && Layout(candidate) != 0
}
