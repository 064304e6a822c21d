package stats

import "math"

// ReuseBound is the candidate that is the reuse bound: .NET 11's caller-owned states (variants/reuse),
// where every worker keeps and Resets its own state per configuration, with nothing shared. No pool can
// reuse more or wait less, so a pool's time relative to it is how far the pool is from the best reuse
// can do. (A constant here, like matrix.Pooled, so that reading results does not link the variants.)
const ReuseBound = "reuse"

// Distance is a candidate's distance from the reuse bound in one cell on one metric: the per-round
// ratio candidate/reuse, from the rounds in which both have a usable sample with the metric (each round
// runs both, so the pairs share the round's machine state), as the Hodges-Lehmann estimate of the log
// ratios and their Wilcoxon signed-rank interval, as a ratio. It is a description, not a decision: it
// takes no part in any family's correction and has no class; the interval is at the confidence asked.
// Pairs from several runner instances are pooled (each round stays within its instance).
//
// Invariants: Pairs counts the log ratios the estimate was made from; Ratio is NaN when Pairs is 0;
// Lo <= Ratio <= Hi when the interval is finite, and Lo = 0, Hi = +Inf when it is not (Thin).
type Distance struct {
	Candidate string
	Metric    string
	Pairs     int
	Ratio     float64
	Lo, Hi    float64
	// Confidence is the interval's achieved confidence (see SignedRank.Confidence).
	Confidence float64
}

// Thin reports whether the distance has no interval (fewer than 6 pairs at 95%).
func (d Distance) Thin() bool { return d.Pairs == 0 || math.IsInf(d.Hi, 0) || d.Lo == 0 }

// Percent is the distance as a percentage change from the bound (a ratio of 1.08 is +8%) with its
// interval; NaN without pairs, infinite bounds without an interval.
func (d Distance) Percent() (center, lo, hi float64) {
	if d.Pairs == 0 {
		return math.NaN(), math.Inf(-1), math.Inf(1)
	}
	if d.Thin() {
		return pct(d.Ratio), math.Inf(-1), math.Inf(1)
	}
	return pct(d.Ratio), pct(d.Lo), pct(d.Hi)
}

// DistanceFromBound is candidate's Distance from the reuse bound in c on metric m, at confidence; false
// when either is not in the cell.
func (c *Cell) DistanceFromBound(candidate string, m Metric, confidence float64) (Distance, bool) {
	bound, cand := c.Variant(ReuseBound), c.Variant(candidate)
	if bound == nil || cand == nil || candidate == ReuseBound {
		return Distance{}, false
	}
	logs := pairedVariantLogs(cand, bound, m) // the rounds both ran, each pair sharing its round
	return distanceOf(candidate, m.Name, logs, confidence), true
}

// distanceOf is the Distance the log ratios logs give.
func distanceOf(candidate, metric string, logs []float64, confidence float64) Distance {
	d := Distance{Candidate: candidate, Metric: metric, Pairs: len(logs), Ratio: math.NaN(), Hi: math.Inf(1)}
	if len(logs) == 0 {
		return d
	}
	s := SignedRankTest(logs, confidence)
	d.Confidence = s.Confidence
	if s.N == 0 { // every pair equal
		d.Ratio = 1
	} else {
		d.Ratio = math.Exp(s.Estimate)
	}
	if !s.Thin() {
		d.Lo, d.Hi = math.Exp(s.Lo), math.Exp(s.Hi)
	}
	return d
}
