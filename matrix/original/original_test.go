package original

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// seedText is a write-up's text as kept under testdata/, its whitespace runs made single spaces except
// tabs and newlines, which the quotes keep.
func seedText(t *testing.T, s Source) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", s.File))
	if err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(string(b), "\r\n", "\n")
}

// Every figure's texts are in its quote, and every quote is in its write-up, verbatim: each number and
// each attribution of the section can be traced to a sentence of a write-up.
func TestEverythingIsQuoted(t *testing.T) {
	check := func(what string, s Source, quote string, parts ...string) {
		t.Helper()
		// Each line of a quote is verbatim in the write-up (a table row quoted with its table's intro
		// and header: the rows between are left out).
		for _, line := range strings.Split(quote, "\n") {
			if !strings.Contains(seedText(t, s), line) {
				t.Errorf("%s: quote line not in testdata/%s: %q", what, s.File, line)
			}
		}
		for _, p := range parts {
			if p != "" && !strings.Contains(quote, p) {
				t.Errorf("%s: %q not in its quote %q", what, p, quote)
			}
		}
	}
	for i, f := range Figures {
		what := "figure " + strconv.Itoa(i)
		check(what, f.Source, f.Quote, f.ControlText, f.CandText, f.Change)
		if f.Control() <= 0 || f.Cand() < 0 || f.Runs == "" {
			t.Errorf("%s: control %v, candidate %v, runs %q", what, f.Control(), f.Cand(), f.Runs)
		}
		if f.Workload == "" && !strings.Contains(f.Runs, "workload") {
			t.Errorf("%s: no workload, and its runs do not say the workload is not stated: %q", what, f.Runs)
		}
		if f.Phase != "cold" && f.Phase != "warm" || f.Workload != "fixed" && f.Workload != "mixed" && f.Workload != "" || f.DOP < 1 {
			t.Errorf("%s: cell %s/%d/%s is not one the lab measures", what, f.Workload, f.DOP, f.Phase)
		}
		// A printed change is the figures' own: within half a point of the ratio ("28.5%" for 258.3 -> 332.1,
		// which is 28.57%).
		if m := regexp.MustCompile(`([0-9.]+)%`).FindStringSubmatch(f.Change); m != nil {
			printed, _ := strconv.ParseFloat(m[1], 64)
			if got := math.Abs(f.Ratio()-1) * 100; math.Abs(got-printed) > 0.5 {
				t.Errorf("%s: printed change %s, the figures give %.2f%%", what, f.Change, got)
			}
		}
	}
	for i, c := range Claims {
		check("claim "+strconv.Itoa(i), c.Source, c.Quote)
		if !strings.Contains(strings.ToLower(c.Quote), c.Phase) {
			t.Errorf("claim %d: phase %s not in %q", i, c.Phase, c.Quote)
		}
	}
	for i, e := range MemoryEstimates {
		check("memory estimate "+strconv.Itoa(i), e.Source, e.Quote, e.Text)
		if v, _ := strconv.ParseFloat(strings.Fields(e.Text)[0], 64); v*mib != e.Bytes {
			t.Errorf("memory estimate %d: %s is not %v bytes", i, e.Text, e.Bytes)
		}
	}
	for i, c := range BackendClaims {
		check("backend claim "+strconv.Itoa(i), c.Source, c.Quote)
	}
	for _, s := range []Source{SplitPR, PoolPR, FragmentationPR} {
		check(s.ID+" setting", s, s.Setting)
		check(s.ID+" heap", s, s.Heap)
		check(s.ID+" title", s, s.Title)
	}
	// Neither write-up names the .NET version it ran: the data must not either.
	for _, s := range []Source{SplitPR, PoolPR} {
		if strings.Contains(s.Setting+s.Heap, ".NET 10") {
			t.Errorf("%s: attributes .NET 10", s.ID)
		}
	}
}

func TestOutcome(t *testing.T) {
	slower := Figure{ControlText: "100 ms", CandText: "131 ms"} // +31%
	faster := Figure{ControlText: "290.7 ms", CandText: "162.9 ms"}
	k := Key{Candidate: "splitalloc", Platform: "linux/amd64", Backend: "libc", Workload: "fixed", DOP: 8, Phase: "cold"}
	cases := []struct {
		name string
		f    Figure
		m    Measured
		ok   bool
		want string
	}{
		{"same, inside", slower, Measured{1.30, 1.2, 1.4, "slower", true, false}, true, "same direction, about the same size; published value inside the interval"},
		{"ten times smaller", faster, Measured{0.957, 0.94, 0.97, "faster", true, false}, true, "same direction, 13x smaller here; published value outside the interval"},
		{"larger", slower, Measured{2.37, 2.3, 2.4, "slower", true, false}, true, "same direction, 3.2x larger here; published value outside the interval"},
		{"opposite", slower, Measured{0.9, 0.85, 0.95, "faster", true, false}, true, "opposite direction; published value outside the interval"},
		{"inconclusive", slower, Measured{1.01, 0.97, 1.06, "inconclusive", true, false}, true, "inconclusive here; published value outside the interval"},
		{"equivalent", slower, Measured{1.0, 0.99, 1.01, "equivalent", true, false}, true, "no difference here (equivalent); published value outside the interval"},
		{"unstable", slower, Measured{1.3, 1.2, 1.4, "unstable", true, false}, true, "unstable here (two speeds): no direction"},
		{"missing", slower, Measured{}, false, "not measured here"},
		{"published within the margin", Figure{ControlText: "144.2 ms", CandText: "143.4 ms"}, Measured{1.3, 1.2, 1.4, "slower", true, false}, true, "published change within ±2%, here slower; published value outside the interval"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Compare(c.f, k, Run{Lookup: func(Key) (Measured, bool) { return c.m, c.ok }, Margin: 0.02})
			if got.Outcome() != c.want {
				t.Errorf("outcome %q, want %q", got.Outcome(), c.want)
			}
			if c.ok && !strings.Contains(got.Why, "this cell: linux/amd64 with libc") {
				t.Errorf("why %q names no setting", got.Why)
			}
		})
	}
}

func TestSection(t *testing.T) {
	run := Run{
		Lookup: func(k Key) (Measured, bool) {
			if k.Platform != "linux/amd64" || k.Candidate != "pooled/8" || k.Metric != Elapsed {
				return Measured{}, false
			}
			return Measured{Ratio: 0.5, Lo: 0.4, Hi: 0.6, Class: "faster", Valid: true, Oversubscribed: k.DOP > 4}, true
		},
		Phase: func(t Target, candidate, phase string, m Metric) []Measured {
			if t.Platform != "linux/amd64" || candidate != "splitalloc" {
				return nil
			}
			return []Measured{{Class: "slower", Valid: true}, {Class: "faster", Valid: true}, {Class: "inconclusive", Valid: true}}
		},
		Idle: func(t Target, candidate string, states int) []IdleCell {
			if t.Platform != "linux/amd64" || candidate != "pooled/8" || states != 8 {
				return nil
			}
			return []IdleCell{{2.56 * mib, 1}, {2.67 * mib, 4}}
		},
	}
	name := func(c string, capacity int) string {
		if capacity > 0 {
			return "pooled/" + strconv.Itoa(capacity)
		}
		return c
	}
	s := Compared([]Target{{"linux/amd64", "libc"}, {Platform, Backend}}, name, run)
	if len(s.Targets) != 2 || len(s.Figures[0]) != len(Figures) || len(s.Figures[1]) != len(Figures) {
		t.Fatalf("%d targets, want 2 (windows first, once) of %d figures each", len(s.Targets), len(Figures))
	}
	var b strings.Builder
	if err := s.Write(&b, "#"); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"# Published figures beside this run",
		"## windows/amd64, privateheap\n\nNot measured in this run: these cells come from the matrix workflow's windows-2025 job",
		"| pool pooled/8 fixed/8‡ warm | 290.7 ms → 162.9 ms (44%) | median of three repetitions | -50.0% [-60.0%, -40.0%] | same direction, about the same size; published value inside the interval |",
		"| pool pooled/8 mixed/4 warm | 258.3 ms → 332.1 ms (a 28.5% slowdown) | median of five paired runs | -50.0% [-60.0%, -40.0%] | opposite direction; published value outside the interval |",
		"| split splitalloc fixed/4 warm | 283.0 ms → 291.2 ms | median of three fresh-process samples per condition | — | not measured here |",
		"| split splitalloc DOP 8 cold (workload not stated) | 134.2 → 175.7 ms (approximately 31% slower) | four alternating-order pairs; workload and statistic not stated | — | not placed: the write-up does not state the workload |",
		"‡ this run's cell ran more workers than its machine's processors",
		"| pool pooled/8 fixed/8 warm, faults-per-op | 9.394 → 0.033 | runs and statistic not stated | — | not measured here |",
		"| split splitalloc, every cold cell, faults-per-op | cold increased (no figure) | not stated | 3 cells | same direction in 1 of 3 cells, opposite in 1, neither in 1 |",
		"| pool pooled/8, idle native memory | 2.6 MiB (an estimate) | not measured there | 2.56 MiB to 2.67 MiB over 2 warm mixed cells where 8 states can be idle (DOP 1, 4; median idle bytes) | estimate inside the measured range |",
		"| pool pooled/16, idle native memory | 5.2 MiB (an estimate) | not measured there | — | not measured here |",
		"Setting: the pool write-up: Windows x64 (\"Local Windows x64 Release build completed with zero warnings and errors.\"), names no allocator; this cell: linux/amd64 with libc.",
		"\"Process page faults per operation fell from 9.394 to 0.033 at DOP 8 and from 11.329 to 0.046 at DOP 12.\"",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("section lacks %q:\n%s", want, out)
		}
	}
	// Every quote the rows reference is listed, and no listed passage goes unreferenced.
	refs := regexp.MustCompile(`\| \[(\d+)\] \|`).FindAllStringSubmatch(out, -1)
	listed := regexp.MustCompile(`(?m)^(\d+)\. "`).FindAllStringSubmatch(out, -1)
	max := 0
	for _, r := range refs {
		n, _ := strconv.Atoi(r[1])
		max = int(math.Max(float64(max), float64(n)))
	}
	if max != len(listed) || len(listed) == 0 {
		t.Errorf("rows reference passages up to [%d], %d listed", max, len(listed))
	}
}

func TestWorkloads(t *testing.T) {
	if got := Workloads(); !slices.Equal(got, []string{"fixed", "mixed"}) {
		t.Errorf("Workloads() = %v, want the write-ups' [fixed mixed]", got)
	}
}

// PR 117949's claim: without the backends it says where the cells come from; with them it counts the
// cells whose interval is above 1 (crt slower), below, and neither, and writes a row per cell.
func TestBackendClaim(t *testing.T) {
	c := BackendClaims[0]
	if c.Slower != "crt" || c.Faster != "privateheap" || c.Workload != "service" || c.Platform != "windows/amd64" {
		t.Fatalf("claim %+v", c)
	}
	none := CompareBackendClaim(c, Run{})
	if len(none.Cells) != 0 || !strings.Contains(none.Outcome(), "not measured here") || !strings.Contains(none.Outcome(), "windows-2025") {
		t.Errorf("without cells: %q", none.Outcome())
	}
	run := Run{Lookup: func(Key) (Measured, bool) { return Measured{}, false },
		Phase: func(Target, string, string, Metric) []Measured { return nil },
		Idle:  func(Target, string, int) []IdleCell { return nil },
		CellRatios: func(platform, workload, variant, num, den string, m Metric) []CellRatio {
			if platform != "windows/amd64" || workload != "service" || variant != "control" || num != "crt" || den != "privateheap" || m != Elapsed {
				return nil
			}
			return []CellRatio{
				{1, "warm", Measured{Ratio: 1.3, Lo: 1.1, Hi: 1.5, Valid: true}},
				{1, "cold", Measured{Ratio: 0.8, Lo: 0.7, Hi: 0.9, Valid: true}},
				{4, "warm", Measured{Ratio: 1.0, Lo: 0.9, Hi: 1.1, Valid: true, Oversubscribed: true}},
			}
		}}
	r := CompareBackendClaim(c, run)
	if a, d, n := r.Counts(); a != 1 || d != 1 || n != 1 {
		t.Errorf("counts %d %d %d, want 1 1 1", a, d, n)
	}
	s := Compared(nil, func(c string, _ int) string { return c }, run)
	var b strings.Builder
	if err := s.Write(&b, "##"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"### pr117949: crt against privateheap in a fragmented heap",
		"| pr117949 crt slower than privateheap, windows/amd64 | service/1 warm | +30.0% [+10.0%, +50.0%] |",
		"| service/4‡ warm | +0.0% [-10.0%, +10.0%] |", "Outcome: same direction in 1 of 3 cells, opposite in 1, neither in 1."} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("section lacks %q:\n%s", want, b.String())
		}
	}
}
