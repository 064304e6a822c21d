package matrix

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

// MixedBuild is one platform's host variant measured in more than one build among a report's samples
// (a run older than pinning that saw a rebuild, or inputs given together from two builds): its
// comparisons mix two programs.
type MixedBuild struct {
	Platform string
	Variant  string         // host build (HostBuild: the host variant, with its layout seed)
	Builds   map[string]int // build id (or, for samples without one, "commit <c>") -> samples
}

// String is "pooled on linux/amd64 ran 2 builds: a (10 samples), b (2 samples)".
func (m MixedBuild) String() string {
	var parts []string
	for _, b := range slices.Sorted(maps.Keys(m.Builds)) {
		parts = append(parts, fmt.Sprintf("%s (%d samples)", b, m.Builds[b]))
	}
	return fmt.Sprintf("%s on %s ran %d builds: %s", m.Variant, m.Platform, len(m.Builds), strings.Join(parts, ", "))
}

// MixedBuilds finds the host variants that samples measured in more than one build, by platform: by
// build id, or, where some samples have none (runs older than pinning), by the commit the host reported.
func MixedBuilds(samples []Sample) []MixedBuild {
	type key struct{ platform, variant string }
	unpinned := map[key]bool{}
	for _, s := range samples {
		if s.Build == "" {
			unpinned[key{s.Cell.Platform, HostBuildOf(s)}] = true
		}
	}
	seen := map[key]map[string]int{}
	for _, s := range samples {
		k := key{s.Cell.Platform, HostBuildOf(s)}
		b := "build " + s.Build
		if unpinned[k] {
			b = ""
			if s.Result != nil && s.Result.Env.Commit != "" {
				b = "commit " + s.Result.Env.Commit
			}
		}
		if b == "" {
			continue
		}
		if seen[k] == nil {
			seen[k] = map[string]int{}
		}
		seen[k][b]++
	}
	var out []MixedBuild
	for k, bs := range seen {
		if len(bs) > 1 {
			out = append(out, MixedBuild{Platform: k.platform, Variant: k.variant, Builds: bs})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].Platform+" "+out[i].Variant < out[j].Platform+" "+out[j].Variant
	})
	return out
}
