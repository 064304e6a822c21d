package report

import (
	"math"
	"testing"
)

// TestPercentFormats pins every percent formatter's output on one grid of values, NaN, infinities and
// negative zero included, as they were before
// they were gathered into one family (percent.go): a page's percentages did not change with it - but for
// a change below 0.05%, which printed as "0.0" and now shows its first digit that is not 0 (an interval's
// bound of -0.004% read as reaching 0 beside a decided change).
func TestPercentFormats(t *testing.T) {
	grid := []float64{math.NaN(), math.Inf(1), math.Inf(-1), -250, -12.5, -1, -0.95, -0.04, -0.005, math.Copysign(0, -1), 0,
		0.0004, 0.005, 0.04, 0.05, 0.5, 0.95, 0.961, 0.99, 0.999, 0.99922, 0.9999, 1, 1.004, 1.5, 2, 2.5, 12.5, 99.5, 100, 1234.56}
	for _, f := range []struct {
		name string
		f    func(float64) string
		want []string
	}{
		{"pctNum", pctNum, []string{"n/a", "∞", "∞", "-250", "-12", "-1", "-0.9", "-0.04", "-0.005", "-0", "0", "0.0004", "0.005", "0.04", "0.1", "0.5", "0.9", "1.0", "1.0", "1.0", "1.0", "1.0", "1", "1", "2", "2", "2", "12", "100", "100", "1235"}},
		{"pctSigned (was signed)", pctSigned, []string{"n/a", "+∞", "∞", "-250", "-12", "-1", "-0.9", "-0.04", "-0.005", "-0", "+0", "+0.0004", "+0.005", "+0.04", "+0.1", "+0.5", "+0.9", "+1.0", "+1.0", "+1.0", "+1.0", "+1.0", "+1", "+1", "+2", "+2", "+2", "+12", "+100", "+100", "+1235"}},
		{"pctLevel (was levelPct)", pctLevel, []string{"NaN%", "+Inf%", "-Inf%", "-25000.0%", "-1250.0%", "-100.0%", "-95.0%", "-4.0%", "-0.5%", "-0.0%", "0.0%", "0.0%", "0.5%", "4.0%", "5.0%", "50.0%", "95.0%", "96.1%", "99.0%", "99.90%", "99.922%", "99.9900%", "100.0%", "100.4%", "150.0%", "200.0%", "250.0%", "1250.0%", "9950.0%", "10000.0%", "123456.0%"}},
		{"pctExact (was confidencePct)", pctExact, []string{"NaN%", "+Inf%", "-Inf%", "-25000%", "-1250%", "-100%", "-95%", "-4%", "-0.5%", "-0%", "0%", "0.04%", "0.5%", "4%", "5%", "50%", "95%", "96.1%", "99%", "99.9%", "99.922%", "99.99%", "100%", "100.4%", "150%", "200%", "250%", "1250%", "9950%", "10000%", "123456%"}},
		{"pctShare 1 (was sharePct)", func(f float64) string { return pctShare(f, 1) }, []string{"NaN%", "+Inf%", "-Inf%", "-25000.0%", "-1250.0%", "-100.0%", "-95.0%", "-4.0%", "-0.5%", "-0.0%", "0.0%", "0.0%", "0.5%", "4.0%", "5.0%", "50.0%", "95.0%", "96.1%", "99.0%", "99.9%", "99.9%", "100.0%", "100.0%", "100.4%", "150.0%", "200.0%", "250.0%", "1250.0%", "9950.0%", "10000.0%", "123456.0%"}},
		{"pctShare 0 (was pctShare)", func(f float64) string { return pctShare(f, 0) }, []string{"NaN%", "+Inf%", "-Inf%", "-25000%", "-1250%", "-100%", "-95%", "-4%", "-0%", "-0%", "0%", "0%", "0%", "4%", "5%", "50%", "95%", "96%", "99%", "100%", "100%", "100%", "100%", "100%", "150%", "200%", "250%", "1250%", "9950%", "10000%", "123456%"}},
		{"pctChange (was pctLabel)", pctChange, []string{"NaN%", "++Inf%", "-Inf%", "-25100%", "-1350%", "-200%", "-195%", "-104%", "-100%", "-100%", "-100%", "-100%", "-100%", "-96%", "-95%", "-50%", "-5%", "-4%", "-1%", "0", "0", "0", "0", "0", "+50%", "+100%", "+150%", "+1150%", "+9850%", "+9900%", "+123356%"}},
	} {
		if len(f.want) != len(grid) {
			t.Fatalf("%s: %d wants for %d values", f.name, len(f.want), len(grid))
		}
		for i, v := range grid {
			if got := f.f(v); got != f.want[i] {
				t.Errorf("%s(%v) = %q, want %q", f.name, v, got, f.want[i])
			}
		}
	}
}
