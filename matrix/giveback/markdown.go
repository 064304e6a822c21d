package giveback

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Markdown writes r as one section per backend: its thresholds in words, then a table of every size
// with, per pattern, the steady faults per block (bold where they fault) and the first round's in
// parentheses. chart, when not empty, is the file name of the chart to link above the tables.
func (r Result) Markdown(w io.Writer, chart string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Give-back thresholds, %s\n\n", r.Platform)
	fmt.Fprintf(&b, "%s; %s; %s", r.OS, r.CPU, r.Go)
	if r.Wine != "" {
		fmt.Fprintf(&b, "; under %s (wine is not Windows: these show the code paths run, not Windows' thresholds)", r.Wine)
	}
	fmt.Fprintf(&b, ". Pages of %d bytes; %d fresh processes per point, %d rounds each.\n\n", r.PageSize, r.Repeats, r.Rounds)
	b.WriteString("Each cell is the page faults one block's allocation and first touch of every page took in the steady " +
		"state (the median, over processes, of each one's median over its last half of rounds), and in parentheses " +
		"the first round's, in a fresh process. **Bold**: faulting - at least half the block's pages faulted in " +
		"again, because the freed memory went back to the OS or the allocator took fresh memory instead of reusing it. Patterns: `same` frees a block and allocates " +
		"the next; `window/N` keeps N others live and frees the oldest; `batch/N` allocates N, then frees all N.\n\n")
	if chart != "" {
		fmt.Fprintf(&b, "![faults per page, by block size](%s)\n\n", chart)
		b.WriteString("The chart: each backend's steady faults per page of the block (0: its memory reused, 1: every page " +
			"faulted in again), the bars the lowest and highest process; the patterns are drawn 0.03 apart so that equal " +
			"values stay visible. The vertical lines are the deflate state's blocks.\n\n")
	}
	for _, be := range r.Backends {
		writeBackend(&b, be)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeBackend(b *strings.Builder, be Backend) {
	fmt.Fprintf(b, "## %s\n\n", be.Name)
	if be.About != "" && be.About != be.Name {
		fmt.Fprintf(b, "%s.\n\n", be.About)
	}
	for _, t := range be.Thresholds {
		fmt.Fprintf(b, "- `%s`: %s\n", t.Pattern, t.Words())
	}
	b.WriteString("\n")
	var pats []Pattern
	sizes := map[int]map[Pattern]Point{}
	var order []int
	for _, p := range be.Points {
		if sizes[p.Size] == nil {
			sizes[p.Size] = map[Pattern]Point{}
			order = append(order, p.Size)
		}
		if !slices.Contains(pats, p.Pattern) {
			pats = append(pats, p.Pattern)
		}
		sizes[p.Size][p.Pattern] = p
	}
	slices.Sort(order)
	b.WriteString("| block | pages |")
	for _, p := range pats {
		fmt.Fprintf(b, " `%s` |", p)
	}
	b.WriteString(" ns per block (`same`) |\n|---|---:|")
	for range pats {
		b.WriteString("---:|")
	}
	b.WriteString("---:|\n")
	for _, size := range order {
		row := sizes[size]
		var pages float64
		for _, p := range row {
			pages = p.Pages
		}
		fmt.Fprintf(b, "| %s | %s |", SizeLabel(size), num(pages))
		for _, pat := range pats {
			p, ok := row[pat]
			if !ok {
				b.WriteString(" |")
				continue
			}
			cell := fmt.Sprintf("%s (%s)", num(p.Faults), num(p.First))
			if p.Faulting() {
				cell = fmt.Sprintf("**%s** (%s)", num(p.Faults), num(p.First))
			}
			fmt.Fprintf(b, " %s |", cell)
		}
		if p, ok := row[Pattern{Kind: PatternSame}]; ok {
			fmt.Fprintf(b, " %s |\n", num(p.NS))
		} else {
			b.WriteString(" |\n")
		}
	}
	b.WriteString("\n")
}

// Words says a threshold in a sentence.
func (t Threshold) Words() string {
	var s string
	switch {
	case t.From == 0:
		s = fmt.Sprintf("reused (no faults) at every size of the sweep up to %s", Bytes(t.Below))
	case t.Below == 0:
		s = fmt.Sprintf("faults at every size of the sweep from %s", Bytes(t.From))
	default:
		s = fmt.Sprintf("faults from %s; reused at %s and below", Bytes(t.From), Bytes(t.Below))
	}
	if len(t.Exceptions) > 0 {
		ex := make([]string, len(t.Exceptions))
		for i, e := range t.Exceptions {
			ex[i] = Bytes(e)
		}
		s += fmt.Sprintf(" (but faults at %s too)", strings.Join(ex, ", "))
	}
	return s
}

// SizeLabel is a size as the tables show it: in KiB or MiB, with the Mark's name where it is one, and
// the exact bytes.
func SizeLabel(n int) string {
	s := fmt.Sprintf("%s (%s B)", Bytes(n), thousands(n))
	for _, m := range Marks {
		if m.Size == n {
			s += ", " + m.Name
		}
	}
	return s
}

// Bytes is a size in KiB or MiB, with one decimal where it is not whole: "342.1 KiB", "2 MiB".
func Bytes(n int) string {
	unit, div := "KiB", 1024.0
	if n >= 1<<20 {
		unit, div = "MiB", 1<<20
	}
	v := float64(n) / div
	if n < 1024 {
		return fmt.Sprintf("%d B", n)
	}
	if v == math.Trunc(v) {
		return fmt.Sprintf("%.0f %s", v, unit)
	}
	return fmt.Sprintf("%.1f %s", v, unit)
}

// num writes a count that is a median (so possibly a half) without trailing zeros.
func num(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
