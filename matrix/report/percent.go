package report

import (
	"math"
	"strconv"
	"strings"
)

// Every percentage the report prints is written here. A value comes in one of three forms - already a
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

// pctSigned is pctNum with an explicit sign: a change, where "+" and "-" are the news.
func pctSigned(v float64) string {
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
