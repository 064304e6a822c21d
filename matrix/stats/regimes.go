package stats

import (
	"math"

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

func detectRegimes(v *Variant) Regimes {
	s := v.series(RegimeMetric)
	return Regimes{Series: s, Result: regime.Detect(s.Values, regime.Default)}
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
