package report

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix/original"
)

// TestOriginalRows checks the committed example report's comparison page against matrix/original's
// data: per platform and backend, one row per published figure with its texts exactly as printed, its
// runs and its passage; one per stated direction and per memory estimate; and every interval against
// the outcome's words (an inconclusive cell's interval holds 0, a directed one's excludes it).
func TestOriginalRows(t *testing.T) {
	page := reportPages(t, exampleReport(t))[originalPage]
	if page == "" {
		t.Fatal("no original.md")
	}
	tables := mdTables(page)
	if len(tables) == 0 {
		t.Fatal("no comparison table")
	}
	pm := regexp.MustCompile(`\*\*Ran on\*\* [^,]+, (\d+) processors`).FindStringSubmatch(page)
	if pm == nil {
		t.Fatal("page names no processor count")
	}
	processors, _ := strconv.Atoi(pm[1])
	for _, tb := range tables {
		rows := tb[1:]
		if tb[0][0] == "claim" { // a backend claim's table (PR 117949): its cells, or one row saying where they come from
			if len(rows) == 0 || !strings.HasPrefix(rows[0][0], original.BackendClaims[0].Source.ID+" ") {
				t.Errorf("backend claim table %q: rows %q", tb[0], rows)
			}
			continue
		}
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
			// ‡ wherever this run's cell is oversubscribed; a figure whose workload is not stated is placed in no cell.
			mark := ""
			if f.DOP > processors {
				mark = "‡"
			}
			cell := fmt.Sprintf("%s %s/%d%s %s", f.Source.ID, f.Workload, f.DOP, mark, f.Phase)
			got := strings.Fields(r[0])
			if len(got) >= 4 {
				got = append([]string{got[0]}, got[2:]...) // without the candidate
			}
			if f.Workload == "" {
				cell = fmt.Sprintf("%s DOP %d%s %s (workload not stated)", f.Source.ID, f.DOP, mark, f.Phase)
				if !strings.HasPrefix(r[4], "not placed") {
					t.Errorf("row %d %q: a figure without a workload is placed in a cell", i, r)
				}
			}
			if strings.TrimSuffix(strings.Join(got, " "), ", "+string(f.Metric)) != cell || r[1] != pub || r[2] != f.Runs {
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
			// Held only against cells where the pool can hold that many states.
			if r[3] != "—" && !strings.Contains(r[3], fmt.Sprintf("where %d states can be idle", m.Capacity)) {
				t.Errorf("memory row %q: not against cells of %d states", r, m.Capacity)
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
