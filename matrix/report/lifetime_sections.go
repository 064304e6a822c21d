package report

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/lifetime"
	"github.com/deflatelab/deflatelab/matrix/stats"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// decisionCells picks, per platform, backend and workload, the cells a decision table shows: DOP 1 and
// the highest DOP within the processors.
func (v *lifeView) decisionCells() []*stats.Lifetime {
	type key struct{ platform, backend, workload string }
	top := map[key]int{}
	for _, l := range v.cells {
		k := key{l.Platform, l.Backend, l.Workload}
		top[k] = max(top[k], l.DOP)
	}
	var out []*stats.Lifetime
	for _, l := range v.cells {
		if l.DOP == 1 || l.DOP == top[key{l.Platform, l.Backend, l.Workload}] {
			out = append(out, l)
		}
	}
	return out
}

// lifeHeading writes a lifetime section's heading and, when no cell was analysed, why; ok is false then.
func lifeHeading(w io.Writer, m *model, title string) (v *lifeView, ok bool) {
	fmt.Fprintf(w, "## %s\n\n", title)
	if m.Life == nil || len(m.Life.cells) == 0 {
		fmt.Fprintf(w, "%s\n\n", m.Life.missing())
		return nil, false
	}
	return m.Life, true
}

func trimTilde(s string) string {
	if len(s) > 2 && s[:2] == "~ " {
		return s[2:]
	}
	return s
}

// writeSteadyState is the steady-state section: per cell and variant, the classes of its processes and
// where their steady state begins.
func writeSteadyState(w io.Writer, m *model) {
	v, ok := lifeHeading(w, m, "Steady state per fresh process")
	if !ok {
		return
	}
	fmt.Fprintf(w, "Each cold sample's per-operation durations (the exact first operations per worker where the results "+
		"carry them, then the log2 timeline bins as their mean per operation) segmented with PELT on log durations, and "+
		"classified as Barrett et al. (OOPSLA 2017) did: **flat** (one level), **warmup** (slower first, then steady), "+
		"**slowdown** (the steady state is slower than an earlier stretch), **no steady state** (the last level holds under "+
		"%s of the operations or one bin). Levels within %s are one; a workload that cycles through configurations%s is segmented on "+
		"per-cycle means, so its start is a cycle's first operation. *Steady from op* is the median first operation "+
		"of the steady state over the processes that have one, with its 95%% interval; *time before it* their summed "+
		"duration. See [METHOD.md](%s) (\"Steady state and lifetime cost\") for the penalty and the accuracy measured on "+
		"synthetic series.\n\n", pctShare(lifetime.SteadyShare, 0), pctShare(lifetime.EquivalentRatio-1, 0), cyclingNote(m.workloads()), m.MethodLink)
	if !allExact(v) {
		fmt.Fprintf(w, "These results carry no exact per-operation durations (hosts before `firstOpsNs`): the series are "+
			"the log2 bins only, so a steady-state start is resolved to its bin's first operation (1, 2, 3, 5, 9, 17, ...).\n\n")
	}
	var rows [][]string
	for _, l := range v.cells {
		for _, name := range v.variants(l) {
			s, ok := l.Steady[name]
			if !ok {
				continue
			}
			rows = append(rows, []string{l.Platform, l.Backend, l.Workload, fmt.Sprint(l.DOP), name,
				fmt.Sprint(s.Classes[lifetime.Flat]), fmt.Sprint(s.Classes[lifetime.Warmup]), fmt.Sprint(s.Classes[lifetime.Slowdown]),
				fmt.Sprint(s.Classes[lifetime.NoSteadyState]), medianCell(s.Start, 1, 1, opNum), medianCell(s.StartNs, 1e-3, 0, num), medianCell(s.LevelNs, 1e-3, 0, num)})
		}
	}
	header := []string{"Platform", "Backend", "Workload", "DOP", "Variant", "Flat", "Warmup", "Slowdown", "No steady state",
		"Steady from op", "Time before it, us", "Steady level, us/op"}
	if len(m.Platforms()) == 1 { // the page's context names the one platform
		header, rows = dropFirstColumn(header, rows)
	}
	MarkdownTable(w, header, rows)
	v.writeOmitted(w)
}

// medianCell prints a median scaled by scale and shifted by shift (operation counts become 1-based
// operation numbers), with its interval, each value through format.
func medianCell(md lifetime.Median, scale, shift float64, format func(float64) string) string {
	if md.N == 0 {
		return "none"
	}
	c := md.Center*scale + shift
	if md.Thin() {
		return fmt.Sprintf("%s (n=%d, no CI)", format(c), md.N)
	}
	return fmt.Sprintf("%s [%s, %s]", format(c), format(md.Lo*scale+shift), format(md.Hi*scale+shift))
}

func allExact(v *lifeView) bool {
	for _, l := range v.cells {
		if !l.Exact {
			return false
		}
	}
	return true
}

// writeOmitted lists the cold cells without a lifetime analysis.
func (v *lifeView) writeOmitted(w io.Writer) {
	if len(v.omitted) == 0 {
		return
	}
	fmt.Fprintf(w, "Not analysed: ")
	for i, o := range v.omitted {
		if i > 0 {
			fmt.Fprintf(w, "; ")
		}
		fmt.Fprintf(w, "%s %s %s DOP %d (%s)", o.Platform, o.Backend, o.Workload, o.DOP, omittedWhy(o))
	}
	fmt.Fprintf(w, ".\n\n")
}

// lifetimeNs are the lifetimes the per-cell tables show.
var lifetimeNs = []int{1, 10, 100, 1_000, 10_000, 100_000, 1_000_000}

// writeLifetimeCost is the lifetime-cost section: per cell, each candidate's total time over N
// operations against control's, and its break-even.
func writeLifetimeCost(w io.Writer, m *model) {
	v, ok := lifeHeading(w, m, "Lifetime cost and break-even")
	if !ok {
		return
	}
	fmt.Fprintf(w, "The expected total time of a process that runs N operations, candidate over control: per round, each "+
		"variant's cold series summed up to N (measured: every one-time cost - the first state's allocation, a private "+
		"heap's creation, the pool's first miss - falls inside the first operations), and beyond the cold series its warm "+
		"time per operation from the same round's warm sample († extrapolated: no process here ran N operations from its "+
		"start). The ratio is that of the mean totals over the paired rounds, with its sign-flip permutation interval: "+
		"the ratios r that the test of \"each round's candidate total minus r times control's is symmetric about 0\" does not reject, "+
		"over every way of swapping the two labels of each round (all 2^n up to %d rounds, %d drawn beyond; exact under "+
		"this run's own A/A label swaps), \"~\" in front when it holds 1. "+
		"%s. *Break-even* is the lifetime from which the long-run winner (the cheaper at 1M operations, when its interval "+
		"excludes 1) stays the cheaper, with the same test's %s interval (from the first N at which the test shows the winner cheaper "+
		"up to 1M, back to one past the last N at which it shows the other cheaper).\n\n", lifetime.MaxExactFlips, lifetime.FlipDraws,
		lifetimeFamilyNote(v.family(), m.Analysis.Alpha), pctExact(lifetime.Confidence))
	header := []string{"Platform", "Backend", "Workload", "DOP", "Candidate", "Pairs"}
	for _, n := range lifetimeNs {
		header = append(header, "N = "+nLabel(n))
	}
	header = append(header, "Break-even N")
	var rows [][]string
	for _, l := range v.cells {
		for _, name := range lifeCandidates(l) {
			c := l.Comparisons[name]
			row := []string{l.Platform, l.Backend, l.Workload, fmt.Sprint(l.DOP), name, fmt.Sprint(c.Pairs)}
			for _, n := range lifetimeNs {
				r, _ := c.RatioAt(n)
				row = append(row, ratioCell(r))
			}
			rows = append(rows, append(row, breakEvenCell(c)))
		}
	}
	if len(m.Platforms()) == 1 { // the page's context names the one platform; the column would only widen the table
		header, rows = dropFirstColumn(header, rows)
	}
	MarkdownTable(w, header, rows)
	if r := aaLifetimeOutcome(m); r.Differing() > 0 {
		fmt.Fprintf(w, "**The A/A control `%s` differs from control at %d of its %d lifetimes** (%s): it is control's own "+
			"host, so these are %s.\n\n", matrix.AA, r.Differing(), r.Ratios, r.names(), aaLifetimeMeaning)
	}
	fmt.Fprintf(w, "Cold series cover %s operations; warm samples set the level beyond in %s.\n\n", measuredSpan(v), warmShare(v))
}

// measuredSpan is the range of the cold series' lengths.
func measuredSpan(v *lifeView) string {
	lo, hi := math.MaxInt, 0
	for _, l := range v.cells {
		for _, c := range l.Comparisons {
			lo, hi = min(lo, c.Measured), max(hi, c.Measured)
		}
	}
	if hi == 0 {
		return "no"
	}
	if lo == hi {
		return num(float64(lo))
	}
	return fmt.Sprintf("%s to %s", num(float64(lo)), num(float64(hi)))
}

// warmShare says how many processes had a warm sample of their round to extrapolate with.
func warmShare(v *lifeView) string {
	with, all := 0, 0
	for _, l := range v.cells {
		for name, s := range l.Steady {
			all += s.Processes
			with += l.Warm[name]
		}
	}
	if with == all {
		return fmt.Sprintf("every one of the %d processes' rounds", all)
	}
	return fmt.Sprintf("%d of %d processes' rounds (the others extrapolate at their cold series' steady level)", with, all)
}

// cyclingNote lists the workloads among names that cycle through configurations, with their counts, for
// the steady-state definition: " (mixed: 12)"; "" when none of them does.
func cyclingNote(names []string) string {
	var parts []string
	for _, n := range names {
		if w, err := workload.ByName(n); err == nil && workload.Cycles(n) {
			parts = append(parts, fmt.Sprintf("%s: %d", n, len(w.Configs)))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// dropFirstColumn removes a table's first column (the platform, on a page of one platform).
func dropFirstColumn(header []string, rows [][]string) ([]string, [][]string) {
	for i := range rows {
		rows[i] = rows[i][1:]
	}
	return header[1:], rows
}
