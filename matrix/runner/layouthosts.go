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
// the plan's candidates need and bin does not hold, in plan order - only those whose plain variant host
// bin does hold: a layout host must come from the same commit as its variant's (sameCommits), so where
// the plain host is missing too nothing is linked and the run fails naming the missing hosts.
func missingLayoutHosts(variants []string, bin, goos string) []string {
	var out []string
	for _, v := range variants {
		hb := matrix.HostBuild(v)
		if _, seed := matrix.SplitHostBuild(hb); seed == 0 || slices.Contains(out, hb) {
			continue
		}
		if _, err := os.Stat(hostbin.Path(bin, goos, matrix.HostVariant(v))); err != nil {
			continue
		}
		if _, err := os.Stat(hostbin.Path(bin, goos, hb)); err != nil {
			out = append(out, hb)
		}
	}
	return out
}

// buildLayoutHosts links the plan's layout hosts that bin lacks (control@layout=N for a layout
// sensitivity run, whose seeds no build target knows), from this checkout, as hostbin.Build links
// every host. It runs only for the default bin directory, the one this checkout's build target fills:
// a -bin directory is someone else's build, whose missing hosts prepare names.
func buildLayoutHosts(ctx context.Context, variants []string, bin, goos, goarch string, stderr io.Writer) error {
	missing := missingLayoutHosts(variants, bin, goos)
	if len(missing) == 0 {
		return nil
	}
	fmt.Fprintf(stderr, "bench: linking %v into %s (layout hosts this checkout has not built)\n", missing, bin)
	if err := hostbin.Build(ctx, goos, goarch, hostbin.Root(bin), missing, io.Discard, stderr); err != nil {
		return fmt.Errorf("bench: %w; build the hosts first (go tool mage build), or run lab bench in the module's checkout", err)
	}
	return nil
}

// sameCommits checks that a variant's layout hosts were built from the commit its plain host was: a
// layout host linked later from newer code would measure the code's change as layout.
func sameCommits(variants []string, commits map[string]string) error {
	for _, v := range variants {
		hb, hv := matrix.HostBuild(v), matrix.HostVariant(v)
		if plain, ok := commits[hv]; ok && hb != hv && commits[hb] != plain {
			return fmt.Errorf("matrix: the %s host is commit %s, but %s's (%s) is commit %s; a layout must differ from its variant in layout only: rebuild the hosts (go tool mage build)", hb, commits[hb], hv, v, plain)
		}
	}
	return nil
}
