package runner

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostbin"
)

// missingLayoutHosts are the host builds with a layout seed (matrix.HostBuild "<variant>@layout=N") that
// the plan needs (matrix.Plan.HostBuilds: a rotating plan's every variant in every layout) and bin does
// not hold, in plan order - only those whose plain variant host bin does hold: a layout host must come
// from the same commit as its variant's (sameCommits), so where the plain host is missing too nothing is
// linked and the run fails naming the missing hosts.
func missingLayoutHosts(builds []string, bin, goos string) []string {
	var out []string
	for _, hb := range builds {
		v, seed := matrix.SplitHostBuild(hb)
		if seed == 0 || slices.Contains(out, hb) {
			continue
		}
		if _, err := os.Stat(hostbin.Path(bin, goos, v)); err != nil {
			continue
		}
		if _, err := os.Stat(hostbin.Path(bin, goos, hb)); err != nil {
			out = append(out, hb)
		}
	}
	return out
}

// buildLayoutHosts links the plan's layout hosts that bin lacks (control@layout=N for a layout
// sensitivity run, every variant in every layout for a rotating plan: seeds no build target knows),
// before the bench starts, from this checkout, as hostbin.Build links
// every host. It runs only for the default bin directory, the one this checkout's build target fills:
// a -bin directory is someone else's build, whose missing hosts prepare names.
func buildLayoutHosts(ctx context.Context, builds []string, bin, goos, goarch string, stderr io.Writer) error {
	missing := missingLayoutHosts(builds, bin, goos)
	if len(missing) == 0 {
		return nil
	}
	fmt.Fprintf(stderr, "bench: linking %v into %s (layout hosts this checkout has not built)\n", missing, bin)
	if err := hostbin.Build(ctx, goos, goarch, hostbin.Root(bin), missing, io.Discard, stderr); err != nil {
		return fmt.Errorf("bench: %w; build the hosts first (go tool mage build), or run lab bench in the module's checkout", err)
	}
	return nil
}

// sameCommits checks that a variant's layout hosts were built from the commit its plain host was, and,
// where the run needs no plain host (a rotating plan), from the commit of its first layout host: a
// layout host linked later from newer code would measure the code's change as layout. builds are the
// plan's host builds in plan order (matrix.Plan.HostBuilds), commits theirs.
func sameCommits(builds []string, commits map[string]string) error {
	for _, hb := range builds {
		hv, _ := matrix.SplitHostBuild(hb)
		ref := hv
		if _, ok := commits[hv]; !ok {
			ref = builds[slices.IndexFunc(builds, func(b string) bool { v, _ := matrix.SplitHostBuild(b); return v == hv })]
		}
		if plain, ok := commits[ref]; ok && hb != ref && commits[hb] != plain {
			return fmt.Errorf("matrix: the %s host is commit %s, but %s's is commit %s; a layout must differ from its variant in layout only: rebuild the hosts (go tool mage build)", hb, commits[hb], ref, plain)
		}
	}
	return nil
}
