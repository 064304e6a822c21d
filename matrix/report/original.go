package report

import (
	"io"
	"math"
	"slices"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/original"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// dotnetBackends are the allocators .NET uses, listed first among a platform's backends:
// glibc's malloc under zlib-ng on Linux, .NET 10's private heap and .NET 9's _aligned_malloc on Windows.
var dotnetBackends = []string{"libc", "privateheap", "crt"}

// writeOriginal holds the original write-ups' figures against this run: always against their own setting
// (windows/amd64, privateheap), then against every other platform and backend the run measured.
func writeOriginal(w io.Writer, m *model) {
	original.WriteSection(w, "##", originalComparisons(m.Analysis))
}

func originalComparisons(a *stats.Analysis) [][]original.Comparison {
	return original.Compared(originalTargets(a), originalName(a), originalLookup(a))
}

// originalTargets lists every platform and backend of the run, each platform's .NET allocator first.
func originalTargets(a *stats.Analysis) []original.Target {
	backends := map[string][]string{}
	var platforms []string
	for _, c := range a.Cells {
		if backends[c.Platform] == nil {
			platforms = append(platforms, c.Platform)
		}
		if !slices.Contains(backends[c.Platform], c.Backend) {
			backends[c.Platform] = append(backends[c.Platform], c.Backend)
		}
	}
	rank := func(b string) int {
		if i := slices.Index(dotnetBackends, b); i >= 0 {
			return i
		}
		return len(dotnetBackends)
	}
	var out []original.Target
	for _, p := range platforms {
		bs := backends[p]
		slices.SortStableFunc(bs, func(x, y string) int { return rank(x) - rank(y) })
		for _, b := range bs {
			out = append(out, original.Target{Platform: p, Backend: b})
		}
	}
	return out
}

// originalName maps a figure's candidate to the run's: the pool write-up's 8 slots are pooled/8 in runs
// that name capacities, pooled in older ones.
func originalName(a *stats.Analysis) func(original.Figure) string {
	names := map[string]bool{}
	for _, c := range a.Cells {
		for _, n := range c.Candidates(a.Control) {
			names[n] = true
		}
	}
	return func(f original.Figure) string {
		if f.Capacity > 0 {
			if n := matrix.PooledAt(f.Capacity); names[n] || !names[f.Candidate] {
				return n
			}
		}
		return f.Candidate
	}
}

// originalLookup finds a cell's paired change for the comparison, in the page's own figures.
func originalLookup(a *stats.Analysis) original.Lookup {
	metric := map[original.Metric]string{original.Elapsed: stats.Elapsed.Name, original.FaultsPerOp: stats.Faults.Name}
	return func(k original.Key) (original.Measured, bool) {
		for _, c := range a.Cells {
			if c.Platform != k.Platform || c.Backend != k.Backend || c.Workload != k.Workload || c.DOP != k.DOP || c.Phase != k.Phase {
				continue
			}
			d := c.Delta(k.Candidate, metric[k.Metric])
			if d == nil {
				return original.Measured{}, false
			}
			center, lo, hi := d.Percent()
			if math.IsNaN(center) {
				return original.Measured{}, true
			}
			return original.Measured{Ratio: 1 + center/100, Lo: 1 + lo/100, Hi: 1 + hi/100,
				Significant: d.Significant(), Valid: true}, true
		}
		return original.Measured{}, false
	}
}
