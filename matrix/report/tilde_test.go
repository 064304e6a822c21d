package report

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// tildeInterval is a "~" change with its interval as any page prints it: "~ -4 [-8, +0.3]", or with the
// variant named, "~ pooled/8 -6 [-21, +11]".
var tildeInterval = regexp.MustCompile(`~ (?:[A-Za-z][A-Za-z/0-9]* )?([+-]?[0-9.]+|∞)%? \[([+-]?[0-9.]+|-?∞), ([+-]?[0-9.]+|∞)\]`)

// TestNoTildeBesideExcludingInterval: on every page of the golden fixture and every committed report, no "~"
// (inconclusive, no change shown) sits beside an interval that excludes 0.
func TestNoTildeBesideExcludingInterval(t *testing.T) {
	var pages []string
	for _, dir := range reportsUnderTest(t) {
		ps, _ := filepath.Glob(filepath.Join(dir, "*.md"))
		pages = append(pages, ps...)
	}
	bound := func(s string) float64 {
		if strings.Contains(s, "∞") {
			if strings.HasPrefix(s, "-") {
				return -1e300
			}
			return 1e300
		}
		v, _ := strconv.ParseFloat(s, 64)
		return v
	}
	n := 0
	for _, p := range pages {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range tildeInterval.FindAllStringSubmatch(string(data), -1) {
			n++
			if lo, hi := bound(m[2]), bound(m[3]); lo > 0 || hi < 0 {
				t.Errorf("%s: %q excludes 0", filepath.Base(p), m[0])
			}
		}
	}
	if n == 0 {
		t.Error("no \"~\" interval found: the pattern no longer matches the pages")
	}
	t.Logf("%d \"~\" intervals, none excludes 0", n)
}
