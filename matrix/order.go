package matrix

import (
	"math/rand/v2"
	"slices"
)

// RoundOrder is the order in which the variants run in round r of the cellIndex-th cell.
//
// Rotate uses a Williams design: a Latin square (each variant takes each position once per n rounds)
// whose rows also balance first-order carry-over (each variant directly follows each other variant
// equally often) over a period of n rounds for an even number of variants and 2n for an odd number.
// Position balance is exact when Rounds is a multiple of n, carry-over balance when it is a multiple of
// the period. The same square is used in every cell.
//
// Shuffle draws a uniform permutation from a PCG stream keyed by (Seed, cell index, round), so the order
// of any sample can be recomputed from the recorded plan, and a resumed run keeps the orders it had.
//
// An adaptive plan's rounds, and any plan's extra rounds after its own (re-sampling), come in foldover
// pairs instead: round 2k is the base order k and round 2k+1 the same order reversed, so that every
// two-round batch is balanced on its own - each variant's mean position is the same, and each candidate
// runs before control in one round and after it in the other - whenever the runner stops. For an odd
// number n of variants the first n pairs are exactly the Williams design's 2n rows (its rows n..2n-1
// are rows 0..n-1 reversed), reordered; for an even n, row r+n/2 is row r reversed, so the first n/2
// pairs are its period's rows, reordered.
func (p Plan) RoundOrder(cellIndex, r int) []string {
	switch {
	case p.Adaptive != nil:
		return p.foldover(cellIndex, 0, r)
	case r >= p.Rounds:
		return p.foldover(cellIndex, p.Rounds, r-p.Rounds)
	}
	return p.baseOrder(cellIndex, r)
}

// foldover is round r of foldover pairs whose base orders start at base order first.
func (p Plan) foldover(cellIndex, first, r int) []string {
	out := p.baseOrder(cellIndex, first+r/2)
	if r%2 == 1 {
		slices.Reverse(out)
	}
	return out
}

// baseOrder is the rotation's (or the shuffle's) r-th order.
func (p Plan) baseOrder(cellIndex, r int) []string {
	n := len(p.Variants)
	out := make([]string, n)
	if p.Order == Shuffle {
		rng := rand.New(rand.NewPCG(p.Seed, uint64(cellIndex)<<32|uint64(r)))
		for i, j := range rng.Perm(n) {
			out[i] = p.Variants[j]
		}
		return out
	}
	for i, j := range williamsRow(n, r) {
		out[i] = p.Variants[j]
	}
	return out
}

// RotationPeriod is the number of rounds after which the rotation of n variants repeats: n for an even
// n, 2n for an odd n. Carry-over is balanced over whole periods (see RoundOrder).
func RotationPeriod(n int) int {
	if n%2 == 1 {
		return 2 * n
	}
	return n
}

// williamsRow is row r (mod the period) of a Williams design for n treatments. The first row is
// 0, 1, n-1, 2, n-2, ...; row k adds k mod n to it; for odd n the next n rows are those rows reversed.
func williamsRow(n, r int) []int {
	if n == 0 {
		return nil
	}
	r %= RotationPeriod(n)
	row := make([]int, n)
	for i := range n {
		base := (i + 1) / 2 // odd positions count up: 1, 2, ...
		if i > 0 && i%2 == 0 {
			base = n - i/2 // even positions count down: n-1, n-2, ...
		}
		row[i] = (base + r) % n
	}
	if r >= n {
		slices.Reverse(row)
	}
	return row
}
