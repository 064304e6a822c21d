package stats

import (
	"fmt"
	"path/filepath"
	"sort"
	"sync"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// committed caches the newest committed report's plan and samples: two tests read its 23 MB.
var committed struct {
	sync.Once
	plan    matrix.Plan
	samples []matrix.Sample
	err     error
}

// committedProfile is the profile of the committed run these tests read: the full profile, whose three
// workloads, five candidates and four DOPs the injections and calibrations here were sized on.
const committedProfile = "full"

// committedRun reads the raw samples and plan of the newest committed report of the full profile.
func committedRun(t *testing.T) (matrix.Plan, []matrix.Sample) {
	t.Helper()
	committed.Do(func() {
		paths, _ := filepath.Glob(filepath.Join("..", "..", "reports", "*", "raw", "*", resultsdir.SamplesFile))
		sort.Strings(paths)
		for i := len(paths) - 1; i >= 0; i-- {
			m, err := resultsdir.ReadManifest(filepath.Dir(paths[i]))
			if err != nil || m.Profile != committedProfile {
				continue
			}
			committed.plan = m.Plan
			committed.samples, committed.err = resultsdir.ReadSamples(paths[i])
			return
		}
		committed.err = fmt.Errorf("no committed report of the %s profile with raw samples under reports/", committedProfile)
	})
	if committed.err != nil {
		t.Fatal(committed.err)
	}
	return committed.plan, committed.samples
}

// TestRegimeInjection is issue 27's evidence (b): a 2x regime lasting a quarter of the committed run,
// injected in run order at 8 evenly spaced starts, under the contiguous design (every round of a cell
// back to back) and the interleaved one (round r of every cell before round r+1). go test ./matrix/stats
// -run RegimeInjection -v prints what docs/notebook/2026-12-01-time-clustered-regime.md quotes.
func TestRegimeInjection(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the committed report's 23 MB of samples")
	}
	plan, samples := committedRun(t)
	res, err := InjectRegimes(plan, samples, 8, 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	by := map[string]RegimeInjection{}
	for _, r := range res {
		by[r.Design+" "+r.Regime] = r
		t.Logf("%s design, %s regime: of %d comparisons x %d starts, %d verdicts changed: %d unstable, %d new faster/slower, %d flipped; e.g. %v",
			r.Design, r.Regime, r.Comparisons, r.Starts, r.Changed, r.Unstable, r.NewDecided, r.Flipped, r.Examples)
	}
	c, i := by[Contiguous+" "+PooledRegime], by[Interleaved+" "+PooledRegime]
	if c.NewDecided+c.Flipped <= i.NewDecided+i.Flipped {
		t.Errorf("a pooled-only regime made %d false or flipped verdicts contiguous, %d interleaved: interleaving should expose it",
			c.NewDecided+c.Flipped, i.NewDecided+i.Flipped)
	}
}
