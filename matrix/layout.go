package matrix

import (
	"fmt"
	"slices"
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

// MaxRotationLayouts bounds a plan's layout rotation (-layouts): each layout is a host per variant to
// link before the run (a few seconds each), and rounds must be a multiple of it.
const MaxRotationLayouts = 16

// rotationLayoutBase is where RotationLayouts' seeds start: past the small seeds a layout sensitivity run
// gives control by hand (control@layout=1..5), and past AALayout.
const rotationLayoutBase = 100

// RotationLayouts are the n link layout seeds a plan rotating through layouts (Plan.Layouts) runs: 101,
// 102, ..., 100+n, none of them AALayout nor a seed a layout sensitivity run gives by hand. Fixed, so
// that every run of a commit measures the same binaries (a pinned, resumable, mergeable build each);
// nil for n < 2, no rotation.
func RotationLayouts(n int) []int64 {
	if n < 2 {
		return nil
	}
	out := make([]int64, n)
	for i := range out {
		out[i] = rotationLayoutBase + 1 + int64(i)
	}
	return out
}

// CheckRotation checks a plan's rotation: none, or 2..MaxRotationLayouts distinct seeds, none AALayout,
// and rounds a multiple of their number, so that every layout gets equal rounds.
func CheckRotation(layouts []int64, rounds int) error {
	if len(layouts) == 0 {
		return nil
	}
	n := len(layouts)
	if n < 2 || n > MaxRotationLayouts {
		return fmt.Errorf("matrix: -layouts %d: allowed: 0 or 1 (no rotation), or 2..%d link layouts", n, MaxRotationLayouts)
	}
	for i, l := range layouts {
		if l < 1 || l == AALayout || slices.Contains(layouts[:i], l) {
			return fmt.Errorf("matrix: layouts %v: each seed must be 1 or more, given once, and not %d (aa's)", layouts, AALayout)
		}
	}
	if rounds%n != 0 {
		return fmt.Errorf("matrix: -layouts %d with %d rounds: rounds must be a multiple of the layouts, so that every layout gets equal rounds (give -rounds %d, or -layouts dividing %d)",
			n, rounds, (rounds/n+1)*n, rounds)
	}
	return nil
}

// RoundLayout is the link layout seed candidate's host runs in round of the plan. Without rotation, or
// for a candidate with a layout of its own ("control@layout=N"), it is Layout(candidate). Rotating
// through layouts L (Plan.Layouts), every other candidate runs L[round mod len(L)] - control too, so
// that a round's pair shares its layout - and aa L[(round+1) mod len(L)], never control's layout in the
// round, so that the A/A check still covers build layout. Rounds past Rounds (re-sampling, adaptive
// batches) go on by the round's index.
func (p Plan) RoundLayout(candidate string, round int) int64 {
	n := len(p.Layouts)
	if n == 0 || (candidate != AA && Layout(candidate) != 0) {
		return Layout(candidate)
	}
	if candidate == AA {
		round++
	}
	return p.Layouts[((round%n)+n)%n]
}

// RoundHostBuild is the host build (HostBuild's form) candidate runs in round of the plan.
func (p Plan) RoundHostBuild(candidate string, round int) string {
	return WithLayout(HostVariant(candidate), p.RoundLayout(candidate, round))
}

// HostBuilds are every host build the plan's candidates run, in plan order, each once: HostBuild of
// each candidate, or, rotating through layouts, each candidate's host variant in every layout.
func (p Plan) HostBuilds() []string {
	var out []string
	for _, v := range p.Variants {
		rounds := 1
		if len(p.Layouts) > 0 {
			rounds = len(p.Layouts)
		}
		for r := range rounds {
			if hb := p.RoundHostBuild(v, r); !slices.Contains(out, hb) {
				out = append(out, hb)
			}
		}
	}
	return out
}

// HostBuildOf is the host build a sample ran: HostBuild of its candidate, or, where the sample records
// another layout seed (a rotating plan's round), its host variant in that layout. A sample older than
// Sample.Layout (0) keeps its candidate's.
func HostBuildOf(s Sample) string {
	if s.Layout != 0 && s.Layout != Layout(s.Variant) {
		return WithLayout(HostVariant(s.Variant), s.Layout)
	}
	return HostBuild(s.Variant)
}
