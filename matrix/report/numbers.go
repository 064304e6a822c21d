package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/lifetime"
)

// Every number the report prints is formatted here, one function per kind of number, so that a kind reads
// the same on every page and a change to how it reads is made once. Cells and sentences call these; no
// other file formats a floating-point number itself (TestNumbersFormattedInOneFile): integers alone go
// through fmt's %d.

// Percentages. A value comes in one of three forms - already a
// percentage (a stats Percent field: 4.2 for 4.2%), a fraction (a share or a confidence level: 0.042),
// or a ratio (1.042) - and each variant says which it takes. They differ only where a reader needs
// them to: a change is read against its neighbours in a table, a confidence level must be told from
// 100%, a share is a fixed number of decimals, an axis label is a whole percent.

// pctNum formats a percentage, without the sign, with no decimals (intervals are rarely tighter than
// 1%), at least one decimal below 1%, so that a small real change does not print as 0 - and below 0.05%
// as many as it takes to show a digit that is not 0, so that an interval's bound that excludes 0 never
// reads as 0 ("-0.004", not "-0.0").
func pctNum(v float64) string {
	switch {
	case math.IsNaN(v):
		return "n/a"
	case math.IsInf(v, 0):
		return "∞"
	case math.Abs(v) < 0.05 && v != 0:
		return fixed(v, min(int(math.Ceil(-math.Log10(math.Abs(v)))), maxSmallDigits))
	case math.Abs(v) < 1 && v != 0:
		return fixed(v, 1)
	}
	return fixed(v, 0)
}

// maxSmallDigits bounds the decimals of a percentage near 0: a change of 1e-6% is not news, and its sign
// shows at that many.
const maxSmallDigits = 6

// PctSigned is pctNum with an explicit sign: a change, where "+" and "-" are the news.
func PctSigned(v float64) string {
	s := pctNum(v)
	if v > 0 || (v == 0 && !strings.HasPrefix(s, "-")) {
		return "+" + s
	}
	return s
}

// pctLevel formats a confidence level (a fraction) with the digits that tell it from 100%: "96.1%",
// "99.922%" - a family's adjusted levels differ only there.
func pctLevel(c float64) string {
	miss := (1 - c) * 100
	digits := 1
	if miss > 0 {
		digits = max(1, int(math.Ceil(-math.Log10(miss)))+1)
	}
	return fixed(c*100, digits) + "%"
}

// pctExact formats a fraction with the digits it has and no more: a nominal level as it was set ("95%",
// "99.9%").
func pctExact(c float64) string { return fixed(c*100, -1) + "%" }

// pctShare formats a fraction with a fixed number of decimals: "96%" (a table's column of shares),
// "3.3%" (a rate set beside its nominal one).
func pctShare(f float64, decimals int) string { return fixed(100*f, decimals) + "%" }

// pctChange writes a ratio as a whole-percent change, for an axis: 0.5 is "-50%", 2 is "+100%", 1 is
// "0" (no change needs no unit).
func pctChange(r float64) string {
	p := math.Round((r - 1) * 100)
	switch {
	case p == 0:
		return "0"
	case p > 0:
		return "+" + fixed(p, 0) + "%"
	}
	return fixed(p, 0) + "%"
}

// fixed is v with prec decimals (-1: as few as say it exactly).
func fixed(v float64, prec int) string { return strconv.FormatFloat(v, 'f', prec, 64) }

// Plain numbers: a measured value, a ratio, a count, a p-value.

// num formats a measured value with enough digits to compare neighbours in a table: four significant
// digits up to 1000, whole numbers above (the seeds print "144.2 ms" and "9.394" faults/op).
func num(v float64) string {
	a := math.Abs(v)
	switch {
	case math.IsNaN(v):
		return "n/a"
	case math.IsInf(v, 0):
		return "∞"
	case v == 0:
		return "0"
	case a >= 1000 || (v == math.Trunc(v) && a < 1e15):
		return strconv.FormatFloat(v, 'f', 0, 64)
	case a >= 100:
		return strconv.FormatFloat(v, 'f', 1, 64)
	case a >= 10:
		return strconv.FormatFloat(v, 'f', 2, 64)
	case a >= 0.001:
		return strconv.FormatFloat(v, 'f', 3, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// ratioNum prints a ratio with three decimals ("1.042"), as the per-round ratios are listed.
func ratioNum(r float64) string {
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return num(r)
	}
	return strconv.FormatFloat(r, 'f', 3, 64)
}

// thousands formats n with comma separators: 20000 is "20,000".
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-" + s
	}
	return s
}

// pNum formats a p-value with two significant digits ("0.034", "0.00049"), 1 as "1".
func pNum(p float64) string {
	switch {
	case math.IsNaN(p):
		return "n/a"
	case p >= 0.9995:
		return "1"
	}
	return strconv.FormatFloat(p, 'g', 2, 64)
}

// opNum prints an operation number: whole, or halfway between two when it is the median of an even count.
func opNum(v float64) string { return fixed(v, -1) }

// MinutesText is a budget in minutes as given: "20", "27.5".
func MinutesText(m float64) string { return fixed(m, -1) }

// alphaNum is a false discovery rate as it was set: "0.05".
func alphaNum(a float64) string { return shortest(a) }

// shortest is a setting as it was set, in the fewest digits that read back as it: "1.5", "3".
func shortest(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// tickNum is a log axis's tick label: three significant digits, whole from 1 to a million ("0.5", "20",
// "1000"), in exponent form beyond (1e-05, 1e+07), where the zeros would outnumber the digits.
func tickNum(v float64) string {
	s := strconv.FormatFloat(v, 'g', 3, 64)
	if v >= 1 && v < 1e6 { // the three digits, written out: 10^log10(2) is 1.9999999999999998
		r, _ := strconv.ParseFloat(s, 64)
		return strconv.FormatFloat(r, 'f', -1, 64)
	}
	return s
}

// signedFixed is fixed with an explicit sign, as fmt's %+.Nf writes it ("+3", "-0.4"): a sentence's change.
func signedFixed(v float64, prec int) string {
	s := fixed(v, prec)
	if strings.HasPrefix(s, "-") {
		return s
	}
	return "+" + s
}

// SDText is a standard deviation x 100 with one decimal ("3.2"), "-" when unknown.
func SDText(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.1f", 100*v)
}

// SecondsText is a cost in seconds, "-" when unknown.
func SecondsText(v float64) string {
	switch {
	case math.IsNaN(v):
		return "-"
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// Pct1 is a log-scale quantity x 100, one decimal; "-" when unknown.
func Pct1(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	return fmt.Sprintf("%.1f", 100*v)
}

// widthNum prints an interval's width in percentage points with one decimal: "9.5".
func widthNum(v float64) string { return fmt.Sprintf("%.1f", v) }

// detectNum is a smallest detectable change, percent, signed with one decimal (+4.1): beside a 4% need,
// whole percents would hide which side it is on.
func detectNum(v float64) string { return fmt.Sprintf("%+.1f", v) }

// Bytes.

// bytesNum formats a byte count in binary units.
func bytesNum(v float64) string {
	const k = 1024
	switch a := math.Abs(v); {
	case math.IsNaN(v):
		return "n/a"
	case a >= k*k:
		return num(v/(k*k)) + " MiB"
	case a >= k:
		return num(v/k) + " KiB"
	}
	return num(v) + " B"
}

// bytesRange is "2.56 MiB" or "2.56 to 2.67 MiB".
func bytesRange(lo, hi float64) string {
	if bytesNum(lo) == bytesNum(hi) {
		return bytesNum(lo)
	}
	return bytesNum(lo) + " to " + bytesNum(hi)
}

// Interval bounds, where the digits must put a bound on its side of a line.

// boundNum prints an interval bound in percent (signed) with the digits that put it on the right side of
// the equivalence margin: a bound that pctNum would print as exactly the margin, or on its other side,
// gets more decimals ("-1.96" inside ±2%, "+2.04" outside, never "2"). marginPct is the margin in percent.
func boundNum(v, marginPct float64) string {
	s := PctSigned(v)
	for digits := 1; digits <= 4 && !sameSide(s, v, marginPct); digits++ {
		s = strconv.FormatFloat(v, 'f', digits, 64)
		if v > 0 {
			s = "+" + s
		}
	}
	return s
}

// sameSide reports whether the printed bound s compares with both edges of the margin as the value v
// does, and is not an edge itself.
func sameSide(s string, v, marginPct float64) bool {
	p, err := strconv.ParseFloat(s, 64)
	if err != nil || marginPct <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return true
	}
	for _, e := range []float64{-marginPct, marginPct} {
		if p == e || (p < e) != (v < e) {
			return false
		}
	}
	return true
}

// signedBound is signed, with a bound of 10,000% or more in powers of ten ("+1.6e6"): such a bound, which a
// few runner instances' t intervals reach at a strict level, says only "no information", and seven digits of
// it would widen every lifetime table past the page.
func signedBound(v float64) string {
	if math.Abs(v) < 1e4 || math.IsInf(v, 0) || math.IsNaN(v) {
		return PctSigned(v)
	}
	m := strings.Replace(strconv.FormatFloat(v, 'e', 1, 64), "e+0", "e", 1)
	m = strings.Replace(m, "e+", "e", 1)
	if v > 0 {
		m = "+" + m
	}
	return m
}

// Lifetimes (operation counts) and lists of numbers.

// nLabel prints a lifetime: 1, 10, 100, 1k, 10k, 100k, 1M, or the number.
func nLabel(n int) string {
	switch {
	case n >= 1_000_000 && n%1_000_000 == 0:
		return fmt.Sprintf("%dM", n/1_000_000)
	case n >= 1000 && n%1000 == 0:
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprintf("%d", n)
}

// boundLabel prints a break-even bound: a lifetime, or "> 1M" for an infinite one.
func boundLabel(x float64) string {
	if math.IsInf(x, 1) {
		return "> " + nLabel(lifetime.MaxN)
	}
	return num(x)
}

// andList joins ints as "4, 8 and 12".
func andList(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// JoinInts joins ints with commas and no spaces, as a flag takes them: "1,4,8".
func JoinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}
