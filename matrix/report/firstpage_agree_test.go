package report

import (
	"regexp"
	"strings"
	"testing"
)

// decisionEntry reads a decision-table cell: its winner, whether it is bold (shown cheaper), the
// candidate its ratio belongs to (the winner, or the one control is shown against) and the ratio's text.
var decisionEntry = regexp.MustCompile(`^(~ )?(\*\*)?([a-z0-9/]+)(\*\*)?[¹²³⁴⁵⁶⁷⁸⁹]? (?:\(([a-z0-9/]+) )?(~ )?([+-][0-9.]+ \[[^\]]+\]†?)`)

// Every figure of the first page's decision table is the lifetime page's figure for the same cell,
// candidate and N, printed the same way, and every footnote gives the verdicts of the cell's elapsed-time
// tables: the first page says nothing its pages do not (the re-rendered committed report).
func TestFirstPageAgreesWithPages(t *testing.T) {
	pages := reportPages(t, renderExample(t))
	first, life, cells := pages[readmeFile], pages[lifetimePage], pages[cellsPage]
	var decision [][]string
	for _, tb := range mdTables(first) {
		if len(tb[0]) > 2 && strings.HasPrefix(tb[0][2], "N = ") {
			decision = tb
		}
	}
	if decision == nil {
		t.Fatal("no decision table")
	}
	var lifetimes [][]string
	for _, tb := range mdTables(life) {
		if strings.Join(tb[0][:4], "|") == "Backend|Workload|DOP|Candidate" {
			lifetimes = tb
		}
	}
	if lifetimes == nil {
		t.Fatal("no lifetime cost table")
	}
	col := func(header []string, name string) int {
		for i, h := range header {
			if h == name {
				return i
			}
		}
		return -1
	}
	checked := 0
	for _, row := range decision[1:] {
		backend, workload := row[0], row[1]
		for j, h := range decision[0][2:] {
			text := row[j+2]
			if strings.HasPrefix(text, "unstable: ") || text == "too few rounds for an interval" || text == "no candidate" {
				continue // no winner named, and said why
			}
			m := decisionEntry.FindStringSubmatch(text)
			if m == nil {
				t.Errorf("%s %s %s: cell %q not read", backend, workload, h, text)
				continue
			}
			cand := m[3]
			if m[5] != "" {
				cand = m[5] // control cheapest: the ratio is the closest candidate's
			}
			n := strings.TrimSuffix(h, "+")
			c := col(lifetimes[0], n)
			found := false
			for _, lr := range lifetimes[1:] {
				if lr[0] == backend && lr[1] == workload && lr[2] == "1" && lr[3] == cand {
					found = true
					if want := strings.TrimPrefix(lr[c], "~ "); want != m[7] {
						t.Errorf("%s %s %s %s: first page %q, lifetime page %q", backend, workload, h, cand, m[7], lr[c])
					}
					if bold, tilde := m[2] != "", strings.HasPrefix(lr[c], "~ "); bold == tilde {
						t.Errorf("%s %s %s: bold %v while the lifetime page's interval %q holds 1: %v", backend, workload, h, bold, lr[c], tilde)
					}
				}
			}
			if !found {
				t.Errorf("%s %s %s: no lifetime row for %s", backend, workload, h, cand)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no decision cell checked")
	}
	// Each footnote quotes its winner's verdicts as the elapsed-time tables print them, cell for cell.
	marks := regexp.MustCompile(`\*\*([a-z0-9/]+)\*\*([¹²³⁴⁵⁶⁷⁸⁹])`)
	notes := 0
	for _, row := range decision[1:] {
		for _, text := range row[2:] {
			m := marks.FindStringSubmatch(text)
			if m == nil {
				continue
			}
			cand, mark := m[1], m[2]
			note := regexp.MustCompile(mark + ` cold ([≈~] |slower |faster )?([+-][0-9.]+)%, warm ([≈~] |slower |faster )?([+-][0-9.]+)%`).FindStringSubmatch(first)
			if note == nil {
				t.Errorf("%s %s %s: no footnote %s", row[0], row[1], cand, mark)
				continue
			}
			notes++
			table := tableAfter(cells, "#### "+cand+" vs control, linux/amd64, backend "+row[0])
			var cellRow []string
			for _, r := range table {
				if r[0] == row[1] && r[1] == "1" {
					cellRow = r
				}
			}
			if cellRow == nil {
				t.Errorf("footnote %s: no %s %s/1 row for %s in the elapsed tables", mark, row[0], row[1], cand)
				continue
			}
			for i, ph := range []string{"Cold change, % [interval]", "Warm change, % [interval]"} {
				got := cellRow[col(table[0], ph)]
				word, est := strings.TrimSpace(note[1+2*i]), note[2+2*i]
				want := est + " ["
				if word == "≈" || word == "~" {
					want = word + " " + want
				}
				if !strings.HasPrefix(got, want) {
					t.Errorf("footnote %s (%s %s/1 %s): %q, the elapsed table prints %q", mark, row[0], row[1], ph, note[0], got)
				}
			}
		}
	}
	t.Logf("%d decision cells and %d footnotes checked against the lifetime and elapsed-time pages", checked, notes)
}

// tableAfter is the first markdown table after the line heading (header row first); nil when none.
func tableAfter(page, heading string) [][]string {
	i := strings.Index(page, heading+"\n")
	if i < 0 {
		return nil
	}
	if ts := mdTables(page[i:]); len(ts) > 0 {
		return ts[0]
	}
	return nil
}
