package stats

import (
	"fmt"
	"math"
	"testing"
)

// TestFDistAgainstR checks the F distribution functions the robust prior fit calls against R's pf, df and
// qf (testdata/fdist.R) on a grid of f, d1 (1, 2, 3.7) and d2 (0.74 to 5e5, and +Inf: chi-square), to
// 1e-8 relative: both log tails, the density and quantiles of either tail down to log p = -20.
func TestFDistAgainstR(t *testing.T) {
	lines, _ := readFloatLines(t, "testdata/fdist.txt")
	if len(lines) < 100 {
		t.Fatalf("%d rows read, want 108", len(lines))
	}
	for _, r := range lines {
		f, d1, d2 := r[0], r[1], r[2]
		at := fmt.Sprintf("f %g on (%g, %g)", f, d1, d2)
		for _, c := range []struct {
			name      string
			got, want float64
		}{
			{"log upper tail", fLogTail(f, d1, d2, true), r[3]},
			{"log lower tail", fLogTail(f, d1, d2, false), r[4]},
			{"density", fDensity(f, d1, d2), r[5]},
			{"upper quantile of log p -0.1", fQuantile(-0.1, d1, d2, true), r[6]},
			{"upper quantile of log p -3", fQuantile(-3, d1, d2, true), r[7]},
			{"upper quantile of log p -20", fQuantile(-20, d1, d2, true), r[8]},
			{"lower quantile of log p -0.1", fQuantile(-0.1, d1, d2, false), r[9]},
		} {
			if math.Abs(c.got-c.want) > 1e-8*math.Abs(c.want) {
				t.Errorf("%s: %s = %.17g, R %.17g", at, c.name, c.got, c.want)
			}
		}
	}
}
