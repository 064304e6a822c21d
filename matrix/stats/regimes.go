package stats

import (
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
