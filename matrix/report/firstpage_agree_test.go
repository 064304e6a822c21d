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
// tables: the first page says nothing its pages do not (the committed report).
func TestFirstPageAgreesWithPages(t *testing.T) {
	pages := reportPages(t, exampleReport(t))
	first, life, cells := pages[readmeFile], pages[lifetimePage], pages[cellsPage]
	col := func(header []string, name string) int {
		for i, h := range header {
			if h == name {
				return i
			}
		}
		return -1
	}
	var decision [][]string
	for _, tb := range mdTables(first) {
		if col(tb[0], "N = 1") >= 0 {
			decision = tb
		}
	}
	if decision == nil {
		t.Fatal("no decision table")
	}
	var lifetimes [][]string
	for _, tb := range mdTables(life) {
		if col(tb[0], "Candidate") >= 0 && col(tb[0], "Break-even N") >= 0 {
			lifetimes = tb
		}
	}
	if lifetimes == nil {
		t.Fatal("no lifetime cost table")
	}
	// Rows are matched on the columns both tables have (platform, backend, workload, DOP; DOP 1 when the
	// decision table has no DOP column).
	keyOf := func(header, row []string) string {
		var k []string
		for _, name := range []string{"Platform", "Backend", "Workload", "DOP"} {
			v := "1"
			if name != "DOP" {
				v = ""
			}
			if i := col(header, name); i >= 0 {
				v = strings.TrimSuffix(strings.TrimSuffix(row[i], throughputMark), " ")
			}
			if name == "Platform" && col(decision[0], name) < 0 {
				v = "" // one platform: neither table names it
			}
			k = append(k, v)
		}
		return strings.Join(k, "|")
	}
	checked := 0
	for _, row := range decision[1:] {
		backend, workload := row[col(decision[0], "Backend")], row[col(decision[0], "Workload")]
		for j, h := range decision[0] {
			if !strings.HasPrefix(h, "N = ") {
				continue
			}
			text := row[j]
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
				if keyOf(lifetimes[0], lr) == keyOf(decision[0], row) && lr[col(lifetimes[0], "Candidate")] == cand {
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
	ranOn := regexp.MustCompile(`\*\*Ran on\*\* ([a-z0-9]+/[a-z0-9]+),`).FindStringSubmatch(first)
	for _, row := range decision[1:] {
		backend, workload, dop, platform := row[col(decision[0], "Backend")], row[col(decision[0], "Workload")], "1", ""
		if i := col(decision[0], "DOP"); i >= 0 {
			dop = row[i]
		}
		if i := col(decision[0], "Platform"); i >= 0 {
			platform = row[i]
		} else if ranOn != nil {
			platform = ranOn[1]
		}
		for _, text := range row {
			m := marks.FindStringSubmatch(text)
			if m == nil {
				continue
			}
			cand, mark := m[1], m[2]
			note := regexp.MustCompile(mark + ` cold ([≈~] |slower |faster )?([+-][0-9.]+)%, warm ([≈~] |slower |faster )?([+-][0-9.]+)%`).FindStringSubmatch(first)
			if note == nil {
				t.Errorf("%s %s %s: no footnote %s", backend, workload, cand, mark)
				continue
			}
			notes++
			table := tableAfter(cells, "#### "+cand+" vs control, "+platform+", backend "+backend)
			var cellRow []string
			for _, r := range table {
				if r[0] == workload && r[1] == dop {
					cellRow = r
				}
			}
			if cellRow == nil {
				t.Errorf("footnote %s: no %s %s/%s row for %s in the elapsed tables of %s", mark, backend, workload, dop, cand, platform)
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
					t.Errorf("footnote %s (%s %s/%s %s): %q, the elapsed table prints %q", mark, backend, workload, dop, ph, note[0], got)
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
