package original

import (
	"math"
	"strings"
	"testing"
)

func TestFiguresAreWellFormed(t *testing.T) {
	for i, f := range Figures {
		if f.Control <= 0 || f.Cand < 0 {
			t.Errorf("figure %d: control %v, candidate %v: need control > 0 and candidate >= 0", i, f.Control, f.Cand)
		}
		if f.Phase != "cold" && f.Phase != "warm" || f.Workload != "fixed" && f.Workload != "mixed" || f.DOP < 1 {
			t.Errorf("figure %d: cell %s/%d/%s is not one the lab measures", i, f.Workload, f.DOP, f.Phase)
		}
		if (f.Candidate == "pooled") != (f.Capacity == 8) {
			t.Errorf("figure %d: candidate %s with capacity %d", i, f.Candidate, f.Capacity)
		}
	}
	// The write-ups' headline numbers, recomputed from the data: 31% slower cold and 27% faster warm
	// (split, DOP-8 pairs); 44% and 55% faster warm, 28.5% slower mixed (pool).
	want := map[int]float64{10: 0.31, 11: -0.27, 12: -0.44, 13: -0.55, 16: 0.285}
	for i, w := range want {
		if got := Figures[i].Ratio() - 1; math.Abs(got-w) > 0.006 {
			t.Errorf("figure %d: change %.3f, the write-up says %.3f", i, got, w)
		}
	}
}

func TestCompare(t *testing.T) {
	slower := Figure{Workload: "fixed", DOP: 8, Phase: "cold", Control: 100, Cand: 131}
	same := Figure{Workload: "fixed", DOP: 1, Phase: "cold", Control: 100, Cand: 99.4}
	k := Key{Candidate: "splitalloc", Platform: "linux/amd64", Backend: "libc", Workload: "fixed", DOP: 8, Phase: "cold"}
	win := k
	win.Platform, win.Backend = Platform, Backend
	cases := []struct {
		name   string
		f      Figure
		k      Key
		m      Measured
		ok     bool
		want   Outcome
		inside bool
		why    string
	}{
		{"agree, inside", slower, win, Measured{1.30, 1.2, 1.4, true, true}, true, Agree, true, ""},
		{"agree, outside", slower, win, Measured{1.05, 1.02, 1.08, true, true}, true, Agree, false, ""},
		{"disagree", slower, k, Measured{0.9, 0.85, 0.95, true, true}, true, Disagree, false, "different platform"},
		{"not confirmed", slower, win, Measured{1.01, 0.97, 1.06, false, true}, true, NotConfirm, false, "same platform"},
		{"both no change", same, win, Measured{1.01, 0.97, 1.06, false, true}, true, Agree, true, ""},
		{"differs", same, k, Measured{1.2, 1.1, 1.3, true, true}, true, Differs, false, "different platform"},
		{"missing windows", slower, win, Measured{}, false, NotMeasured, false, "windows-2025"},
		{"no pair", slower, k, Measured{Valid: false}, true, NotMeasured, false, "no splitalloc"},
		{"thin", same, k, Measured{1.3, 0, math.Inf(1), false, true}, true, TooThin, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Compare(c.f, c.k, func(Key) (Measured, bool) { return c.m, c.ok })
			if got.Outcome != c.want || got.Inside != c.inside {
				t.Fatalf("outcome %q inside %v, want %q %v", got.Outcome, got.Inside, c.want, c.inside)
			}
			if (c.why == "") != (got.Why == "") || !strings.Contains(got.Why, c.why) {
				t.Fatalf("why %q, want it to contain %q", got.Why, c.why)
			}
		})
	}
}

func TestSection(t *testing.T) {
	lookup := func(k Key) (Measured, bool) {
		if k.Platform != "linux/amd64" || k.Candidate != "pooled/8" || k.Metric != Elapsed {
			return Measured{}, false
		}
		return Measured{Ratio: 0.5, Lo: 0.4, Hi: 0.6, Significant: true, Valid: true}, true
	}
	name := func(f Figure) string {
		if f.Capacity > 0 {
			return "pooled/8"
		}
		return f.Candidate
	}
	cs := Compared([]Target{{"linux/amd64", "libc"}, {Platform, Backend}}, name, lookup)
	if len(cs) != 2 || len(cs[0]) != len(Figures) || len(cs[1]) != len(Figures) {
		t.Fatalf("%d targets, want 2 (windows first, once) of %d figures each", len(cs), len(Figures))
	}
	var b strings.Builder
	if err := WriteSection(&b, "#", cs); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"# Against the original experiments",
		"## windows/amd64, privateheap\n\nNot measured in this run: these cells come from the matrix workflow's windows-2025 job",
		"## linux/amd64, libc\n\n| source |",
		"| pool | pooled/8 | fixed/8 warm | elapsed | 290.7 → 162.9 ms (median of 3 repetitions) | -44.0% | -50.0% [-60.0%, -40.0%] | agree, published value inside the CI |",
		"| pool | pooled/8 | mixed/4 warm | elapsed | 258.3 → 332.1 ms (median of 5 paired runs) | +28.6% | -50.0% [-60.0%, -40.0%] | disagree |",
		"| split | splitalloc | fixed/8 cold | elapsed | 103 → 138.6 ms (median of 3 fresh processes) | +34.6% | — | not measured here |",
		"| pool | pooled/8 | fixed/8 warm | faults-per-op | 9.394 → 0.033 faults/op",
		"Where this run and the write-ups part: different platform and allocator",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("section lacks %q:\n%s", want, out)
		}
	}
}
