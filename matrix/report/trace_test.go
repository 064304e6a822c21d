package report

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
)

// This file recomputes the golden report's figures from the input without matrix/stats (plain sorting
// and arithmetic), and checks that every figure the report prints can be traced to the input.

// fixture is the golden test's input, indexed independently of matrix/stats.
type fixture struct {
	samples  []matrix.Sample
	usable   map[string][]matrix.Sample // by cellVariant key
	ratios   map[string][]float64       // per-pair elapsed ratios by cellVariant key of the candidate
	pooled   map[string][]float64       // by platform|backend|candidate|phase
	failed   int
	mismatch int
}

func key(c matrix.Cell, variant string) string { return fmt.Sprintf("%v|%s", c, variant) }

func loadFixture(t *testing.T) *fixture {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join("testdata", "*.jsonl"))
	f := &fixture{usable: map[string][]matrix.Sample{}, ratios: map[string][]float64{}, pooled: map[string][]float64{}}
	for _, p := range paths {
		ss, err := matrix.ReadSamples(p)
		if err != nil {
			t.Fatal(err)
		}
		f.samples = append(f.samples, ss...)
	}
	ref := map[matrix.Cell]string{} // in the fixture every control sample of a cell agrees
	for _, s := range f.samples {
		if s.OK && s.Variant == "control" {
			ref[s.Cell] = s.Result.Digest
		}
	}
	byRound := map[string]matrix.Sample{}
	for _, s := range f.samples {
		switch {
		case !s.OK:
			f.failed++
		case s.Result.Digest != ref[s.Cell]:
			f.mismatch++
		default:
			f.usable[key(s.Cell, s.Variant)] = append(f.usable[key(s.Cell, s.Variant)], s)
			byRound[fmt.Sprintf("%s|%d", key(s.Cell, s.Variant), s.Round)] = s
		}
	}
	for _, s := range f.samples {
		if s.Variant == "control" {
			continue
		}
		cand, ok1 := byRound[fmt.Sprintf("%s|%d", key(s.Cell, s.Variant), s.Round)]
		ctl, ok2 := byRound[fmt.Sprintf("%s|%d", key(s.Cell, "control"), s.Round)]
		if !ok1 || !ok2 || cand.Result != s.Result {
			continue
		}
		r := float64(cand.Result.ElapsedNs) / float64(ctl.Result.ElapsedNs)
		f.ratios[key(s.Cell, s.Variant)] = append(f.ratios[key(s.Cell, s.Variant)], r)
		pk := strings.Join([]string{s.Cell.Platform, s.Cell.Backend, s.Variant, s.Cell.Phase}, "|")
		f.pooled[pk] = append(f.pooled[pk], r)
	}
	return f
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// elapsedMs returns the usable elapsed times of a variant in a cell, in ms.
func (f *fixture) elapsedMs(c matrix.Cell, variant string) []float64 {
	var out []float64
	for _, s := range f.usable[key(c, variant)] {
		out = append(out, float64(s.Result.ElapsedNs)/1e6)
	}
	return out
}

// allowed returns every decimal and every percentage the report may print, computed from the input.
func (f *fixture) allowed() (decimals, percents map[string]bool) {
	decimals, percents = map[string]bool{}, map[string]bool{}
	addPct := func(ratio float64) {
		p := (ratio - 1) * 100
		for _, v := range []float64{p, -p} {
			percents[pctNum(v)] = true
			percents[signed(v)] = true
		}
	}
	per := func(total int64, ops int) float64 { return float64(total) / float64(ops) }
	for _, ss := range f.usable {
		var groups [10][]float64
		for _, s := range ss {
			r := s.Result
			vals := []float64{float64(r.ElapsedNs) / 1e6, per(r.ElapsedNs, r.Ops), per(r.MinorFaults+r.MajorFaults, r.Ops),
				per(r.NativeAllocs, r.Ops), per(r.NativeFrees, r.Ops), per(r.NativeResets, r.Ops),
				per(int64(r.GoBytes), r.Ops), per(int64(r.GoAllocs), r.Ops), float64(r.IdleBytes), float64(r.PeakRSS)}
			for i, v := range vals {
				groups[i] = append(groups[i], v)
				decimals[num(v)] = true
			}
		}
		for _, g := range groups {
			m := median(g)
			decimals[num(m)] = true
			decimals[strings.Fields(bytesNum(m))[0]] = true
		}
	}
	for _, rs := range f.ratios {
		for _, r := range rs {
			decimals[ratioNum(r)] = true
			addPct(r)
		}
		decimals[ratioNum(median(rs))] = true
		addPct(median(rs))
	}
	for _, rs := range f.pooled {
		addPct(median(rs))
	}
	// The U test's p-values, recomputed from the exact distribution of U.
	cells := map[matrix.Cell]bool{}
	for _, s := range f.samples {
		cells[s.Cell] = true
	}
	for c := range cells {
		for _, cand := range []string{"pooled", "splitalloc"} {
			if p, ok := exactUTest(f.elapsedMs(c, "control"), f.elapsedMs(c, cand)); ok {
				decimals[fmt.Sprintf("%0.3f", p)] = true
			}
		}
	}
	percents["95"] = true   // the confidence level
	decimals["0.05"] = true // the U test's alpha
	return decimals, percents
}

// TestTrace checks that the golden report's figures come from the input: the seeds-shaped tables hold
// the independently recomputed medians and paired deltas in the right rows, the data-quality counts
// match, and every decimal, percentage and interval bound printed before the charts is one of the values
// the input yields.
func TestTrace(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "golden", "fixture", "README.md"))
	if err != nil {
		t.Fatalf("%v (generate the golden files first: go test -run TestGolden -update)", err)
	}
	page := strings.ReplaceAll(string(data), "\r\n", "\n") // a Windows checkout may use CRLF
	body := page[:strings.Index(page, "## Charts")]
	f := loadFixture(t)

	want := fmt.Sprintf("**Data quality.** %d samples: %d failed, %d with an output", len(f.samples), f.failed, f.mismatch)
	if !strings.Contains(page, want) || f.failed != 1 || f.mismatch != 1 {
		t.Errorf("data quality line missing or wrong: want %q (fixture: 1 failed, 1 mismatch; got %d, %d)", want, f.failed, f.mismatch)
	}

	// The seeds-shaped tables, row by row.
	heading := regexp.MustCompile(`^#### (\S+) vs control, (\S+), backend (\S+)$`)
	var cand, platform, backend string
	rows := 0
	for _, line := range strings.Split(body, "\n") {
		if m := heading.FindStringSubmatch(line); m != nil {
			cand, platform, backend = m[1], m[2], m[3]
			continue
		}
		cols := strings.Split(strings.Trim(line, "| "), " | ")
		if cand == "" || len(cols) < 8 || !strings.HasSuffix(cols[0], "configuration") && !strings.HasSuffix(cols[0], "configurations") {
			if strings.HasPrefix(line, "## Why") {
				break
			}
			continue
		}
		workload := map[string]string{"Fixed configuration": "fixed", "Mixed configurations": "mixed"}[cols[0]]
		dop, _ := strconv.Atoi(cols[1])
		for i, phase := range []string{"cold", "warm"} {
			c := matrix.Cell{Platform: platform, Workload: workload, DOP: dop, Phase: phase, Backend: backend}
			for j, v := range []string{"control", cand} {
				ms := f.elapsedMs(c, v)
				got := cols[2+3*i+j]
				if want := num(median(ms)) + " "; !strings.HasPrefix(got, want) {
					t.Errorf("%v %s: %q, want the median %q", c, v, got, want)
				}
				if len(ms) < 6 != strings.Contains(got, "no CI") {
					t.Errorf("%v %s: %q with %d samples: want \"no CI\" exactly below 6", c, v, got, len(ms))
				}
			}
			got := strings.TrimPrefix(cols[4+3*i], "~ ")
			if want := signed((median(f.ratios[key(c, cand)])-1)*100) + "% "; !strings.HasPrefix(got, want) {
				t.Errorf("%v %s delta: %q, want the median paired delta %q", c, cand, got, want)
			}
			rows++
		}
	}
	if rows != 2*2*2*3 { // platforms x candidates x phases x (workload, DOP) rows
		t.Errorf("checked %d table cells, want 24", rows)
	}

	// Every figure.
	decimals, percents := f.allowed()
	for _, m := range regexp.MustCompile(`[+-]?\d+(?:\.\d+)?%|[+-]?\d+\.\d+`).FindAllString(body, -1) {
		if p, ok := strings.CutSuffix(m, "%"); ok {
			if !percents[p] {
				t.Errorf("percentage %s%% is not computed from the input", p)
			}
		} else if !decimals[m] && !percents[m] { // an interval bound of a percentage prints without "%"
			t.Errorf("number %s is not a value, median or ratio of the input", m)
		}
	}
	for _, m := range regexp.MustCompile(`\[([^\[\]]+), ([^\[\]]+)\]`).FindAllStringSubmatch(body, -1) {
		for _, b := range m[1:] {
			if !decimals[b] && !percents[b] {
				t.Errorf("interval bound %s in %s is not a value or ratio of the input", b, m[0])
			}
		}
	}
	if math.IsNaN(median(f.elapsedMs(matrix.Cell{Platform: "linux/arm64", Workload: "fixed", DOP: 1, Phase: "cold", Backend: "pages"}, "control"))) {
		t.Error("fixture lost its thin cell")
	}
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
	memo := map[[3]int]float64{}
	var count func(a, b, u int) float64
	count = func(a, b, u int) float64 {
		switch {
		case u < 0:
			return 0
		case a == 0 || b == 0:
			if u == 0 {
				return 1
			}
			return 0
		}
		k := [3]int{a, b, u}
		if v, ok := memo[k]; ok {
			return v
		}
		v := count(a-1, b, u-b) + count(a, b-1, u)
		memo[k] = v
		return v
	}
	if 2*u == n1*n2 {
		return 1, true
	}
	small := min(u, n1*n2-u)
	var below, total float64
	for v := 0; v <= n1*n2; v++ {
		c := count(n1, n2, v)
		total += c
		if v <= small {
			below += c
		}
	}
	return 2 * below / total, true
}
