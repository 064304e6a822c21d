package report

import (
	"io"
	"math"
	"slices"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/original"
	"github.com/deflatelab/deflatelab/matrix/stats"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// dotnetBackends are the allocators .NET uses, listed first among a platform's backends:
// glibc's malloc under zlib-ng on Linux, .NET 10's private heap and .NET 9's _aligned_malloc on Windows.
var dotnetBackends = []string{"libc", "privateheap", "crt"}

// writeOriginal holds the original write-ups' figures against this run: always against their own setting
// (windows/amd64, privateheap), then against every other platform and backend the run measured.
func writeOriginal(w io.Writer, m *model) {
	originalSection(m.Analysis).Write(w, "##")
}

func originalSection(a *stats.Analysis) original.Section {
	return original.Compared(originalTargets(a), originalName(a), originalRun(a))
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

// originalName maps a write-up's candidate to the run's: the pool's N slots are pooled/N in runs that
// name capacities, pooled in older ones (for 8 slots, the pool's default).
func originalName(a *stats.Analysis) func(string, int) string {
	names := map[string]bool{}
	for _, c := range a.Cells {
		for _, n := range c.Candidates(a.Control) {
			names[n] = true
		}
	}
	return func(candidate string, capacity int) string {
		if capacity > 0 {
			if n := matrix.PooledAt(capacity); names[n] || !names[candidate] || capacity != 8 {
				return n
			}
		}
		return candidate
	}
}

// originalMetrics are the analysis' names of the write-ups' metrics.
var originalMetrics = map[original.Metric]string{original.Elapsed: stats.Elapsed.Name, original.FaultsPerOp: stats.Faults.Name}

// originalStatsMetrics are the write-ups' metrics as the analysis reads them from samples.
var originalStatsMetrics = map[original.Metric]stats.Metric{original.Elapsed: stats.Elapsed, original.FaultsPerOp: stats.Faults}

// measured is a delta of cell c as the comparison reads it: the adjusted interval, the class, and whether
// the cell ran more workers than processors.
func measured(c *stats.Cell, d *stats.Delta) original.Measured {
	center, lo, hi := d.AdjustedPercent()
	if math.IsNaN(center) {
		return original.Measured{}
	}
	return original.Measured{Ratio: 1 + center/100, Lo: 1 + lo/100, Hi: 1 + hi/100, Class: string(d.Class()), Valid: true,
		Oversubscribed: c.Oversubscribed()}
}

// distanceMeasured is a paired ratio between two cells (stats.Distance) as the comparison reads it.
func distanceMeasured(c *stats.Cell, d stats.Distance) original.Measured {
	m := original.Measured{Ratio: d.Ratio, Lo: d.Lo, Hi: d.Hi, Valid: d.Pairs > 0, Oversubscribed: c.Oversubscribed()}
	if d.Thin() {
		m.Lo, m.Hi = math.Inf(-1), math.Inf(1)
	}
	return m
}

// originalRun gives the comparison the run's cells, in the page's own figures.
func originalRun(a *stats.Analysis) original.Run {
	return original.Run{
		Lookup: func(k original.Key) (original.Measured, bool) {
			for _, c := range a.Cells {
				if c.Platform != k.Platform || c.Backend != k.Backend || c.Workload != k.Workload || c.DOP != k.DOP || c.Phase != k.Phase {
					continue
				}
				d := c.Delta(k.Candidate, originalMetrics[k.Metric])
				if d == nil {
					return original.Measured{}, false
				}
				return measured(c, d), true
			}
			return original.Measured{}, false
		},
		Phase: func(t original.Target, candidate, phase string, m original.Metric) []original.Measured {
			var out []original.Measured
			for _, c := range a.Cells {
				// The write-ups' claims about every cell of a phase were made over their workloads only.
				if c.Platform == t.Platform && c.Backend == t.Backend && c.Phase == phase && slices.Contains(original.Workloads(), c.Workload) {
					if d := c.Delta(candidate, originalMetrics[m]); d != nil {
						if ms := measured(c, d); ms.Valid {
							out = append(out, ms)
						}
					}
				}
			}
			return out
		},
		Margin: a.EquivMargin,
		CellRatios: func(platform, wl, variant, num, den string, m original.Metric) []original.CellRatio {
			var out []original.CellRatio
			for _, c := range a.Cells {
				if c.Platform != platform || c.Workload != wl || c.Backend != num {
					continue
				}
				other := c.Cell
				other.Backend = den
				metric, known := originalStatsMetrics[m]
				if !known {
					return nil
				}
				if d, ok := a.CellRatio(c.Cell, other, variant, metric); ok {
					out = append(out, original.CellRatio{DOP: c.DOP, Phase: c.Phase, Measured: distanceMeasured(c, d)})
				}
			}
			return out
		},
		Idle: func(t original.Target, candidate string, states int) []original.IdleCell {
			var out []original.IdleCell
			for _, c := range a.Cells {
				// A cycling workload (mixed: 12 configurations) can fill the pool; it holds states idle states only
				// when its capacity and the operations in flight over the cycle (configurations x DOP) both reach that many.
				if c.Platform != t.Platform || c.Backend != t.Backend || c.Phase != "warm" || !workload.Cycles(c.Workload) {
					continue
				}
				if capacity, ok := poolCapacity(candidate); !ok || min(capacity, configsOf(c.Workload)*c.DOP) != states {
					continue
				}
				if v := c.Variant(candidate); v != nil {
					if e := v.Metrics[stats.IdleBytes.Name]; !e.Empty() {
						out = append(out, original.IdleCell{Bytes: e.Center, DOP: c.DOP})
					}
				}
			}
			return out
		},
	}
}

// poolCapacity is a pooled candidate's capacity (the pool's default for a plain "pooled"); false for
// a candidate without a pool.
func poolCapacity(candidate string) (int, bool) {
	v, c, err := matrix.ParseCandidate(candidate)
	if err != nil || v != matrix.Pooled {
		return 0, false
	}
	if c == 0 {
		c = matrix.DefaultPoolCapacity
	}
	return c, true
}
