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
	// Correction is the family's correction: BY (Benjamini-Yekutieli, valid under any dependence, the
	// default when empty) or BH (Benjamini-Hochberg: valid under positive dependence, and for an A/A
	// family at any stopping times; see docs/METHOD.md).
	Correction string
	// MaxN, when > 0, is the most pairs a comparison can take (the round cap): an undecided comparison
	// whose decision is out of reach by then is Futile, so that it can stop early.
	MaxN int
}

// Corrections for multiple comparisons.
const (
	BY = "BY"
	BH = "BH"
)

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
	case r.Correction != "" && r.Correction != BY && r.Correction != BH:
		return fmt.Errorf("sequential: Correction %q: allowed: %s, %s", r.Correction, BY, BH)
	case r.MaxN < 0:
		return fmt.Errorf("sequential: MaxN %d: must be >= 0 (0: no futility stopping)", r.MaxN)
	}
	return nil
}

// String names the rule for a report: what decides a comparison and at which level.
func (r Rule) String() string {
	s := fmt.Sprintf("Lai's normal-mixture confidence sequence (c = %g) per comparison, %s at %g over the page's comparisons; equivalent within -+%g%%",
		r.Precision, map[bool]string{true: "Benjamini-Hochberg", false: "Benjamini-Yekutieli"}[r.Correction == BH], r.Alpha, r.Margin*100)
	if r.MaxN > 0 {
		s += fmt.Sprintf("; a comparison stops early when no decision is within reach by %d pairs", r.MaxN)
	}
	return s
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
	// Futile is set on an undecided comparison that cannot be decided by MaxN pairs even if its mean
	// moved two standard errors in its favour and its spread stayed the same: more rounds would be spent
	// for nothing. It never decides anything, so it cannot cause a false discovery.
	Futile bool
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
	correct, h := BenjaminiYekutieli, harmonic(m)
	if r.Correction == BH {
		correct, h = BenjaminiHochberg, 1
	}
	adj, adjEq := correct(ps), correct(peqs)
	rejected, equivalent := 0, 0
	for i := range ds {
		ds[i].PAdj, ds[i].PEqAdj = adj[i], adjEq[i]
		if adj[i] <= r.Alpha {
			rejected++
		}
		if adjEq[i] <= r.Alpha {
			equivalent++
		}
	}
	level := r.Alpha * float64(max(rejected, 1)) / (float64(m) * h)
	levelEq := r.Alpha * float64(max(equivalent, 1)) / (float64(m) * h)
	for i, x := range family {
		d := &ds[i]
		d.Lo, d.Hi = RunningInterval(x, level, r.Precision)
		switch { // equivalence first, as the report's verdicts: a change inside the margin is no change
		case d.PEqAdj <= r.Alpha:
			d.Class = Equivalent
		case d.PAdj <= r.Alpha && sides[i] < 0:
			d.Class = Faster
		case d.PAdj <= r.Alpha && sides[i] > 0:
			d.Class = Slower
		}
		if d.Class == Undecided && r.MaxN > 0 {
			d.Futile = r.futile(x, level, levelEq, margin)
		}
	}
	return ds
}

// futile reports whether x cannot be decided by MaxN pairs: with its standard deviation s unchanged
// and its mean 2 standard errors more favourable, the interval at MaxN pairs would neither exclude 0 at
// the difference family's level nor fit inside -+margin at the equivalence family's. It needs futileMinN pairs.
func (r Rule) futile(x []float64, level, levelEq, margin float64) bool {
	n := len(x)
	if n < futileMinN || n >= r.MaxN {
		return false
	}
	mean, s2 := meanVar(x)
	se := math.Sqrt(s2 / float64(n))
	diff := halfWidth(r.MaxN, s2, level, r.Precision)
	eq := halfWidth(r.MaxN, s2, levelEq, r.Precision)
	return math.Abs(mean)+2*se <= diff && math.Max(0, math.Abs(mean)-2*se)+eq >= margin
}

func harmonic(m int) float64 {
	var h float64
	for i := 1; i <= m; i++ {
		h += 1 / float64(i)
	}
	return h
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

// futileMinN is the fewest pairs futility is judged from: a spread from fewer is too uncertain to give
// up on a comparison (with 4, the replay of the committed full run stopped a comparison the fixed
// analysis decided).
const futileMinN = 6
