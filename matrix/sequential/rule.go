package sequential

import (
	"fmt"
	"math"
)

// Classes a comparison can be decided as; Undecided keeps it open.
const (
	Faster     = "faster"     // the mean log ratio is below 0, after the family's correction
	Slower     = "slower"     // above 0, after the correction
	Equivalent = "equivalent" // inside -+ln(1+Margin), after the correction
	Undecided  = ""
)

// Rule is the stopping rule of an adaptive run: a page's comparisons form one family per question
// (different from no change; equivalent within the margin), each corrected with Benjamini-Yekutieli at
// Alpha over the anytime-valid p-values of Lai's confidence sequence with prior precision Precision.
type Rule struct {
	Alpha     float64 // false discovery rate of each family, in (0, 1)
	Margin    float64 // equivalence margin, a fraction (0.02: within -+2%), > 0
	Precision float64 // the mixture's c, > 0
}

// DefaultRule is the lab's: 5% false discoveries, the report's 2% equivalence margin, DefaultPrecision.
var DefaultRule = Rule{Alpha: 0.05, Margin: 0.02, Precision: DefaultPrecision}

// Validate names the first field out of range and what is allowed.
func (r Rule) Validate() error {
	switch {
	case !(r.Alpha > 0 && r.Alpha < 1):
		return fmt.Errorf("sequential: Alpha %v: must be between 0 and 1 exclusive", r.Alpha)
	case !(r.Margin > 0 && r.Margin < 1):
		return fmt.Errorf("sequential: Margin %v: must be between 0 and 1 exclusive", r.Margin)
	case !(r.Precision > 0) || math.IsInf(r.Precision, 0):
		return fmt.Errorf("sequential: Precision %v: must be positive and finite", r.Precision)
	}
	return nil
}

// String names the rule for a report: what decides a comparison and at which level.
func (r Rule) String() string {
	return fmt.Sprintf("Lai's normal-mixture confidence sequence (c = %g) per comparison, Benjamini-Yekutieli at %g over the page's comparisons; equivalent within -+%g%%",
		r.Precision, r.Alpha, r.Margin*100)
}

// Decision is one comparison's state under a Rule.
type Decision struct {
	Class  string  // Faster, Slower, Equivalent or Undecided
	N      int     // log ratios seen
	Mean   float64 // of the log ratios
	P, PEq float64 // anytime-valid p-values: no change; not equivalent
	// PAdj and PEqAdj are P and PEq adjusted over the family (Benjamini-Yekutieli).
	PAdj, PEqAdj float64
	// Lo and Hi bound the mean log ratio: the running intersection of the confidence sequence's intervals
	// at the level the family's correction leaves each selected comparison, Alpha * R / (m * H_m) for R
	// comparisons decided different of m (Benjamini and Yekutieli's false-coverage adjustment; R >= 1).
	Lo, Hi float64
}

// Decide decides every comparison of a family at once from its log ratios so far (one slice per
// comparison, in round order; an empty slice is a comparison with no pairs yet, p = 1). Because every
// p-value only falls as rounds arrive and the correction is monotone, a comparison decided now stays
// decided when any comparison takes more rounds, and its direction is that of the prefix whose evidence
// set its p-value: a cell may close as soon as its comparisons are decided.
func (r Rule) Decide(family [][]float64) []Decision {
	m := len(family)
	ds := make([]Decision, m)
	ps, peqs, sides := make([]float64, m), make([]float64, m), make([]int, m)
	margin := math.Log1p(r.Margin)
	for i, x := range family {
		d := &ds[i]
		d.N = len(x)
		d.Mean, _, _ = Interval(x, r.Alpha, r.Precision)
		d.P, sides[i] = pValueSide(x, 0, r.Precision)
		d.PEq = EquivalencePValue(x, margin, r.Precision)
		ps[i], peqs[i] = d.P, d.PEq
	}
	adj, adjEq := BenjaminiYekutieli(ps), BenjaminiYekutieli(peqs)
	rejected := 0
	for i := range ds {
		ds[i].PAdj, ds[i].PEqAdj = adj[i], adjEq[i]
		if adj[i] <= r.Alpha {
			rejected++
		}
	}
	var h float64
	for i := 1; i <= m; i++ {
		h += 1 / float64(i)
	}
	level := r.Alpha * float64(max(rejected, 1)) / (float64(m) * h)
	for i, x := range family {
		d := &ds[i]
		d.Lo, d.Hi = RunningInterval(x, level, r.Precision)
		switch {
		case d.PAdj <= r.Alpha && sides[i] < 0:
			d.Class = Faster
		case d.PAdj <= r.Alpha && sides[i] > 0:
			d.Class = Slower
		case d.PEqAdj <= r.Alpha:
			d.Class = Equivalent
		}
	}
	return ds
}

// RunningInterval is the intersection of the confidence sequence's intervals over every prefix of x, at
// alpha: still a (1-alpha) time-uniform interval, and one that only narrows as values arrive.
func RunningInterval(x []float64, alpha, c float64) (lo, hi float64) {
	lo, hi = math.Inf(-1), math.Inf(1)
	for k := 2; k <= len(x); k++ {
		_, l, h := Interval(x[:k], alpha, c)
		lo, hi = math.Max(lo, l), math.Min(hi, h)
	}
	return lo, hi
}
