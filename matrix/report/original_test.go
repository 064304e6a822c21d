package report

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix/original"
)

// TestOriginalRows checks the re-rendered example report's comparison page against matrix/original's
// data: per platform and backend, one row per published figure with its texts exactly as printed, its
// runs and its passage; one per stated direction and per memory estimate; and every interval against
// the outcome's words (an inconclusive cell's interval holds 0, a directed one's excludes it).
func TestOriginalRows(t *testing.T) {
	page := reportPages(t, renderExample(t))[originalPage]
	if page == "" {
		t.Fatal("no original.md")
	}
	tables := mdTables(page)
	if len(tables) == 0 {
		t.Fatal("no comparison table")
	}
	for _, tb := range tables {
		rows := tb[1:]
		if want := len(original.Figures) + len(original.Claims) + len(original.MemoryEstimates); len(rows) != want {
			t.Errorf("table of %d rows, want %d", len(rows), want)
			continue
		}
		for i, f := range original.Figures {
			r := rows[i]
			pub := f.ControlText + " → " + f.CandText
			if f.Change != "" {
				pub += " (" + f.Change + ")"
			}
			cell := fmt.Sprintf("%s %s/%d %s", f.Source.ID, f.Workload, f.DOP, f.Phase)
			if got := strings.Fields(r[0]); len(got) < 4 || got[0]+" "+got[2]+" "+strings.TrimSuffix(got[3], ",") != cell || r[1] != pub || r[2] != f.Runs {
				t.Errorf("row %d: %q, want cell %q, published %q, runs %q", i, r, cell, pub, f.Runs)
			}
			if err := outcomeAgrees(r[3], r[4]); err != "" {
				t.Errorf("row %d %q: %s", i, r, err)
			}
		}
		for j, m := range original.MemoryEstimates {
			r := rows[len(original.Figures)+len(original.Claims)+j]
			if !strings.HasPrefix(r[1], m.Text+" ") || !strings.Contains(r[0], fmt.Sprintf("/%d,", m.Capacity)) {
				t.Errorf("memory row %q, want %s for %d slots", r, m.Text, m.Capacity)
			}
		}
	}
}

var pctInterval = regexp.MustCompile(`^([+-][0-9.]+)% \[([+-][0-9.]+)%, ([+-][0-9.]+)%\]$`)

// outcomeAgrees checks a comparison row's interval against its outcome's words; "" when they agree.
func outcomeAgrees(here, outcome string) string {
	m := pctInterval.FindStringSubmatch(here)
	if m == nil {
		return ""
	}
	mark := ""
	switch {
	case strings.HasPrefix(outcome, "inconclusive"):
		mark = "~"
	case strings.HasPrefix(outcome, "no difference here"):
		mark = "≈"
	case strings.HasPrefix(outcome, "unstable"):
		return ""
	}
	return agrees(mark, m[1], m[2], m[3])
}
