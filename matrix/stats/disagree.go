package stats

import (
	"math"
	"slices"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/lifetime"
)

// Disagreement is a cold cell whose elapsed-time verdict and lifetime ratio over the same operations
// point opposite ways, both decided: the elapsed change says faster (slower) and the lifetime ratio's
// interval lies wholly above (below) 1. The two are different measures of the same processes - the
// elapsed change is the median of the per-round ratios of the cold phase's wall time, the lifetime ratio
// the ratio of the mean summed operation durations - and Reasons says which differences explain this one,
// from the figures beside them.
type Disagreement struct {
	Cell       matrix.Cell // the cold cell
	Candidate  string
	Elapsed    Class   // Faster or Slower
	ElapsedPct float64 // its Hodges-Lehmann change, percent
	// N is the lifetime compared: the longest of lifetime.Grid within the cold series, so that both
	// measures cover measured operations only.
	N             int
	Ratio, Lo, Hi float64 // the lifetime ratio at N and its interval
	PairMedian    float64 // the median of the per-round lifetime ratios at N
	// WallShare is, per side (candidate, control), the median over rounds of the cold samples' wall time
	// over their operations' summed durations: above 1 the wall clock holds time outside the operations
	// (waiting for a processor, the harness, the garbage collector between operations).
	WallShare           [2]float64
	MeasuredOps, Rounds int
	// Reasons are the differences between the two measures this cell's figures show, in the order a page
	// gives them; none: both measure the same operations the same way, and the two tests disagree.
	Reasons []DisagreementReason
}

// DisagreementReason is one difference between the elapsed time and the lifetime cost that can explain a
// Disagreement. Its figures are the Disagreement's own fields, named beside each reason.
type DisagreementReason int

const (
	// WallBeyondOperations: the two sides' WallShare differ by more than wallShareTolerance, so the elapsed
	// time counts time between operations that the lifetime cost does not.
	WallBeyondOperations DisagreementReason = iota + 1
	// MeanOfFewRounds: the lifetime ratio is a ratio of means, and the median of its per-round ratios
	// (PairMedian) lies on the elapsed change's side: a few rounds carry the mean.
	MeanOfFewRounds
	// LifetimeShorter: the lifetime ratio covers the first N operations, the elapsed time all MeasuredOps.
	LifetimeShorter
	// WallTimeAtDOP: above DOP 1 the elapsed time is wall time, the lifetime cost the workers' durations summed.
	WallTimeAtDOP
)

// Disagreements lists the cold cells of ls whose elapsed-time and lifetime verdicts disagree in
// direction, with the reasons their figures show.
func (a *Analysis) Disagreements(ls []*Lifetime) []Disagreement {
	var out []Disagreement
	for _, l := range ls {
		c := cellOfPhase(a, l.Cell, l.Phase)
		if c == nil {
			continue
		}
		for _, name := range slices.SortedFunc(mapsKeys(l.Comparisons), CompareNames) {
			cmp := l.Comparisons[name]
			d := c.Delta(name, Elapsed.Name)
			if d == nil || !d.Class().Decided() {
				continue
			}
			n := 0
			for _, g := range lifetime.Grid() {
				if g <= cmp.Measured {
					n = g
				}
			}
			r, ok := cmp.RatioAt(n)
			if !ok || !r.Excludes1() || (r.Estimate < 1) == (d.Class() == Faster) {
				continue
			}
			pct, _, _ := d.Percent()
			x := Disagreement{Cell: l.Cell, Candidate: name, Elapsed: d.Class(), ElapsedPct: pct, N: n, Ratio: r.Estimate,
				Lo: r.Lo, Hi: r.Hi, PairMedian: medianOf(r.PairRatios()), MeasuredOps: cmp.Measured, Rounds: cmp.Pairs,
				WallShare: [2]float64{wallShare(c.Variant(name)), wallShare(c.Variant(a.Control))}}
			x.Reasons = x.reasons()
			out = append(out, x)
		}
	}
	return out
}

// wallShareTolerance is how far the two sides' wall-time shares may differ before the difference is named
// as a reason: 2%, the equivalence margin.
const wallShareTolerance = 0.02

// wallShare is the median over v's rounds of wall time over summed operation durations; NaN without data.
func wallShare(v *Variant) float64 {
	var xs []float64
	for _, s := range v.byRound {
		var sum int64
		for _, ns := range s.Result.TimelineNs {
			sum += ns
		}
		if sum > 0 {
			xs = append(xs, float64(s.Result.ElapsedNs)/float64(sum))
		}
	}
	if len(xs) == 0 {
		return math.NaN()
	}
	return medianOf(xs)
}

// reasons lists what makes the two measures differ in this cell, from its own figures.
func (x Disagreement) reasons() []DisagreementReason {
	var out []DisagreementReason
	if w := x.WallShare; math.Abs(w[0]/w[1]-1) > wallShareTolerance {
		out = append(out, WallBeyondOperations)
	}
	if (x.PairMedian < 1) == (x.Elapsed == Faster) && x.PairMedian != 1 {
		out = append(out, MeanOfFewRounds)
	}
	if x.N < x.MeasuredOps {
		out = append(out, LifetimeShorter)
	}
	if x.Cell.DOP > 1 {
		out = append(out, WallTimeAtDOP)
	}
	return out
}
