package aanull

import (
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// The row `lab aanull -moderation` (and -slices) marks as the lab's is the decision a report takes: the
// priors of stats.DefaultStrata, DefaultAlsoBy and DefaultAlsoByMore, instances agreeing in sign - so
// METHOD's calibration table calibrates what the reports print.
func TestModerationMethodsMarkTheReports(t *testing.T) {
	var labs []stats.ModerationMethod
	for _, m := range append(slices.Clone(moderationMethods), sliceMethods...) {
		if strings.Contains(m.Name, "(the lab's)") {
			labs = append(labs, m)
		}
	}
	if len(labs) != 2 {
		t.Fatalf("%d methods marked (the lab's); want 1 in each table", len(labs))
	}
	for _, m := range labs {
		if m.AlsoBy != stats.DefaultAlsoBy || !slices.Equal(m.AlsoByMore, stats.DefaultAlsoByMore()) || m.OnePrior ||
			!m.Agreement || m.Unmoderated || m.Robust || m.Guard != 0 || m.Outlier != 0 || m.Strata != stats.DefaultStrata {
			t.Errorf("the lab's row %+v is not the report's decision (Strata %v, AlsoBy %v and %v, agreement)",
				m, stats.DefaultStrata, stats.DefaultAlsoBy, stats.DefaultAlsoByMore())
		}
	}
}
