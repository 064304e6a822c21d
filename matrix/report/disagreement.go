package report

import (
	"fmt"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// disagreementWhy says why a cold cell's elapsed time and lifetime cost point opposite ways
// (stats.Disagreement), one clause per reason its figures show, joined by semicolons.
func disagreementWhy(x stats.Disagreement) string {
	if len(x.Reasons) == 0 {
		return "both measure the same operations the same way here; the two intervals are from different tests " +
			"(signed rank of per-round log ratios, sign flips of the totals), and one of them is wrong"
	}
	parts := make([]string, len(x.Reasons))
	for i, r := range x.Reasons {
		parts[i] = disagreementReason(x, r)
	}
	return strings.Join(parts, "; ")
}

// disagreementReason is one reason of x as a clause, with the figures it rests on.
func disagreementReason(x stats.Disagreement, r stats.DisagreementReason) string {
	switch r {
	case stats.WallBeyondOperations:
		return fmt.Sprintf("the wall clock holds %s beyond the operations' durations for the candidate, "+
			"%s for control: the elapsed time counts time between operations that the lifetime cost does not",
			signedFixed((x.WallShare[0]-1)*100, 0)+"%", signedFixed((x.WallShare[1]-1)*100, 0)+"%")
	case stats.MeanOfFewRounds:
		return fmt.Sprintf("the lifetime ratio is a ratio of means, and its per-round ratios have their median "+
			"at %s%%, the elapsed change's side: a few rounds carry the mean", signedFixed((x.PairMedian-1)*100, 1))
	case stats.LifetimeShorter:
		return fmt.Sprintf("the lifetime ratio covers the first %d operations, the elapsed time all %d", x.N, x.MeasuredOps)
	case stats.WallTimeAtDOP:
		return fmt.Sprintf("at DOP %d the elapsed time is wall time, the lifetime cost the workers' durations summed", x.Cell.DOP)
	}
	return fmt.Sprintf("reason %d", r)
}
