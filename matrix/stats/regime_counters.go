package stats

import "math"

// GroupCounter is one mechanism counter in a variant's two speed groups (Regimes.Low, the fast rounds,
// and Regimes.High, the slow ones): a counter whose level moves with the speed is a candidate cause of it.
type GroupCounter struct {
	Metric     Metric
	Fast, Slow Estimate // over the group's rounds that have the counter
}

// RegimeCounters compares every mechanism counter between v's speed groups, at confidence, when v's rounds
// were flagged as two speeds; nil otherwise. A counter no round of either group has is left out.
func (v *Variant) RegimeCounters(confidence float64) []GroupCounter {
	if !v.Regimes.Flagged {
		return nil
	}
	group := func(m Metric, idx []int) Estimate {
		var vals []float64
		for _, i := range idx {
			if x := m.Value(v.byRound[v.Regimes.Rounds[i]].Result); !math.IsNaN(x) {
				vals = append(vals, x)
			}
		}
		return estimate(vals, confidence, nil)
	}
	var out []GroupCounter
	for _, m := range CounterMetrics {
		g := GroupCounter{Metric: m, Fast: group(m, v.Regimes.Low.Index), Slow: group(m, v.Regimes.High.Index)}
		if !g.Fast.Empty() || !g.Slow.Empty() {
			out = append(out, g)
		}
	}
	return out
}
