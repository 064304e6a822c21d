package report

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var htmlOut = flag.String("html", "", "also write the golden and example pages as HTML into this `dir` (to look at them in a browser)")

// pageWidth is the page the report must fit, in CSS pixels (the 1,200-pixel page), and
// contentWidth what is left for a table inside GitHub's 32px padding.
const (
	pageWidth    = 1200
	contentWidth = pageWidth - 2*32
	cellPadding  = 2*13 + 1 // GitHub's cell padding and one border
	fontPx       = 16
)

// arialWidths are Arial's advance widths in thousandths of an em (the metric of Liberation Sans and
// Helvetica, the fonts GitHub falls back to); digits are 0.556 em, anything not listed counts as an
// average capital, 0.667 em.
var arialWidths = map[rune]float64{
	' ': 278, '!': 278, '"': 355, '#': 556, '$': 556, '%': 889, '&': 667, '\'': 191, '(': 333, ')': 333, '*': 389,
	'+': 584, ',': 278, '-': 333, '.': 278, '/': 278, ':': 278, ';': 278, '<': 584, '=': 584, '>': 584, '?': 556,
	'[': 278, ']': 278, '_': 556, '|': 260, '~': 584, '·': 278, '∞': 713,
	'a': 556, 'b': 556, 'c': 500, 'd': 556, 'e': 556, 'f': 278, 'g': 556, 'h': 556, 'i': 222, 'j': 222, 'k': 500,
	'l': 222, 'm': 833, 'n': 556, 'o': 556, 'p': 556, 'q': 556, 'r': 333, 's': 500, 't': 278, 'u': 556, 'v': 500,
	'w': 722, 'x': 500, 'y': 500, 'z': 500,
	'I': 278, 'J': 500, 'M': 833, 'W': 944,
}

// textWidth estimates a string's width in pixels at 16px, bold text 7% wider.
func textWidth(s string, bold bool) float64 {
	var w float64
	for _, r := range s {
		switch v, ok := arialWidths[r]; {
		case ok:
			w += v
		case r >= '0' && r <= '9':
			w += 556
		default:
			w += 667
		}
	}
	w = w * fontPx / 1000
	if bold {
		w *= 1.07
	}
	return w
}

// minTableWidth is the narrowest a browser can lay out a table: per column its longest unbreakable
// word (text breaks only at spaces here; browsers may also break after some hyphens, so this is an upper
// bound of the minimum), plus padding and borders. A table wider than the page at its narrowest
// overflows it.
func minTableWidth(table [][]string) float64 {
	var cols []float64
	for r, row := range table {
		for i, c := range row {
			c = strings.NewReplacer("**", "", "`", "").Replace(c)
			var longest float64
			for _, word := range strings.Fields(c) {
				longest = max(longest, textWidth(word, r == 0 || strings.Contains(row[i], "**")))
			}
			for len(cols) <= i {
				cols = append(cols, 0)
			}
			cols[i] = max(cols[i], longest)
		}
	}
	total := 1.0
	for _, w := range cols {
		total += w + cellPadding
	}
	return total
}

// TestTablesFitPage reads the golden page and every committed report's pages and checks that no
// table is wider, at its narrowest, than the page's content width.
func TestTablesFitPage(t *testing.T) {
	pages := reportsUnderTest(t)
	for name, dir := range pages {
		page := reportText(t, dir)
		tables := mdTables(page)
		if len(tables) < 5 {
			t.Errorf("%s: only %d tables", name, len(tables))
		}
		widest := 0.0
		for _, tb := range tables {
			widest = max(widest, minTableWidth(tb))
			if w := minTableWidth(tb); w > contentWidth {
				t.Errorf("%s: table %q is at least %.0f px wide, more than the %d px a %d px page leaves", name, strings.Join(tb[0], " | "), w, contentWidth, pageWidth)
			}
		}
		t.Logf("%s: %d tables, the widest at least %.0f px", name, len(tables), widest)
		if *htmlOut != "" {
			if err := os.WriteFile(filepath.Join(*htmlOut, name+".html"), []byte(toHTML(page, pageWidth)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// The estimate must catch a table that cannot fit: the old fifteen-column "why" table of the example
// report, as it was before the split (two of its rows).
func TestWideTableCaught(t *testing.T) {
	old := [][]string{
		{"Workload", "DOP", "Phase", "Variant", "Usable", "Faults/op", "Native allocs/op", "Native frees/op", "Resets/op", "Go B/op", "Go allocs/op", "Idle retained", "Peak RSS", "Split head", "Failed / mismatched"},
		{"fixed", "1", "cold", "control", "12/12", "0.5737 [0.5723, 0.5773]", "1", "1", "0", "917.6", "4.002", "0 B", "11.31 MiB", "no", "0 / 0"},
		{"mixed", "8", "warm", "splitalloc", "12/12", "0.3172 [0.2919, 0.3588]", "2", "2", "0", "931.6", "4.002", "0 B", "12.57 MiB", "yes", "0 / 0"},
	}
	t.Logf("old why-table: at least %.0f px", minTableWidth(old))
	if w := minTableWidth(old); w <= contentWidth {
		t.Errorf("the old why-table estimates at %.0f px, within %d: the estimate is too lenient", w, contentWidth)
	}
}
