package report

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// changeCell matches a printed change with its interval, and the class mark in front: "~ -4 [-8, +0.3]".
var changeCell = regexp.MustCompile(`^(~ |≈ |unstable |split )?([+-][0-9.]+) \[([+-]?[0-9.]+), ([+-]?[0-9.]+)\]$`)

// TestIntervalsAgreeWithDecisions reads every table of every page of the golden report and of every
// committed report, and checks each printed change against its decision: an inconclusive
// ("~") change's interval holds 0, a faster or slower one's (no mark) excludes it on the change's side,
// an equivalent one's ("≈") lies inside the margin. Where a table has a Decision column, the change's
// interval is checked against that word instead.
func TestIntervalsAgreeWithDecisions(t *testing.T) {
	dirs := reportsUnderTest(t)
	for name, dir := range dirs {
		checked := 0
		for page, text := range reportPages(t, dir) {
			for _, tb := range mdTables(text) {
				decisionCol := -1
				for i, h := range tb[0] {
					if h == "Decision" {
						decisionCol = i
					}
				}
				for _, row := range tb[1:] {
					for i, cell := range row {
						m := changeCell.FindStringSubmatch(cell)
						if m == nil {
							continue
						}
						mark := strings.TrimSpace(m[1])
						if decisionCol >= 0 && decisionCol < len(row) {
							word, ok := decisionMarks[row[decisionCol]]
							if !ok {
								t.Errorf("%s %s: decision %q is none this test knows", name, page, row[decisionCol])
							}
							mark = word
						}
						if err := agrees(mark, m[2], m[3], m[4]); err != "" {
							t.Errorf("%s %s: table %q, column %q: %q: %s", name, page, strings.Join(tb[0], " | "), tb[0][i], cell, err)
						}
						checked++
					}
				}
			}
		}
		t.Logf("%s: %d printed changes checked", name, checked)
		if checked < 20 {
			t.Errorf("%s: only %d printed changes found", name, checked)
		}
	}
}

// decisionMarks is the mark each Decision column word stands for ("split": no verdict although the
// interval excludes 0, since the runner instances point different ways; "any": no direction claimed).
var decisionMarks = map[string]string{"faster": "", "slower": "", "~ inconclusive": "~", "≈ equivalent": "≈",
	"≈ equivalent (shown smaller than 2%)": "≈", "**unstable**": "unstable", "split: its instances point different ways, no verdict": "split",
	"split (an instance points the other way)": "split", "**instances disagree**": "any", "unstable": "unstable", "no data": "any"}

// agrees checks one change (as printed) against its class mark; "" when they agree.
func agrees(mark, est, lo, hi string) string {
	l, _ := strconv.ParseFloat(lo, 64)
	h, _ := strconv.ParseFloat(hi, 64)
	neg := func(s string) bool { return strings.HasPrefix(s, "-") && strings.Trim(s, "-0.") != "" }
	pos := func(s string) bool { return !strings.HasPrefix(s, "-") && strings.Trim(s, "+0.") != "" }
	switch mark {
	case "~":
		if neg(hi) || pos(lo) {
			return "inconclusive, but the interval excludes 0"
		}
	case "split":
		if !neg(hi) && !pos(lo) {
			return "split instances named, but the interval holds 0 (it is plain ~)"
		}
	case "≈":
		if l < -2 || h > 2 {
			return "equivalent, but the interval leaves the ±2% margin"
		}
	case "":
		switch {
		case neg(est) && !neg(hi):
			return "faster, but the interval reaches 0"
		case pos(est) && !pos(lo):
			return "slower, but the interval reaches 0"
		}
	}
	return ""
}
