package report

import (
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// The row `lab aanull -moderation` marks as the lab's is the decision a report takes: the family's prior
// and stats.DefaultAlsoBy's, instances agreeing in sign - so METHOD's calibration table calibrates what
// the reports print.
func TestModerationMethodsMarkTheReports(t *testing.T) {
	var labs []stats.ModerationMethod
	for _, m := range moderationMethods {
		if strings.Contains(m.Name, "(the lab's)") {
			labs = append(labs, m)
		}
	}
	if len(labs) != 1 {
		t.Fatalf("%d methods marked (the lab's); want 1", len(labs))
	}
	m := labs[0]
	if m.AlsoBy != stats.DefaultAlsoBy || m.OnePrior || !m.Agreement || m.Unmoderated || m.Robust || m.Guard != 0 ||
		m.Outlier != 0 || m.Strata != stats.DefaultStrata {
		t.Errorf("the lab's row %+v is not the report's decision (family prior, AlsoBy %v, agreement)", m, stats.DefaultAlsoBy)
	}
}
