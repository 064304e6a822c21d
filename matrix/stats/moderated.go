package stats

import (
	"math"
)

// Moderated is a comparison's K instance estimates combined with their variance moderated across the
// family (Smyth 2004; limma's squeezeVar and moderated t): each instance's estimate is the effect plus
// its own sampling error plus the instance's offset (the between-instance variance), so the sample
// variance S2 of the K estimates, on K-1 degrees of freedom, estimates the whole variance of one
// instance's estimate. With K = 2 or 3 that variance is too rough to decide anything (t on 1 or 2 df);
// the comparisons of a stratum share a prior (VarPrior, fitted over them by SqueezeVar), and Post, the
// posterior variance, carries Prior.DF + K - 1 degrees of freedom. A comparison whose instances scatter
// more than the family's keeps most of that evidence (Post grows with S2), and one whose instances agree
// is decided on the family's typical spread, not on the chance closeness of two or three numbers.
//
// Before the family is fitted (a Delta made outside Analyze) Prior.DF is 0: the unmoderated t on K-1 df.
//
// Invariants: K >= 2; DF = min(Prior.DF + K - 1, the family's pooled df); Post >= 0.
type Moderated struct {
	K        int
	Estimate float64 // the mean of the instances' estimates
	S2       float64 // their sample variance, on K-1 degrees of freedom
	Prior    VarPrior
	Post     float64 // Prior.Post(S2, K-1)
	DF       float64
	PriorOf  string // the stratum Prior was fitted over (StratumPrior.Of); "" outside a family
	// Pooled: Prior is PriorOf's pooled variance (infinite DF), not its fitted prior - the small-stratum
	// rule's alternative had the larger p-value (alsoPooled, Options.PooledBelow).
	Pooled bool
}

// moderate combines instance estimates ys (at least two) with prior p; ok is false with fewer than two
// or a non-finite estimate.
func moderate(ys []float64, p VarPrior) (m Moderated, ok bool) {
	k := len(ys)
	if k < 2 {
		return m, false
	}
	var mean float64
	for _, y := range ys {
		if math.IsNaN(y) || math.IsInf(y, 0) {
			return m, false
		}
		mean += y / float64(k)
	}
	var s2 float64
	for _, y := range ys {
		s2 += (y - mean) * (y - mean) / float64(k-1)
	}
	m = Moderated{K: k, Estimate: mean, S2: s2}
	m.setPrior(p, 0)
	return m, true
}

// setPrior moderates S2 with p; pooled, when positive, caps the degrees of freedom at the family's
// total (the sum of its comparisons' K-1), as limma's eBayes does: a prior cannot carry more information
// than the data it was fitted to (an infinite prior df gives a t on the pooled df, not a normal).
func (m *Moderated) setPrior(p VarPrior, pooled float64) {
	m.Prior, m.Post, m.DF = p, p.Post(m.S2, float64(m.K-1)), p.DF+float64(m.K-1)
	if pooled > 0 {
		m.DF = math.Min(m.DF, pooled)
	}
}

// SE is the standard error of Estimate: sqrt(Post / K).
func (m Moderated) SE() float64 { return math.Sqrt(m.Post / float64(m.K)) }

// ok reports whether the combination has a positive, finite standard error to decide with.
func (m Moderated) ok() bool { se := m.SE(); return m.K >= 2 && se > 0 && !math.IsInf(se, 0) }

// Interval is the estimate's interval at confidence conf: Student's t on DF degrees of freedom (the
// normal distribution when the prior's DF is infinite).
func (m Moderated) Interval(conf float64) (lo, hi float64) {
	h := studentQuantile(m.DF, (1+conf)/2) * m.SE()
	return m.Estimate - h, m.Estimate + h
}

// P is the moderated t test's two-sided p-value for no effect: P(|T| > t) = P(F(1, DF) > t²), from the
// F distribution's upper tail on the log scale, so that a p far below 1e-16 keeps its digits (2 (1 -
// CDF(t)) rounded such a p to 0, which cells.json printed); DF = +Inf is the normal's.
func (m Moderated) P() float64 {
	t := math.Abs(m.Estimate) / m.SE()
	return math.Min(1, math.Exp(fLogTail(t*t, 1, m.DF, true)))
}

// studentQuantile is tQuantile, and the normal quantile for infinite df.
func studentQuantile(df, p float64) float64 {
	if math.IsInf(df, 1) {
		return normalQuantile(p)
	}
	return tQuantile(df, p)
}
