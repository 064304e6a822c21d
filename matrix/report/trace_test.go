package report

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// This file recomputes a report's statistics from its input without matrix/stats - plain sorting,
// arithmetic and brute-force enumeration - and checks that every per-cell estimate, interval, p-value,
// adjusted p-value and decision the page prints, and every verdict count, is what the input yields. It
// runs on the golden fixture and on the committed example report.

// fixture is a report's input, indexed independently of matrix/stats.
type fixture struct {
	samples  []matrix.Sample
	usable   map[string][]matrix.Sample // by cellVariant key
	ratios   map[string][]float64       // per-pair elapsed ratios by cellVariant key of the candidate
	runLogs  map[string]byRun           // the same pairs' log ratios by runner instance (Sample.Run)
	cells    []matrix.Cell
	cands    []string
	failed   int
	mismatch int
}

func key(c matrix.Cell, variant string) string {
	return fmt.Sprintf("%s|%v|%s", c.Platform, c, variant)
}

func loadFixture(t *testing.T, paths ...string) *fixture {
	t.Helper()
	f := &fixture{usable: map[string][]matrix.Sample{}, ratios: map[string][]float64{}, runLogs: map[string]byRun{}}
	for _, p := range paths {
		ss, err := resultsdir.ReadSamples(p)
		if err != nil {
			t.Fatal(err)
		}
		f.samples = append(f.samples, ss...)
	}
	// The reference of a cell: the most frequent output among control's successful samples.
	counts := map[matrix.Cell]map[string]int{}
	for _, s := range f.samples {
		if s.OK && s.Result != nil && s.Variant == "control" {
			if counts[s.Cell] == nil {
				counts[s.Cell] = map[string]int{}
			}
			counts[s.Cell][fmt.Sprintf("%d/%s", s.Result.OutputBytes, s.Result.Digest)]++
		}
	}
	ref := map[matrix.Cell]string{}
	for c, m := range counts {
		best := ""
		for o, n := range m {
			if best == "" || n > m[best] || (n == m[best] && o < best) {
				best = o
			}
		}
		ref[c] = best
	}
	byRound := map[string]matrix.Sample{}
	cells, cands := map[matrix.Cell]bool{}, map[string]bool{}
	for _, s := range f.samples {
		cells[s.Cell] = true
		if s.Variant != "control" {
			cands[s.Variant] = true
		}
		switch {
		case !s.OK || s.Result == nil:
			f.failed++
		case fmt.Sprintf("%d/%s", s.Result.OutputBytes, s.Result.Digest) != ref[s.Cell]:
			f.mismatch++
		default:
			f.usable[key(s.Cell, s.Variant)] = append(f.usable[key(s.Cell, s.Variant)], s)
			if k := fmt.Sprintf("%s|%s|%d", key(s.Cell, s.Variant), s.Run, s.Round); byRound[k].Result == nil {
				byRound[k] = s
			}
		}
	}
	for c := range cells {
		f.cells = append(f.cells, c)
	}
	for c := range cands {
		f.cands = append(f.cands, c)
	}
	sort.Strings(f.cands)
	for k, cand := range byRound {
		if cand.Variant == "control" {
			continue
		}
		ctl, ok := byRound[fmt.Sprintf("%s|%s|%d", key(cand.Cell, "control"), cand.Run, cand.Round)]
		if !ok {
			continue
		}
		_ = k
		ratio := float64(cand.Result.ElapsedNs) / float64(ctl.Result.ElapsedNs)
		ck := key(cand.Cell, cand.Variant)
		f.ratios[ck] = append(f.ratios[ck], ratio)
		if f.runLogs[ck] == nil {
			f.runLogs[ck] = byRun{}
		}
		f.runLogs[ck][cand.Run] = append(f.runLogs[ck][cand.Run], math.Log(ratio))
	}
	return f
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n == 0 {
		return math.NaN()
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// nsPerOp returns the usable times per operation of a variant in a cell.
func (f *fixture) nsPerOp(c matrix.Cell, variant string) []float64 {
	var out []float64
	for _, s := range f.usable[key(c, variant)] {
		out = append(out, float64(s.Result.ElapsedNs)/float64(s.Result.Ops))
	}
	return out
}

// recomputed is one cell's comparison, computed here.
type recomputed struct {
	pairs       int
	est, lo, hi float64 // percent; lo and hi NaN when too few pairs
	p, padj     float64
	decision    string
	level       float64   // confidence of the adjusted interval; 0 when the 95% interval is out of reach
	logs        []float64 // the per-round log ratios
	medianRatio float64
	uP          float64
	uOK         bool
	instances   byRun // two or more runner instances: mod decides
	mod         *modT
}

// signedRankBrute is the exact Wilcoxon signed-rank analysis of x (no zeros, no ties), by enumerating
// all 2^n sign patterns: the two-sided p-value, the Hodges-Lehmann estimate and the interval at
// confidence conf from the Walsh averages, nil interval (NaN) when conf cannot be reached.
func signedRankBrute(x []float64, conf float64) (p, est, lo, hi float64, ok bool) {
	n := len(x)
	abs := make([]float64, n)
	for i, v := range x {
		if v == 0 {
			return 0, 0, 0, 0, false
		}
		abs[i] = math.Abs(v)
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return abs[order[a]] < abs[order[b]] })
	v := 0
	for r, i := range order {
		if r > 0 && abs[order[r-1]] == abs[i] {
			return 0, 0, 0, 0, false // ties
		}
		if x[i] > 0 {
			v += r + 1
		}
	}
	total := n * (n + 1) / 2
	cdf := signRankCDFBrute(n)
	if 4*v > total*2 {
		p = 2 * (1 - cdf(v-1))
	} else {
		p = 2 * cdf(v)
	}
	p = math.Min(1, p)
	var w []float64
	for i := range x {
		for j := i; j < n; j++ {
			w = append(w, (x[i]+x[j])/2)
		}
	}
	sort.Float64s(w)
	est = median(w)
	qu := 0
	for cdf(qu) < (1-conf)/2-1e-12 {
		qu++
	}
	if qu == 0 {
		qu = 1
	}
	if 1-2*cdf(qu-1) < conf {
		return p, est, math.NaN(), math.NaN(), true
	}
	return p, est, w[qu-1], w[total-qu], true
}

// signRankCDFBrute is the null distribution function of the signed-rank statistic of n pairs, by
// enumerating all 2^n sign patterns.
func signRankCDFBrute(n int) func(q int) float64 {
	total := n * (n + 1) / 2
	dist := make([]float64, total+1)
	for mask := 0; mask < 1<<n; mask++ {
		s := 0
		for r := 0; r < n; r++ {
			if mask&(1<<r) != 0 {
				s += r + 1
			}
		}
		dist[s]++
	}
	return func(q int) float64 {
		c := 0.0
		for k := 0; k <= q && k <= total; k++ {
			c += dist[k]
		}
		return c / float64(int(1)<<n)
	}
}

// bhAdjust is Benjamini-Hochberg by its definition: the adjusted p of a test is the smallest m*p_(k)/k
// over the tests ranked k whose p_(k) is at least its own, capped at 1.
func bhAdjust(ps []float64) []float64 {
	sorted := slices.Clone(ps)
	sort.Float64s(sorted)
	m := float64(len(ps))
	out := make([]float64, len(ps))
	for i, p := range ps {
		best := 1.0
		for k, q := range sorted {
			if q >= p {
				best = math.Min(best, m*q/float64(k+1))
			}
		}
		out[i] = best
	}
	return out
}

// recompute computes every (cell, candidate) comparison of the fixture.
func (f *fixture) recompute(t *testing.T) map[string]*recomputed {
	t.Helper()
	out := map[string]*recomputed{}
	var keys []string
	var ps []float64
	var mods []*modT
	// each candidate's comparisons (its first prior) and those in a phase, in a workload, in a DOP class
	// and in a workload and phase (its further priors)
	byCandidate := map[string][]*modT{}
	byStratum := []map[string][]*modT{{}, {}, {}, {}}
	procs := map[matrix.Cell]int{} // a cell's processors, as stats takes them: the most any sample saw
	for _, s := range f.samples {
		if s.Result != nil {
			procs[s.Cell] = max(procs[s.Cell], s.Result.Env.NumCPU)
		}
	}
	pct := func(l float64) float64 { return (math.Exp(l) - 1) * 100 }
	for _, c := range f.cells {
		for _, cand := range f.cands {
			if len(f.usable[key(c, cand)]) == 0 && len(f.usable[key(c, "control")]) == 0 {
				continue
			}
			r := &recomputed{lo: math.NaN(), hi: math.NaN(), est: math.NaN(), medianRatio: math.NaN()}
			rs := f.ratios[key(c, cand)]
			r.pairs = len(rs)
			var logs []float64
			for _, x := range rs {
				logs = append(logs, math.Log(x))
			}
			r.uP, r.uOK = exactUTest(f.nsPerOp(c, "control"), f.nsPerOp(c, cand))
			if runs := f.runLogs[key(c, cand)]; len(runs) >= 2 { // runner instances: their combination decides
				ys := runs.estimates()
				if len(ys) < 2 {
					t.Fatalf("%v %s: %d instances, fewer than two with an interval; this check handles the combination only", c, cand, len(runs))
				}
				m := newModT(ys)
				r.medianRatio = median(rs)
				r.instances, r.mod = runs, &m
				mods = append(mods, &m)
				byCandidate[cand] = append(byCandidate[cand], &m)
				class := "latency"
				if procs[c] > 0 && c.DOP > procs[c] {
					class = "contention"
				}
				for i, stratum := range []string{c.Phase, c.Workload, class, c.Workload + " " + c.Phase} {
					byStratum[i][cand+" "+stratum] = append(byStratum[i][cand+" "+stratum], &m)
				}
				r.lo, r.hi = 0, 0 // set at the adjusted level below
				for _, x := range rs {
					logs = append(logs, math.Log(x))
				}
				r.logs = logs
				k := key(c, cand)
				out[k] = r
				keys = append(keys, k)
				ps = append(ps, math.NaN()) // set once the family's prior is fitted
				continue
			}
			if len(rs) > 0 {
				r.medianRatio = median(rs)
				p, est, lo, hi, ok := signedRankBrute(logs, 0.95)
				if !ok {
					t.Fatalf("%v %s: ties or zeros among the log ratios; this check handles the exact case only", c, cand)
				}
				r.est, r.lo, r.hi, r.p = pct(est), pct(lo), pct(hi), p
			}
			if math.IsNaN(r.lo) { // too few pairs: the U test decides
				r.p = r.uP
				if !r.uOK {
					t.Fatalf("%v %s: ties between samples; this check handles the exact U test only", c, cand)
				}
			}
			r.logs = logs
			k := key(c, cand)
			out[k] = r
			keys = append(keys, k)
			ps = append(ps, r.p)
		}
	}
	// The instances' combinations moderated over their candidate's comparisons and, again, over those in
	// the same phase, the same workload, the same DOP class and the same workload and phase; each keeps
	// the one with the largest p-value (decided only if all five decide); in a stratum of fewer than
	// pooledBelow comparisons, also on the stratum's pooled variance.
	var further []map[*modT]modT
	for _, by := range byStratum {
		alt := map[*modT]modT{}
		for _, ms := range by {
			cp := make([]*modT, len(ms))
			for i, m := range ms {
				c := *m
				cp[i] = &c
			}
			moderateSmall(cp)
			for i, m := range ms {
				alt[m] = *cp[i]
			}
		}
		further = append(further, alt)
	}
	for _, ms := range byCandidate {
		moderateSmall(ms)
	}
	for _, m := range mods {
		best := *m
		for _, alt := range further {
			if c := alt[m]; c.p() > best.p() {
				best = c
			}
		}
		*m = best
	}
	for i, k := range keys {
		if r := out[k]; r.mod != nil {
			r.est, r.p = pct(r.mod.est), r.mod.p()
			ps[i] = r.p
		}
	}
	// The selection-adjusted intervals (Benjamini-Yekutieli): every interval of the family again at
	// confidence 1 - max(R, 1) * 0.05 / m, R the comparisons Benjamini-Hochberg selects at 0.05; the
	// decision is read from that interval and the +-2% margin.
	adj := bhAdjust(ps)
	selected := 0
	for _, a := range adj {
		if a <= 0.05 {
			selected++
		}
	}
	level := 1 - float64(max(selected, 1))*0.05/float64(len(ps))
	margin := 2.0
	for i, a := range adj {
		r := out[keys[i]]
		r.padj = a
		if r.instances != nil {
			lo, hi := r.mod.interval(level)
			r.lo, r.hi, r.level = pct(lo), pct(hi), level
		} else if !math.IsNaN(r.lo) {
			_, _, lo, hi, _ := signedRankBrute(r.logs, level)
			r.lo, r.hi = pct(lo), pct(hi)
			r.level = level
		}
		switch {
		case !math.IsNaN(r.lo) && r.lo >= -margin && r.hi <= margin && (r.lo > 0 || r.hi < 0):
			r.decision = "≈ equivalent (shown smaller than 2%)" // equivalence is read first, even when significant
		case !math.IsNaN(r.lo) && r.lo >= -margin && r.hi <= margin:
			r.decision = "≈ equivalent"
		case r.instances != nil && (r.instances.disagree(level, margin) || r.instances.split(r.mod.est)) && (r.lo > 0 || r.hi < 0):
			r.decision = "split: its instances point different ways, no verdict" // an interval that excludes 0: never "~" beside it
		case r.instances != nil && (r.instances.disagree(level, margin) || r.instances.split(r.mod.est)): // opposite instances: no direction
			r.decision = "~ inconclusive"
		case !math.IsNaN(r.lo) && r.hi < 0, math.IsNaN(r.lo) && r.level == 0 && a <= 0.05 && r.est < 0:
			r.decision = "faster"
		case !math.IsNaN(r.lo) && r.lo > 0, math.IsNaN(r.lo) && r.level == 0 && a <= 0.05:
			r.decision = "slower"
		default:
			r.decision = "~ inconclusive"
		}
	}
	return out
}

// changeText is how the page prints a recomputed change (without the class's mark).
func (r *recomputed) changeText() string {
	if math.IsNaN(r.lo) && r.level > 0 {
		return fmt.Sprintf("%s (%d pairs: no %s interval)", PctSigned(r.est), r.pairs, pctLevel(r.level))
	}
	if math.IsNaN(r.lo) {
		return fmt.Sprintf("%s (%d pairs, no CI)", PctSigned(r.est), r.pairs)
	}
	return fmt.Sprintf("%s [%s, %s]", PctSigned(r.est), boundNum(r.lo, 2), boundNum(r.hi, 2)) // bounds beside the +-2% margin
}

// tableRows returns the rows of the markdown tables that follow a heading matching under, up to the
// next heading of the same or a higher level, keyed by header name.
func tableRows(page, section string) []map[string]string {
	start := strings.Index(page, "\n"+section+"\n")
	if start < 0 {
		return nil
	}
	rest := page[start+len(section)+2:]
	level := len(section) - len(strings.TrimLeft(section, "#"))
	for i, line := range strings.Split(rest, "\n") {
		if l := len(line) - len(strings.TrimLeft(line, "#")); l > 0 && l <= level && strings.HasPrefix(line[l:], " ") {
			rest = strings.Join(strings.Split(rest, "\n")[:i], "\n")
			break
		}
	}
	var out []map[string]string
	var header []string
	h3 := ""
	for _, line := range strings.Split(rest, "\n") {
		if h, ok := strings.CutPrefix(line, "### "); ok {
			h3 = h
		}
		if !strings.HasPrefix(line, "| ") {
			header = nil
			continue
		}
		cols := strings.Split(strings.TrimSuffix(strings.TrimPrefix(line, "| "), " |"), " | ")
		switch {
		case header == nil:
			header = cols
		case strings.HasPrefix(line, "| ---"):
		default:
			row := map[string]string{"_h3": h3}
			for i, h := range header {
				if i < len(cols) {
					row[h] = cols[i]
				}
			}
			out = append(out, row)
		}
	}
	return out
}

// checkPage checks a rendered page against its recomputed input.
func checkPage(t *testing.T, page string, f *fixture) {
	t.Helper()
	page = strings.ReplaceAll(page, "\r\n", "\n") // a Windows checkout may use CRLF
	want := fmt.Sprintf("**Data quality.** %d samples: %d failed, %d with an output", len(f.samples), f.failed, f.mismatch)
	if !strings.Contains(page, want) {
		t.Errorf("data quality line missing or wrong: want %q", want)
	}
	rec := f.recompute(t)

	// Per-cell statistics: every comparison, every column.
	seen := map[string]bool{}
	for _, row := range tableRows(page, "## Per-cell statistics") {
		if row["Adjusted p"] == "" {
			continue // the per-round ratios
		}
		dop, _ := strconv.Atoi(strings.TrimSuffix(row["DOP"], " "+throughputMark))
		c := matrix.Cell{Platform: row["_h3"], Backend: row["Backend"], Workload: row["Workload"], DOP: dop, Phase: row["Phase"]}
		k := key(c, row["Candidate"])
		r := rec[k]
		if r == nil || seen[k] {
			t.Errorf("row %v: no such comparison in the input (or twice)", row)
			continue
		}
		seen[k] = true
		decision := r.decision
		if row["Decision"] == "**unstable**" {
			decision = row["Decision"] // regimes are package regime's to find; the interval is still checked
		}
		for col, want := range map[string]string{
			"Change, % [interval]": r.changeText(),
			"p":                    pNum(r.p),
			"Adjusted p":           pNum(r.padj),
			"Decision":             decision,
			"Median ratio":         ratioNum(r.medianRatio),
		} {
			if got := row[col]; got != want {
				t.Errorf("%v %s: %s %q, recomputed %q", c, row["Candidate"], col, got, want)
			}
		}
		if r.uOK {
			if got := row["U test p"]; got != pNum(r.uP) {
				t.Errorf("%v %s: U test p %q, recomputed %q", c, row["Candidate"], got, pNum(r.uP))
			}
		}
	}
	if len(seen) != len(rec) || len(rec) == 0 {
		t.Errorf("checked %d of %d comparisons in the per-cell table", len(seen), len(rec))
	}

	// Elapsed tables: medians in us/op and the same change, with "~" exactly when not significant.
	heading := regexp.MustCompile(`(?m)^#### (\S+) vs control, (\S+), backend (\S+)$`)
	checked := 0
	for _, m := range heading.FindAllStringSubmatchIndex(page, -1) {
		cand, platform, backend := page[m[2]:m[3]], page[m[4]:m[5]], page[m[6]:m[7]]
		for _, row := range tableRows(page, page[m[0]:m[1]]) {
			dop, _ := strconv.Atoi(strings.TrimSuffix(row["DOP"], " "+throughputMark))
			for _, phase := range []string{"cold", "warm"} {
				ph := strings.ToUpper(phase[:1]) + phase[1:]
				c := matrix.Cell{Platform: platform, Workload: row["Workload"], DOP: dop, Phase: phase, Backend: backend}
				r := rec[key(c, cand)]
				if r == nil {
					t.Errorf("%v %s: in the elapsed table, not in the input", c, cand)
					continue
				}
				want := r.changeText()
				got := row[ph+" change, % [interval]"]
				switch {
				case strings.HasPrefix(got, "unstable "):
					want = "unstable " + want
				case strings.HasPrefix(r.decision, "split: "):
					want = "split " + want
				case strings.HasPrefix(r.decision, "~"), strings.HasPrefix(r.decision, "≈"):
					want = r.decision[:strings.Index(r.decision, " ")+1] + want
				}
				if got != want {
					t.Errorf("%v %s: change %q, recomputed %q", c, cand, got, want)
				}
				for h, v := range row {
					if strings.HasPrefix(h, ph+" control, us/op") {
						if w := num(median(f.nsPerOp(c, "control"))/1000) + " "; !strings.HasPrefix(v, w) {
							t.Errorf("%v control: %q, want the median %q us/op", c, v, w)
						}
					}
					if h == ph+" "+cand+", us/op" {
						if w := num(median(f.nsPerOp(c, cand))/1000) + " "; !strings.HasPrefix(v, w) {
							t.Errorf("%v %s: %q, want the median %q us/op", c, cand, v, w)
						}
					}
				}
				checked++
			}
		}
	}
	if checked != len(rec) {
		t.Errorf("checked %d elapsed-table changes, want %d", checked, len(rec))
	}

	// Verdicts: the DOPs each column names faster or slower are the recomputed decisions, less the cells
	// the page calls unstable.
	verdicts := tableRows(page, "## Verdicts")
	if len(verdicts) == 0 {
		t.Fatal("no verdict table")
	}
	dops := regexp.MustCompile(`\*\*(faster|slower)\*\* at (every DOP|DOP [0-9, ‡]+)`)
	unstableDOPs := regexp.MustCompile(`unstable at DOP ([0-9, ‡]+)`)
	columns := 0
	defer func() {
		if columns == 0 {
			t.Errorf("no verdict column checked")
		}
	}()
	for _, row := range verdicts {
		for h, text := range row {
			wl, phase, ok := strings.Cut(strings.Fields(h + " x")[0], ",")
			if !ok || !slices.Contains(f.workloads(), wl) {
				continue
			}
			phase = strings.Fields(h)[1]
			columns++
			want := map[string][]int{}
			var all []int
			for k, r := range rec {
				c, cand := cellOfKey(f, k)
				if cand == row["Candidate"] && c.Backend == row["Backend"] && c.Phase == phase && c.Workload == wl && (row["Platform"] == "" || row["Platform"] == c.Platform) {
					all = append(all, c.DOP)
					want[r.decision] = append(want[r.decision], c.DOP)
				}
			}
			got := map[string][]int{}
			for _, m := range dops.FindAllStringSubmatch(text, -1) { // one per DOP group
				if m[2] == "every DOP" {
					got[m[1]] = append(got[m[1]], all...)
				} else {
					got[m[1]] = append(got[m[1]], intList(strings.TrimPrefix(m[2], "DOP "))...)
				}
			}
			var unstable []int
			for _, m := range unstableDOPs.FindAllStringSubmatch(text, -1) {
				unstable = append(unstable, intList(m[1])...)
			}
			for _, d := range []string{"faster", "slower"} {
				w := slices.DeleteFunc(slices.Clone(want[d]), func(n int) bool { return slices.Contains(unstable, n) })
				g := got[d]
				slices.Sort(w)
				slices.Sort(g)
				if !slices.Equal(g, w) {
					t.Errorf("verdict %s %s %s %s: %q says %s at DOP %v, recomputed %v", row["Candidate"], row["Backend"], wl, phase, text, d, g, w)
				}
			}
		}
	}
}

// intList parses "1, 4, 12".
func intList(s string) []int {
	var out []int
	for _, f := range strings.Split(s, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(f), throughputMark))); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// workloads lists the fixture's workloads.
func (f *fixture) workloads() []string {
	var out []string
	for _, c := range f.cells {
		if !slices.Contains(out, c.Workload) {
			out = append(out, c.Workload)
		}
	}
	return out
}

func cellOfKey(f *fixture, k string) (matrix.Cell, string) {
	for _, c := range f.cells {
		for _, cand := range f.cands {
			if key(c, cand) == k {
				return c, cand
			}
		}
	}
	return matrix.Cell{}, ""
}

// TestTrace checks the golden report against its input, recomputed here.
func TestTrace(t *testing.T) {
	if _, err := os.Stat(filepath.Join("testdata", "golden", "fixture", "README.md")); err != nil {
		t.Fatalf("%v (generate the golden files first: go test -run TestGolden -update)", err)
	}
	data := reportText(t, filepath.Join("testdata", "golden", "fixture"))
	paths, _ := filepath.Glob(filepath.Join("testdata", "*.jsonl"))
	f := loadFixture(t, paths...)
	if f.failed != 1 || f.mismatch != 1 {
		t.Errorf("fixture: %d failed, %d mismatched; want 1 and 1", f.failed, f.mismatch)
	}
	checkPage(t, string(data), f)
}

// exampleProfile is the example report's profile: the full profile, the seeds' protocol, whose three
// workloads and three pool capacities many checks of this package read.
const exampleProfile = "full"

// exampleReport is the committed example report: the newest folder under reports/ with raw results of the
// full profile. The tests read its committed pages, which cmd/lab's TestCommittedReportsReproduce holds
// byte for byte to what the current code renders from its raw data; replacing the committed report
// changes what they check, and a repository without one fails them rather than skipping.
func exampleReport(t *testing.T) string { return committedReport(t, exampleProfile) }

// committedReport is the newest committed report folder whose run has the profile, as an absolute path
// (tests change directory).
func committedReport(t testing.TB, profile string) string {
	t.Helper()
	raws, _ := filepath.Glob(filepath.Join("..", "..", "reports", "*", "raw", "*"))
	sort.Strings(raws)
	for i := len(raws) - 1; i >= 0; i-- {
		if m, err := resultsdir.ReadManifest(raws[i]); err == nil && m.Profile == profile {
			dir, err := filepath.Abs(filepath.Dir(filepath.Dir(raws[i])))
			if err != nil {
				t.Fatal(err)
			}
			return dir
		}
	}
	t.Fatalf("no committed report of the %s profile with raw results under reports/", profile)
	return ""
}

// reportsUnderTest are the folders whose pages the checks on pages read: the golden fixture's and every
// committed report's, by name.
func reportsUnderTest(t testing.TB) map[string]string {
	t.Helper()
	dirs := map[string]string{"golden": filepath.Join("testdata", "golden", "fixture")}
	envs, _ := filepath.Glob(filepath.Join("..", "..", "reports", "*", environmentPage))
	for _, env := range envs {
		dir, err := filepath.Abs(filepath.Dir(env))
		if err != nil {
			t.Fatal(err)
		}
		dirs[filepath.Base(dir)] = dir
	}
	if len(dirs) < 3 {
		t.Fatalf("%d report folders: want the golden fixture's and the committed reports", len(dirs))
	}
	return dirs
}

// smallestReport is the committed report with the fewest bytes of raw results: the one whose model the
// checks on values analyse (committedModel), since analysing a run includes its label-swap calibration.
func smallestReport(t testing.TB) string {
	t.Helper()
	raws, _ := filepath.Glob(filepath.Join("..", "..", "reports", "*", "raw", "*"))
	best, bestSize := "", int64(-1)
	for _, raw := range raws {
		files, _ := filepath.Glob(filepath.Join(raw, "*.jsonl"))
		var size int64
		for _, f := range files {
			if fi, err := os.Stat(f); err == nil {
				size += fi.Size()
			}
		}
		if size > 0 && (bestSize < 0 || size < bestSize) {
			best, bestSize = raw, size
		}
	}
	if best == "" {
		t.Fatal("no committed report with raw results under reports/")
	}
	return best
}

// committedModel is the model smallestReport's raw results analyse to: the values its committed pages
// were written from. It is analysed once per test process (2,300 samples and their calibration take
// seconds, under wine minutes: skipped under -short).
func committedModel(t *testing.T) *model {
	t.Helper()
	if testing.Short() {
		t.Skip("analysing a committed run and its label-swap calibration takes seconds (under wine, minutes); run without -short")
	}
	raw := smallestReport(t)
	committedAnalysis.Do(func() {
		committedAnalysis.m, committedAnalysis.err = analyse(Options{In: []string{raw}, Out: DefaultOut, Name: "model"}) // analyse writes nothing
	})
	if committedAnalysis.err != nil {
		t.Fatal(committedAnalysis.err)
	}
	return committedAnalysis.m
}

// committedAnalysis holds committedModel's model, shared read-only by the tests.
var committedAnalysis struct {
	sync.Once
	m   *model
	err error
}

// TestTraceExampleReport checks the committed example report the same way: every cell's
// estimate, interval, p-values and decision, recomputed from its raw/ without matrix/stats.
func TestTraceExampleReport(t *testing.T) {
	dir := exampleReport(t)
	paths, _ := filepath.Glob(filepath.Join(dir, "raw", "*", "*.jsonl"))
	if len(paths) == 0 {
		t.Fatal("example report has no raw results")
	}
	checkPage(t, reportText(t, dir), loadFixture(t, paths...))
}

// exactUTest is the two-sided Mann-Whitney U test from the exact distribution of U, counted by the
// recurrence N(a, b, u) = N(a-1, b, u-b) + N(a, b-1, u) (the largest value comes from the first sample,
// beating all b of the second, or from the second). ok is false with ties, which it does not handle.
func exactUTest(x, y []float64) (p float64, ok bool) {
	u := 0
	for _, a := range x {
		for _, b := range y {
			switch {
			case a == b:
				return 0, false
			case a > b:
				u++
			}
		}
	}
	n1, n2 := len(x), len(y)
	if 2*u == n1*n2 {
		return 1, true
	}
	// N(a, b, u) by the recurrence, a layer of (b, u) per a (36 x 36 samples: 1.7 million additions).
	m := n1 * n2
	prev := make([][]float64, n2+1)
	cur := make([][]float64, n2+1)
	for b := range prev {
		prev[b], cur[b] = make([]float64, m+1), make([]float64, m+1)
	}
	for b := 0; b <= n2; b++ {
		prev[b][0] = 1 // a = 0: only u = 0
	}
	for a := 1; a <= n1; a++ {
		for b := 0; b <= n2; b++ {
			for v := 0; v <= m; v++ {
				c := 0.0
				if b == 0 {
					if v == 0 {
						c = 1
					}
				} else {
					if v-b >= 0 {
						c += prev[b][v-b]
					}
					c += cur[b-1][v]
				}
				cur[b][v] = c
			}
		}
		prev, cur = cur, prev
	}
	small := min(u, m-u)
	var below, total float64
	for v := 0; v <= m; v++ {
		c := prev[n2][v]
		total += c
		if v <= small {
			below += c
		}
	}
	return 2 * below / total, true
}
