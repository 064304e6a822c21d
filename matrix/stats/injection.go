package stats

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/deflatelab/deflatelab/matrix"
)

// The designs a regime injection compares: the order in which a run's samples ran.
const (
	// Contiguous is the design before interleaving: every round of a cell, back to back, then the next
	// cell, in the plan's cell order.
	Contiguous = "contiguous"
	// Interleaved is round r of every cell before any cell's round r+1, the cells in the order
	// matrix.Interleave.CellOrder draws for the round (the runner's design from issue 27 on).
	Interleaved = "interleaved"
)

// The regimes a regime injection injects.
const (
	// MachineRegime slows every sample in its window 2x: a machine state that every variant pays.
	MachineRegime = "machine"
	// PooledRegime slows only the pooled variants' samples in its window 2x: a machine state one variant
	// pays, as the +161% (a state taken up on the other processor cost 2.6 times more, and only the pool
	// takes states up on the other processor).
	PooledRegime = "pooled"
)

// RegimeInjection is what a time-clustered regime does to one run's elapsed-time verdicts under one
// design: the regime slows samples 2x for a quarter of the run, in run order, starting at each of Starts
// evenly spaced points; each comparison's verdict is set against the run's own (no regime). Counts are
// summed over the starts.
type RegimeInjection struct {
	Design, Regime string
	Starts         int
	Comparisons    int // elapsed-time comparisons per start
	Changed        int // verdicts that differ from the run's own
	Unstable       int // of which became unstable (the detector saw the regime)
	NewDecided     int // of which became faster or slower from inconclusive or equivalent: a false verdict
	Flipped        int // of which turned faster <-> slower
	Examples       []string
}

// InjectRegimes measures RegimeInjection for both designs and both regimes on samples of plan (one run's:
// the first run's samples are used), with starts window positions and seed for the interleaved order.
func InjectRegimes(plan matrix.Plan, samples []matrix.Sample, starts int, seed uint64, opts Options) ([]RegimeInjection, error) {
	if starts < 1 {
		return nil, fmt.Errorf("stats: regime injection: %d starts; want 1 or more", starts)
	}
	var run []matrix.Sample
	for _, s := range samples {
		if s.Run == samples[0].Run {
			run = append(run, s)
		}
	}
	opts.Metrics = []Metric{Elapsed}
	base, err := Analyze(run, opts)
	if err != nil {
		return nil, err
	}
	want := verdictsOf(base)
	var out []RegimeInjection
	for _, design := range []string{Contiguous, Interleaved} {
		order := runOrder(plan.Cells(), run, design, seed)
		for _, regime := range []string{MachineRegime, PooledRegime} {
			res := RegimeInjection{Design: design, Regime: regime, Starts: starts, Comparisons: len(want)}
			window := len(order) / 4
			for k := range starts {
				start := k * (len(order) - window) / max(starts-1, 1)
				hit := make([]matrix.Sample, len(order))
				copy(hit, order)
				for i := start; i < start+window; i++ {
					s := &hit[i]
					if s.Result == nil || (regime == PooledRegime && matrix.HostVariant(s.Variant) != matrix.Pooled) {
						continue
					}
					r := *s.Result
					r.ElapsedNs *= 2
					s.Result = &r
				}
				a, err := Analyze(hit, opts)
				if err != nil {
					return nil, err
				}
				for key, got := range verdictsOf(a) {
					was := want[key]
					if got == was {
						continue
					}
					res.Changed++
					switch {
					case got == Unstable:
						res.Unstable++
					case got.Decided() && was.Decided():
						res.Flipped++
					case got.Decided():
						res.NewDecided++
					}
					if len(res.Examples) < 4 && got != Unstable {
						res.Examples = append(res.Examples, fmt.Sprintf("%s: %s -> %s", key, was, got))
					}
				}
			}
			out = append(out, res)
		}
	}
	return out, nil
}

// verdictsOf is every elapsed-time comparison's class, by "backend workload/DOP phase candidate".
func verdictsOf(a *Analysis) map[string]Class {
	out := map[string]Class{}
	for _, c := range a.Cells {
		for _, d := range c.Deltas {
			if d.Metric == Elapsed.Name {
				out[fmt.Sprintf("%s %s/%d %s %s", c.Backend, c.Workload, c.DOP, c.Phase, d.Candidate)] = d.Class()
			}
		}
	}
	return out
}

// runOrder puts one run's samples in the order design runs the plan's cells: within a round of a cell by
// position.
func runOrder(cells []matrix.Cell, samples []matrix.Sample, design string, seed uint64) []matrix.Sample {
	index := map[matrix.Cell]int{}
	for i, c := range cells {
		index[c] = i
	}
	il := matrix.Interleave{Seed: seed}
	rank := map[int][]int{} // round -> each cell's place in it
	place := func(round int, c matrix.Cell) int {
		if rank[round] == nil {
			rank[round] = make([]int, len(cells))
			for p, i := range il.CellOrder(len(cells), round) {
				rank[round][i] = p
			}
		}
		return rank[round][index[c]]
	}
	out := slices.Clone(samples)
	slices.SortStableFunc(out, func(a, b matrix.Sample) int {
		if design == Interleaved {
			return cmp.Or(cmp.Compare(a.Round, b.Round), cmp.Compare(place(a.Round, a.Cell), place(b.Round, b.Cell)), cmp.Compare(a.Position, b.Position))
		}
		return cmp.Or(cmp.Compare(index[a.Cell], index[b.Cell]), cmp.Compare(a.Round, b.Round), cmp.Compare(a.Position, b.Position))
	})
	return out
}
