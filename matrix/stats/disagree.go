package stats

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/lifetime"
)

// Disagreement is a cold cell whose elapsed-time verdict and lifetime ratio over the same operations
// point opposite ways, both decided: the elapsed change says faster (slower) and the lifetime ratio's
// interval lies wholly above (below) 1. The two are different measures of the same processes - the
// elapsed change is the median of the per-round ratios of the cold phase's wall time, the lifetime ratio
// the ratio of the mean summed operation durations - and Why says which difference explains this one.
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
	Why                 string
}

// Disagreements lists the cold cells of ls whose elapsed-time and lifetime verdicts disagree in
// direction, with why.
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
			x.Why = x.why()
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

// why says what makes the two measures differ in this cell, from its own figures.
func (x Disagreement) why() string {
	var parts []string
	if w := x.WallShare; math.Abs(w[0]/w[1]-1) > wallShareTolerance {
		parts = append(parts, fmt.Sprintf("the wall clock holds %+.0f%% beyond the operations' durations for the candidate, "+
			"%+.0f%% for control: the elapsed time counts time between operations that the lifetime cost does not",
			(w[0]-1)*100, (w[1]-1)*100))
	}
	if (x.PairMedian < 1) == (x.Elapsed == Faster) && x.PairMedian != 1 {
		parts = append(parts, fmt.Sprintf("the lifetime ratio is a ratio of means, and its per-round ratios have their median "+
			"at %+.1f%%, the elapsed change's side: a few rounds carry the mean", (x.PairMedian-1)*100))
	}
	if x.N < x.MeasuredOps {
		parts = append(parts, fmt.Sprintf("the lifetime ratio covers the first %d operations, the elapsed time all %d", x.N, x.MeasuredOps))
	}
	if x.Cell.DOP > 1 {
		parts = append(parts, fmt.Sprintf("at DOP %d the elapsed time is wall time, the lifetime cost the workers' durations summed", x.Cell.DOP))
	}
	if len(parts) == 0 {
		return "both measure the same operations the same way here; the two intervals are from different tests " +
			"(signed rank of per-round log ratios, sign flips of the totals), and one of them is wrong"
	}
	return strings.Join(parts, "; ")
}
