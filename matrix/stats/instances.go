package stats

import (
	"math"
	"slices"
)

// InstanceEstimate is one runner instance's own analysis of a comparison: the signed-rank analysis of
// the log ratios of its pairs (one run = one instance, Sample.Run), at the family's selection-adjusted
// confidence once Analyze has corrected the family, and its verdict read from that interval as a
// single-instance report would.
type InstanceEstimate struct {
	Run   string
	Pairs int
	Log   SignedRank
	// SE is the standard error of Log.Estimate that its 95% interval implies (the half-width over the
	// normal quantile of its achieved level), what the combination weighs it by; NaN without an interval.
	SE    float64
	Class Class
}

// Instances is a comparison measured on several runner instances (a merged results folder): each
// instance's estimate and verdict; Moderated, their combination with a between-instance variance
// moderated across the family (Analyze fits the prior), which the delta's decision, interval and class
// read when two or more instances have an interval; and Combined, their random-effects combination
// (RandomEffects), which describes this comparison's own heterogeneity (tau, I², Q) and decides nothing.
// Disagree is set when the instances' own verdicts point opposite ways (one faster, another slower): the
// cell then gets no faster or slower verdict, whatever the combination says.
//
// Invariants: len(Per) >= 2; Moderated.K == the instances with a finite SE when Moderated.K >= 2;
// Combined.K is Moderated.K or 0 (the random-effects arithmetic did not stay finite).
type Instances struct {
	Per       []InstanceEstimate // by run
	Moderated Moderated          // K 0: fewer than two instances have an interval
	Combined  RandomEffects      // K 0: not combined
	Disagree  bool
	logs      map[string][]float64
}

// Decides reports whether the moderated combination decides the delta (two or more instances with an
// interval, and a positive, finite standard error).
func (in *Instances) Decides() bool { return in != nil && in.Moderated.ok() }

// newInstances analyses each run's log ratios at confidence and combines them; nil with fewer than two runs.
func newInstances(logs map[string][]float64, confidence, margin float64) *Instances {
	if len(logs) < 2 {
		return nil
	}
	in := &Instances{logs: logs}
	for _, run := range slices.Sorted(mapsKeys(logs)) {
		e := InstanceEstimate{Run: run, Pairs: len(logs[run]), SE: math.NaN()}
		base := SignedRankTest(logs[run], DefaultConfidence)
		if !base.Thin() {
			e.SE = (base.Hi - base.Lo) / (2 * normalQuantile((1+base.Confidence)/2))
		}
		in.Per = append(in.Per, e)
	}
	var ys, ses []float64
	for _, e := range in.Per {
		if !math.IsNaN(e.SE) && e.SE > 0 {
			ys, ses = append(ys, SignedRankTest(logs[e.Run], DefaultConfidence).Estimate), append(ses, e.SE)
		}
	}
	if re, ok := Combine(ys, ses); ok {
		in.Combined = re
	}
	if m, ok := moderate(ys, VarPrior{}); ok {
		in.Moderated = m
	}
	in.readjust(confidence, margin)
	return in
}

// readjust recomputes each instance's interval and verdict at confidence, and Disagree.
func (in *Instances) readjust(confidence, margin float64) {
	faster, slower := false, false
	for i := range in.Per {
		e := &in.Per[i]
		e.Log = SignedRankTest(in.logs[e.Run], confidence)
		e.Class = intervalClass(e.Log, margin)
		faster, slower = faster || e.Class == Faster, slower || e.Class == Slower
	}
	in.Disagree = faster && slower
}

// intervalClass reads a signed-rank interval as Class does: inside the margin equivalent, wholly below 0
// faster, above slower, else inconclusive (also without an interval).
func intervalClass(s SignedRank, margin float64) Class {
	switch {
	case s.Thin():
		return Inconclusive
	case inMargin(s.Lo, s.Hi, margin):
		return Equivalent
	case s.Hi < 0:
		return Faster
	case s.Lo > 0:
		return Slower
	}
	return Inconclusive
}
