package stats

import (
	"math"
	"slices"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/regime"
)

// RegimeMetric is the metric whose per-round series the regime detector reads: time per operation (its
// ratios are those of Elapsed, so one detection serves both).
var RegimeMetric = ElapsedPerOp

// Series is one variant's values of a metric in one cell, one per usable round, in round order (the
// order in which the rounds ran within a run).
type Series struct {
	Rounds []RoundID
	Values []float64
}

// series returns v's values of m in round order.
func (v *Variant) series(m Metric) Series {
	var s Series
	for _, id := range sortedRounds(v.byRound) {
		s.Rounds = append(s.Rounds, id)
		s.Values = append(s.Values, m.Value(v.byRound[id].Result))
	}
	return s
}

// Regimes is the variant's regime detection over its time per operation, in round order: Flagged when
// its rounds sit at two separated speeds (regime.Default). Result.Low.Index and High.Index are positions
// in Series.
type Regimes struct {
	Series
	regime.Result
}

// detectRegimes looks for two speeds within each run's rounds (a merged folder holds several runner
// instances, each at its own speed: that is the instances' variance, which the moderated combination
// carries, not two states of one machine) and keeps the run whose split is flagged, the most separated one
// when several are, else the first run's.
func detectRegimes(v *Variant) Regimes {
	s := v.series(RegimeMetric)
	var out Regimes
	first := true
	for _, run := range s.runs() {
		part := s.ofRun(run)
		r := Regimes{Series: part, Result: regime.Detect(part.Values, regime.Default)}
		if first || (r.Flagged && (!out.Flagged || r.Separation > out.Separation)) {
			out, first = r, false
		}
	}
	if first {
		return Regimes{Series: s, Result: regime.Detect(s.Values, regime.Default)}
	}
	return out
}

// unstablePair reports whether delta d of cand against control rests on two machine states: either side's
// rounds ran at two speeds (Variant.Regimes) - unless both switched in exactly the same rounds and the
// per-round ratios themselves show one speed: a state both sides of every round shared is what pairing
// cancels (a machine-wide slowdown over a quarter of an interleaved run lands on a few rounds of every
// cell, on control and candidate alike).
func unstablePair(control, cand *Variant, d *Delta) bool {
	cf, kf := control.Regimes.Flagged, cand.Regimes.Flagged
	if !cf && !kf {
		return false
	}
	if !cf || !kf || !slices.Equal(control.Regimes.GroupRounds(control.Regimes.High), cand.Regimes.GroupRounds(cand.Regimes.High)) {
		return true
	}
	ratios := make([]float64, 0, len(d.Pairs))
	for _, p := range d.Pairs {
		ratios = append(ratios, p.Ratio)
	}
	return regime.Detect(ratios, regime.Default).Flagged
}

// runs lists the distinct runs of s's rounds, in order.
func (s Series) runs() []string {
	var out []string
	for _, r := range s.Rounds {
		if len(out) == 0 || out[len(out)-1] != r.Run {
			out = append(out, r.Run)
		}
	}
	return out
}

// ofRun is the part of s from one run.
func (s Series) ofRun(run string) Series {
	var out Series
	for i, r := range s.Rounds {
		if r.Run == run {
			out.Rounds, out.Values = append(out.Rounds, r), append(out.Values, s.Values[i])
		}
	}
	return out
}

// GroupRounds lists the rounds of one of r's groups (r.Low or r.High).
func (r Regimes) GroupRounds(g regime.Group) []RoundID {
	out := make([]RoundID, 0, len(g.Index))
	for _, i := range g.Index {
		out = append(out, r.Rounds[i])
	}
	return out
}

// RegimeThresholds are the detector's thresholds, for a report to state.
func RegimeThresholds() (ratio, separation float64) {
	return regime.Default.MinRatio, regime.Default.MinSeparation
}

// Sibling is a variant of the same host as a flagged one (pooled/16 beside pooled/12: one binary at two
// capacities), not flagged itself, whose every round sat on one side of the flagged variant's gap: at its
// slow speed (Slow) or its fast one. A state that switched the one may have held the other for the whole
// cell, where no within-cell detector can see it; its verdict stands, with that caveat.
type Sibling struct {
	Name string
	Slow bool
}

// SiblingsAtOneSpeed lists the cell's unflagged variants that run flagged's host and sat wholly on one
// side of its gap, in the cell's variant order.
func (c *Cell) SiblingsAtOneSpeed(flagged *Variant) []Sibling {
	rg := flagged.Regimes
	if !rg.Flagged {
		return nil
	}
	host, _, err := matrix.ParseCandidate(flagged.Name)
	if err != nil {
		return nil
	}
	lowTop, highBottom := math.Inf(-1), math.Inf(1)
	for _, i := range rg.Low.Index {
		lowTop = max(lowTop, rg.Values[i])
	}
	for _, i := range rg.High.Index {
		highBottom = min(highBottom, rg.Values[i])
	}
	// A speed's band runs from the gap's middle (on the ratio scale the detector uses) to its group's far
	// end widened by half the gap, so that a sibling far off both speeds (pooled/8 missing its states) is
	// in neither.
	lowBottom, highTop := math.Inf(1), math.Inf(-1)
	for _, x := range rg.Values {
		lowBottom, highTop = min(lowBottom, x), max(highTop, x)
	}
	mid, half := math.Sqrt(lowTop*highBottom), math.Sqrt(rg.Ratio)
	fast, slow := [2]float64{lowBottom / half, mid}, [2]float64{mid, highTop * half}
	var out []Sibling
	for _, v := range c.Variants {
		if h, _, err := matrix.ParseCandidate(v.Name); err != nil || h != host || v == flagged || v.Regimes.Flagged || len(v.Regimes.Values) == 0 {
			continue
		}
		switch {
		case within(v.Regimes.Values, slow):
			out = append(out, Sibling{Name: v.Name, Slow: true})
		case within(v.Regimes.Values, fast):
			out = append(out, Sibling{Name: v.Name})
		}
	}
	return out
}

// within reports whether every value lies in band [lo, hi].
func within(values []float64, band [2]float64) bool {
	for _, x := range values {
		if x < band[0] || x > band[1] {
			return false
		}
	}
	return true
}
