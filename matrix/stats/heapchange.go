package stats

import (
	"math"
	"sort"

	"github.com/deflatelab/deflatelab/matrix"
)

// HeapChange is what a long-lived service's fragmented native heap does to a candidate's effect: the
// candidate's change against control in a cell of the service workload divided by its change in the
// same cell of the service workload's pristine twin (the same operation in a fresh process's heap), both
// on one metric. A HeapChange of 1 is a candidate that gains or loses as much in a service as in a fresh
// process; below 1 it gains more (or loses less) in the service.
//
// With two or more runner instances in both cells it is the difference of the two comparisons' moderated
// estimates (Delta.Instances: the mean of the instances' estimates, between-instance variance moderated
// by the analysis' prior) with a Student-t interval on Welch-Satterthwaite's degrees of freedom, the two
// treated as independent - conservative when an instance moves both cells the same way. With one
// instance it is the Hodges-Lehmann estimate of the per-round difference of the two cells' log ratios
// (the cells run round r of each close in time) with its signed-rank interval. Either way it describes,
// it does not decide: no family, no correction, no class.
//
// Invariants: Lo <= Ratio <= Hi when the interval is finite; Lo = 0 and Hi = +Inf when it is not; Ratio
// is NaN when nothing could be estimated. Pristine and Service are the two changes' point estimates as
// ratios (1.05 is +5%).
type HeapChange struct {
	Candidate, Metric string
	Pristine, Service float64
	Ratio, Lo, Hi     float64
	// Instances is how many runner instances the estimate combines (2 or more), or 0 when it comes
	// from the rounds of one instance; Pairs is then how many rounds paired.
	Instances, Pairs int
	Confidence       float64
}

// Thin reports whether the change has no interval.
func (h HeapChange) Thin() bool { return math.IsNaN(h.Ratio) || math.IsInf(h.Hi, 0) || h.Lo == 0 }

// Percent is the change as a percentage (a ratio of 0.93 is -7%) with its interval; NaN without an
// estimate, infinite bounds without an interval.
func (h HeapChange) Percent() (center, lo, hi float64) {
	if math.IsNaN(h.Ratio) {
		return math.NaN(), math.Inf(-1), math.Inf(1)
	}
	if h.Thin() {
		return pct(h.Ratio), math.Inf(-1), math.Inf(1)
	}
	return pct(h.Ratio), pct(h.Lo), pct(h.Hi)
}

// HeapChangeOf is the HeapChange of service (a candidate's Delta in a service cell) against pristine
// (the same candidate and metric in the pristine twin's cell) at confidence; false when the two are
// not the same candidate and metric or either is missing.
func HeapChangeOf(service, pristine *Delta, confidence float64) (HeapChange, bool) {
	if service == nil || pristine == nil || service.Candidate != pristine.Candidate || service.Metric != pristine.Metric {
		return HeapChange{}, false
	}
	h := HeapChange{Candidate: service.Candidate, Metric: service.Metric, Ratio: math.NaN(), Hi: math.Inf(1),
		Pristine: math.NaN(), Service: math.NaN(), Confidence: confidence}
	if service.Instances.Decides() && pristine.Instances.Decides() {
		s, p := service.Instances.Moderated, pristine.Instances.Moderated
		h.Instances = min(s.K, p.K)
		h.Pristine, h.Service = math.Exp(p.Estimate), math.Exp(s.Estimate)
		est, se := s.Estimate-p.Estimate, math.Hypot(s.SE(), p.SE())
		h.Ratio = math.Exp(est)
		if se > 0 {
			half := studentQuantile(welchDF(s.SE(), s.DF, p.SE(), p.DF), (1+confidence)/2) * se
			h.Lo, h.Hi = math.Exp(est-half), math.Exp(est+half)
		}
		return h, true
	}
	if service.HasPairs() {
		h.Service = math.Exp(service.Log.Estimate)
	}
	if pristine.HasPairs() {
		h.Pristine = math.Exp(pristine.Log.Estimate)
	}
	logs := pairedLogDifferences(service.Pairs, pristine.Pairs)
	h.Pairs = len(logs)
	if len(logs) == 0 {
		return h, true
	}
	sr := SignedRankTest(logs, confidence)
	h.Confidence, h.Ratio = sr.Confidence, 1
	if sr.N > 0 {
		h.Ratio = math.Exp(sr.Estimate)
	}
	if !sr.Thin() {
		h.Lo, h.Hi = math.Exp(sr.Lo), math.Exp(sr.Hi)
	}
	return h, true
}

// pairedLogDifferences is, for every round both a and b have a pair with a positive ratio, ln(a's ratio)
// - ln(b's ratio), in round order.
func pairedLogDifferences(a, b []Pair) []float64 {
	byRound := make(map[RoundID]float64, len(b))
	for _, p := range b {
		if p.Ratio > 0 && !math.IsInf(p.Ratio, 0) {
			byRound[p.RoundID] = math.Log(p.Ratio)
		}
	}
	var rounds []RoundID
	logA := map[RoundID]float64{}
	for _, p := range a {
		if _, ok := byRound[p.RoundID]; ok && p.Ratio > 0 && !math.IsInf(p.Ratio, 0) {
			rounds, logA[p.RoundID] = append(rounds, p.RoundID), math.Log(p.Ratio)
		}
	}
	sort.Slice(rounds, func(i, j int) bool { return rounds[i].less(rounds[j]) })
	out := make([]float64, 0, len(rounds))
	for _, r := range rounds {
		out = append(out, logA[r]-byRound[r])
	}
	return out
}

// welchDF is Welch-Satterthwaite's degrees of freedom of the sum of two independent estimates with
// standard errors se1, se2 on df1, df2 degrees of freedom (+Inf when both are exact).
func welchDF(se1, df1, se2, df2 float64) float64 {
	v1, v2 := se1*se1, se2*se2
	den := 0.0
	if v1 > 0 && !math.IsInf(df1, 1) {
		den += v1 * v1 / df1
	}
	if v2 > 0 && !math.IsInf(df2, 1) {
		den += v2 * v2 / df2
	}
	if den == 0 {
		return math.Inf(1)
	}
	return (v1 + v2) * (v1 + v2) / den
}

// ServiceHeap is one cell with a background heap (the service workload) against its pristine twin (the
// same platform, backend, DOP and phase in the workload whose operation it repeats): what the background
// costs control, and what it changes in each candidate's effect.
type ServiceHeap struct {
	Service, Pristine *Cell
	// Control is control's metric in the service cell over its twin's, paired by round (the two cells
	// run round r close in time): the Hodges-Lehmann estimate of the per-round ratio with its
	// signed-rank interval, as Distance holds it (Candidate is control's name).
	Control Distance
	// Changes has one HeapChange per candidate both cells ran, in the service cell's candidate order.
	Changes []HeapChange
}

// ServiceHeaps pairs every cell whose workload has a twin (twin returns it, "" for none) with the twin's
// cell, on metric m at the analysis' confidence; cells whose twin did not run are left out.
func (a *Analysis) ServiceHeaps(m Metric, twin func(workload string) string) []ServiceHeap {
	var out []ServiceHeap
	for _, c := range a.Cells {
		name := twin(c.Workload)
		if name == "" {
			continue
		}
		key := c.Cell
		key.Workload = name
		t := a.cell(key)
		if t == nil {
			continue
		}
		sh := ServiceHeap{Service: c, Pristine: t}
		sh.Control, _ = a.CellRatio(c.Cell, t.Cell, a.Control, m)
		for _, cand := range c.Candidates(a.Control) {
			if h, ok := HeapChangeOf(c.Delta(cand, m.Name), t.Delta(cand, m.Name), a.Confidence); ok {
				sh.Changes = append(sh.Changes, h)
			}
		}
		out = append(out, sh)
	}
	return out
}

// CellRatio is variant's metric m in cell num over its metric in cell den, paired by round (an
// interleaved run takes round r of every cell before any cell's round r+1, so a round's two samples ran
// close in time; rounds of several runs are pooled, each within its run): the Hodges-Lehmann estimate of
// the per-round ratio with its signed-rank interval at the analysis' confidence, as a Distance whose
// Candidate is the variant. It describes two cells - two workloads, two backends - that no family
// compares; false when either cell or the variant in it is missing.
func (a *Analysis) CellRatio(num, den matrix.Cell, variant string, m Metric) (Distance, bool) {
	n, d := a.cell(num), a.cell(den)
	if n == nil || d == nil || n.Variant(variant) == nil || d.Variant(variant) == nil {
		return Distance{}, false
	}
	return distanceOf(variant, m.Name, pairedVariantLogs(n.Variant(variant), d.Variant(variant), m), a.Confidence), true
}

// pairedVariantLogs is ln(a's value / b's value) for every round both ran with a positive value of m,
// in round order.
func pairedVariantLogs(a, b *Variant, m Metric) []float64 {
	var out []float64
	for _, r := range sortedRounds(a.byRound) {
		bs, ok := b.byRound[r]
		if !ok {
			continue
		}
		x, y := m.Value(a.byRound[r].Result), m.Value(bs.Result)
		if x > 0 && y > 0 {
			out = append(out, math.Log(x/y))
		}
	}
	return out
}
