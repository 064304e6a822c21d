package report

import (
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// TestDisagreementWhy: each reason is a clause with its own figures, in the order stats gives them; no
// reason says the two tests disagree.
func TestDisagreementWhy(t *testing.T) {
	x := stats.Disagreement{Cell: matrix.Cell{DOP: 4}, N: 100, MeasuredOps: 3000, PairMedian: 0.98, WallShare: [2]float64{1.5, 1.1}}
	for _, c := range []struct {
		name    string
		reasons []stats.DisagreementReason
		want    string
	}{
		{"none", nil, "both measure the same operations the same way here; the two intervals are from different tests " +
			"(signed rank of per-round log ratios, sign flips of the totals), and one of them is wrong"},
		{"wall", []stats.DisagreementReason{stats.WallBeyondOperations}, "the wall clock holds +50% beyond the operations' " +
			"durations for the candidate, +10% for control: the elapsed time counts time between operations that the lifetime cost does not"},
		{"rounds and lifetime", []stats.DisagreementReason{stats.MeanOfFewRounds, stats.LifetimeShorter}, "the lifetime ratio is a " +
			"ratio of means, and its per-round ratios have their median at -2.0%, the elapsed change's side: a few rounds carry the mean; " +
			"the lifetime ratio covers the first 100 operations, the elapsed time all 3000"},
		{"dop", []stats.DisagreementReason{stats.WallTimeAtDOP}, "at DOP 4 the elapsed time is wall time, the lifetime cost the workers' durations summed"},
	} {
		x.Reasons = c.reasons
		if got := disagreementWhy(x); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
