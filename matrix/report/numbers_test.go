package report

import (
	"math"
	"testing"
)

// TestPercentFormats pins every percent formatter's output on one grid of values, NaN, infinities and
// negative zero included, as they were before
// they were gathered into one family (then percent.go): a page's percentages did not change with it - but for
// a change below 0.05%, which printed as "0.0" and now shows its first digit that is not 0 (an interval's
// bound of -0.004% read as reaching 0 beside a decided change).
func TestPercentFormats(t *testing.T) {
	grid := []float64{math.NaN(), math.Inf(1), math.Inf(-1), -250, -12.5, -1, -0.95, -0.04, -0.005, math.Copysign(0, -1), 0,
		0.0004, 0.005, 0.04, 0.05, 0.5, 0.95, 0.961, 0.99, 0.999, 0.99922, 0.9999, 1, 1.004, 1.5, 2, 2.5, 12.5, 99.5, 100, 1234.56}
	checkGrid(t, grid, []gridCase{
		{"pctNum", pctNum, []string{"n/a", "∞", "∞", "-250", "-12", "-1", "-0.9", "-0.04", "-0.005", "-0", "0", "0.0004", "0.005", "0.04", "0.1", "0.5", "0.9", "1.0", "1.0", "1.0", "1.0", "1.0", "1", "1", "2", "2", "2", "12", "100", "100", "1235"}},
		{"pctSigned (was signed)", PctSigned, []string{"n/a", "+∞", "∞", "-250", "-12", "-1", "-0.9", "-0.04", "-0.005", "-0", "+0", "+0.0004", "+0.005", "+0.04", "+0.1", "+0.5", "+0.9", "+1.0", "+1.0", "+1.0", "+1.0", "+1.0", "+1", "+1", "+2", "+2", "+2", "+12", "+100", "+100", "+1235"}},
		{"pctLevel (was levelPct)", pctLevel, []string{"NaN%", "+Inf%", "-Inf%", "-25000.0%", "-1250.0%", "-100.0%", "-95.0%", "-4.0%", "-0.5%", "-0.0%", "0.0%", "0.0%", "0.5%", "4.0%", "5.0%", "50.0%", "95.0%", "96.1%", "99.0%", "99.90%", "99.922%", "99.9900%", "100.0%", "100.4%", "150.0%", "200.0%", "250.0%", "1250.0%", "9950.0%", "10000.0%", "123456.0%"}},
		{"pctExact (was confidencePct)", pctExact, []string{"NaN%", "+Inf%", "-Inf%", "-25000%", "-1250%", "-100%", "-95%", "-4%", "-0.5%", "-0%", "0%", "0.04%", "0.5%", "4%", "5%", "50%", "95%", "96.1%", "99%", "99.9%", "99.922%", "99.99%", "100%", "100.4%", "150%", "200%", "250%", "1250%", "9950%", "10000%", "123456%"}},
		{"pctShare 1 (was sharePct)", func(f float64) string { return pctShare(f, 1) }, []string{"NaN%", "+Inf%", "-Inf%", "-25000.0%", "-1250.0%", "-100.0%", "-95.0%", "-4.0%", "-0.5%", "-0.0%", "0.0%", "0.0%", "0.5%", "4.0%", "5.0%", "50.0%", "95.0%", "96.1%", "99.0%", "99.9%", "99.9%", "100.0%", "100.0%", "100.4%", "150.0%", "200.0%", "250.0%", "1250.0%", "9950.0%", "10000.0%", "123456.0%"}},
		{"pctShare 0 (was pctShare)", func(f float64) string { return pctShare(f, 0) }, []string{"NaN%", "+Inf%", "-Inf%", "-25000%", "-1250%", "-100%", "-95%", "-4%", "-0%", "-0%", "0%", "0%", "0%", "4%", "5%", "50%", "95%", "96%", "99%", "100%", "100%", "100%", "100%", "100%", "150%", "200%", "250%", "1250%", "9950%", "10000%", "123456%"}},
		{"pctChange (was pctLabel)", pctChange, []string{"NaN%", "++Inf%", "-Inf%", "-25100%", "-1350%", "-200%", "-195%", "-104%", "-100%", "-100%", "-100%", "-100%", "-100%", "-96%", "-95%", "-50%", "-5%", "-4%", "-1%", "0", "0", "0", "0", "0", "+50%", "+100%", "+150%", "+1150%", "+9850%", "+9900%", "+123356%"}},
	})
}

// A bound is printed with the digits that put it on its side of the margin: never as the margin itself.
func TestBoundNum(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{
		{-1.96, "-1.96"}, {-2.04, "-2.04"}, {2.04, "+2.04"}, {1.6, "+1.6"}, {-2.3, "-2.3"}, {-2.6, "-3"}, {-0.7, "-0.7"},
		{-20.4, "-20"}, {2.0004, "+2.0004"}, {-1.5, "-1.5"}, {2.6, "+3"},
	} {
		if got := boundNum(c.v, 2); got != c.want {
			t.Errorf("boundNum(%v, 2) = %q, want %q", c.v, got, c.want)
		}
	}
	if got := boundNum(-1.96, 0); got != "-2" {
		t.Errorf("without a margin: %q, want -2", got)
	}
}

// signedBound writes a bound of 10,000% or more in powers of ten.
func TestSignedBound(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{{-100, "-100"}, {9999, "+9999"}, {34735, "+3.5e4"}, {1625543, "+1.6e6"}, {-12345, "-1.2e4"}, {0.5, "+0.5"}} {
		if got := signedBound(c.v); got != c.want {
			t.Errorf("signedBound(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}

// TestNumberFormats pins the plain, byte and count formatters on one grid of values, NaN and
// infinities included, as they were when they were gathered here from ten files.
func TestNumberFormats(t *testing.T) {
	grid := []float64{math.NaN(), math.Inf(1), math.Inf(-1), -1500, -0.5, 0, 0.0004, 0.034, 0.9999, 1, 1.0424, 12.5, 144.3, 2048, 3.5 * 1024 * 1024}
	checkGrid(t, grid, []gridCase{
		{"num", num, []string{"n/a", "∞", "∞", "-1500", "-0.500", "0", "0.0004", "0.034", "1.000", "1", "1.042", "12.50", "144.3", "2048", "3670016"}},
		{"ratioNum", ratioNum, []string{"n/a", "∞", "∞", "-1500.000", "-0.500", "0.000", "0.000", "0.034", "1.000", "1.000", "1.042", "12.500", "144.300", "2048.000", "3670016.000"}},
		{"pNum", pNum, []string{"n/a", "1", "-Inf", "-1.5e+03", "-0.5", "0", "0.0004", "0.034", "1", "1", "1", "1", "1", "1", "1"}},
		{"opNum", opNum, []string{"NaN", "+Inf", "-Inf", "-1500", "-0.5", "0", "0.0004", "0.034", "0.9999", "1", "1.0424", "12.5", "144.3", "2048", "3670016"}},
		{"sdText", SDText, []string{"-", "+Inf", "-Inf", "-150000.0", "-50.0", "0.0", "0.0", "3.4", "100.0", "100.0", "104.2", "1250.0", "14430.0", "204800.0", "367001600.0"}},
		{"pct1", Pct1, []string{"-", "-", "-", "-150000.0", "-50.0", "0.0", "0.0", "3.4", "100.0", "100.0", "104.2", "1250.0", "14430.0", "204800.0", "367001600.0"}},
		{"seconds", SecondsText, []string{"-", "+Inf", "-Inf", "-1500.00", "-0.50", "0.00", "0.00", "0.03", "1.00", "1.00", "1.04", "12.5", "144", "2048", "3670016"}},
		{"widthNum", widthNum, []string{"NaN", "+Inf", "-Inf", "-1500.0", "-0.5", "0.0", "0.0", "0.0", "1.0", "1.0", "1.0", "12.5", "144.3", "2048.0", "3670016.0"}},
		{"detectNum", detectNum, []string{"+NaN", "+Inf", "-Inf", "-1500.0", "-0.5", "+0.0", "+0.0", "+0.0", "+1.0", "+1.0", "+1.0", "+12.5", "+144.3", "+2048.0", "+3670016.0"}},
		{"bytesNum", bytesNum, []string{"n/a", "∞ MiB", "∞ MiB", "-1.465 KiB", "-0.500 B", "0 B", "0.0004 B", "0.034 B", "1.000 B", "1 B", "1.042 B", "12.50 B", "144.3 B", "2 KiB", "3.500 MiB"}},
		{"tickNum", tickNum, []string{"NaN", "+Inf", "-Inf", "-1.5e+03", "-0.5", "0", "0.0004", "0.034", "1", "1", "1.04", "12.5", "144", "2050", "3.67e+06"}},
		{"boundLabel", boundLabel, []string{"n/a", "> 1M", "∞", "-1500", "-0.500", "0", "0.0004", "0.034", "1.000", "1", "1.042", "12.50", "144.3", "2048", "3670016"}},
	})
}

// A decade axis's labels are whole from 1 to a million, the float noise of 10^log10(m) rounded away.
func TestTickNumDecades(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{{1e-6, "1e-06"}, {0.001, "0.001"}, {math.Pow(10, math.Log10(2)), "2"}, {math.Pow(10, 2+math.Log10(5)), "500"}, {1000, "1000"}, {math.Pow(10, 3), "1000"}, {1e5, "100000"}, {1e6, "1e+06"}} {
		if got := tickNum(c.v); got != c.want {
			t.Errorf("tickNum(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}

// TestCountFormats pins the formatters of whole numbers and lists of them.
func TestCountFormats(t *testing.T) {
	for _, c := range []struct {
		name, got, want string
	}{
		{"thousands", thousands(20000), "20,000"},
		{"thousands negative", thousands(-1234567), "-1,234,567"},
		{"thousands small", thousands(999), "999"},
		{"nLabel", nLabel(100_000), "100k"},
		{"nLabel million", nLabel(1_000_000), "1M"},
		{"nLabel plain", nLabel(1500), "1500"},
		{"andList", andList([]int{4, 8, 12}), "4, 8 and 12"},
		{"andList one", andList([]int{4}), "4"},
		{"andList none", andList(nil), ""},
		{"joinInts", JoinInts([]int{1, 4, 8}), "1,4,8"},
		{"minutesText", MinutesText(27.5), "27.5"},
		{"alphaNum", alphaNum(0.05), "0.05"},
		{"bytesRange same", bytesRange(3.5*1024*1024, 3.5*1024*1024+1), "3.500 MiB"},
		{"bytesRange", bytesRange(2048, 4096), "2 KiB to 4 KiB"},
	} {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.name, c.got, c.want)
		}
	}
}

// gridCase is one formatter and what it prints for each value of a grid.
type gridCase struct {
	name string
	f    func(float64) string
	want []string
}

// checkGrid checks every case on every value of grid.
func checkGrid(t *testing.T, grid []float64, cases []gridCase) {
	t.Helper()
	for _, f := range cases {
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
