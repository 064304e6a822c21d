package matrix

import (
	"cmp"
	"math/rand/v2"
	"slices"
)

// Interleave is a run's order across cells (run.json "interleave"): the run takes round r of every
// open cell before any cell's round r+1, so that each cell's rounds spread over the whole run and a
// machine state that lasts minutes lands on many cells a little rather than on one cell whole
// (randomized multiple interleaved trials; docs/METHOD.md, "Interleaved rounds"). Within a round the
// cells run in a random order drawn from Seed: a permutation of the plan's cells per round number
// (CellOrder), so that the order is recorded by the seed alone, a resumed run takes its missing samples
// in the order they would have run, and two replicas of one plan (different seeds) run in different
// orders. Inside a cell, the variants keep the plan's order (Plan.RoundOrder).
//
// A run without it in run.json is older than interleaving: each cell's rounds ran back to back.
type Interleave struct {
	Seed uint64 `json:"seed"`
}

// CellOrder is the order of the plan's n cells in round r: a permutation of 0..n-1.
func (il Interleave) CellOrder(n, round int) []int {
	return rand.New(rand.NewPCG(il.Seed, uint64(round))).Perm(n)
}

// Sweep orders the cells that take a round in one pass over the open cells: each at the round round(c)
// gives it, by its place in that round's CellOrder (cells at different rounds, as under adaptive
// stopping with re-sampling, by place, then round, then index).
func (il Interleave) Sweep(cells []*CellProgress, n int, round func(*CellProgress) int) []*CellProgress {
	ranks := map[int][]int{} // round -> rank of each plan cell index
	rank := func(c *CellProgress) int {
		r := round(c)
		if ranks[r] == nil {
			rk := make([]int, n)
			for place, i := range il.CellOrder(n, r) {
				rk[i] = place
			}
			ranks[r] = rk
		}
		return ranks[r][c.Index]
	}
	out := slices.Clone(cells)
	slices.SortStableFunc(out, func(a, b *CellProgress) int {
		return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(round(a), round(b)), cmp.Compare(a.Index, b.Index))
	})
	return out
}
