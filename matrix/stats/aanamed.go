package stats

import (
	"math"

	"github.com/deflatelab/deflatelab/matrix"
)

// AANamed is what a report names as the A/A control's (matrix.AA's) differences from control, per family:
// the elapsed-time cells classed faster or slower, the lifetime ratios whose interval excludes 1, and the
// break-evens that name a long-run winner (decided). The A/A control is control's own host, so each of
// them is a false positive of the run. The report's A/A sentences and LabelSwapNull read this one
// function, so that the null recomputes exactly what the page shows.
//
// Invariants: len(Elapsed) <= ElapsedCells; LifetimeNamed() <= Ratios; len(BreakEven) <= BreakEvens.
type AANamed struct {
	Elapsed      []AACell // faster or slower, in the analysis' cell order
	ElapsedCells int      // A/A elapsed-time comparisons with data on both sides
	Lifetime     []AALifetime
	Ratios       int         // A/A lifetime ratios with an interval
	BreakEven    []*Lifetime // cells whose A/A break-even is decided
	BreakEvens   int         // A/A break-evens with an interval
}

// AACell is one A/A elapsed-time comparison named faster or slower.
type AACell struct {
	Cell  *Cell
	Delta *Delta
}

// AALifetime is one cell's A/A lifetime ratios whose interval excludes 1: their lifetimes, ascending,
// and the range of their estimates (ratios).
type AALifetime struct {
	L      *Lifetime
	Ns     []int
	Lo, Hi float64
}

// LifetimeNamed is how many A/A lifetime ratios exclude 1.
func (r AANamed) LifetimeNamed() int {
	n := 0
	for _, c := range r.Lifetime {
		n += len(c.Ns)
	}
	return n
}

// AANamed collects the A/A control's named differences over the analysis and its lifetimes ls (nil: no
// lifetime family). A run without the A/A control gives zero counts.
func (a *Analysis) AANamed(ls []*Lifetime) AANamed {
	var r AANamed
	for _, c := range a.Cells {
		d := c.Delta(matrix.AA, Elapsed.Name)
		if d == nil || d.Class() == NoData {
			continue
		}
		r.ElapsedCells++
		if d.Class().Decided() {
			r.Elapsed = append(r.Elapsed, AACell{c, d})
		}
	}
	for _, l := range ls {
		cmp := l.Comparisons[matrix.AA]
		if cmp == nil {
			continue
		}
		c := AALifetime{L: l, Lo: math.Inf(1), Hi: math.Inf(-1)}
		for _, ra := range cmp.Ratios {
			if math.IsNaN(ra.Lo) {
				continue
			}
			r.Ratios++
			if ra.Excludes1() {
				c.Ns = append(c.Ns, ra.N)
				c.Lo, c.Hi = math.Min(c.Lo, ra.Estimate), math.Max(c.Hi, ra.Estimate)
			}
		}
		if len(c.Ns) > 0 {
			r.Lifetime = append(r.Lifetime, c)
		}
		if cmp.BreakEven.ResamplesTotal > 0 {
			r.BreakEvens++
			if cmp.BreakEven.Decided {
				r.BreakEven = append(r.BreakEven, l)
			}
		}
	}
	return r
}
