package stats

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
)

// A scenario's slice holds the cells its parts name and no other; a zero part is any.
func TestModerationScenarioCovers(t *testing.T) {
	fixedCold := matrix.Cell{Workload: "fixed", Phase: "cold", DOP: 1}
	mixedWarm8 := matrix.Cell{Workload: "mixed", Phase: "warm", DOP: 8}
	for _, c := range []struct {
		sc        ModerationScenario
		name      string // a label for the failure messages
		fixedCold bool   // covers fixedCold at DOP 1 (latency)
		mixedWarm bool   // covers mixedWarm8, oversubscribed (contention)
	}{
		{ModerationScenario{}, "aa", true, true},
		{ModerationScenario{Workload: "fixed"}, "aa, fixed", true, false},
		{ModerationScenario{Phase: "warm"}, "aa, warm", false, true},
		{ModerationScenario{DOPClass: DOPLatency}, "aa, latency", true, false},
		{ModerationScenario{DOPClass: DOPContention}, "aa, contention", false, true},
		{ModerationScenario{Workload: "mixed", Phase: "cold"}, "aa, mixed, cold", false, false},
		{ModerationScenario{Workload: "mixed", Phase: "warm", AllCandidates: true}, "every candidate, mixed, warm", false, true},
		{ModerationScenario{OneInstance: true}, "aa, one instance", true, true},
	} {
		if got := c.sc.covers(fixedCold, false); got != c.fixedCold {
			t.Errorf("%s: covers fixed cold DOP 1 = %v, want %v", c.name, got, c.fixedCold)
		}
		if got := c.sc.covers(mixedWarm8, true); got != c.mixedWarm {
			t.Errorf("%s: covers mixed warm DOP 8 = %v, want %v", c.name, got, c.mixedWarm)
		}
	}
}

// applyScenario changes the elapsed time of the samples its scenario names and of no other: aa's in the
// slice, every candidate's (never control's) with AllCandidates, and with OneInstance aa's first run only.
func TestApplyScenarioSlices(t *testing.T) {
	var base []matrix.Sample
	for _, run := range []string{"B", "A"} {
		for _, s := range aaRun(1) {
			s.Run = run
			base = append(base, s)
		}
	}
	for _, c := range []struct {
		sc      ModerationScenario
		changed func(s matrix.Sample) bool
	}{
		{ModerationScenario{Tau: 0.05, Workload: "fixed"}, func(s matrix.Sample) bool { return s.Variant == matrix.AA && s.Cell.Workload == "fixed" }},
		{ModerationScenario{Tau: 0.05, Phase: "warm", AllCandidates: true}, func(s matrix.Sample) bool { return s.Variant != "control" && s.Cell.Phase == "warm" }},
		{ModerationScenario{Tau: 0.05, DOPClass: DOPContention}, func(matrix.Sample) bool { return false }}, // DOP 1 of 2 processors
		{ModerationScenario{Effect: 0.15, OneInstance: true}, func(s matrix.Sample) bool { return s.Variant == matrix.AA && s.Run == "A" }},
	} {
		ss := make([]matrix.Sample, len(base))
		copy(ss, base)
		applyScenario(ss, c.sc, "control", rand.New(rand.NewPCG(1, 2)))
		for i, s := range ss {
			ratio := float64(s.Result.ElapsedNs) / float64(base[i].Result.ElapsedNs)
			if want := c.changed(base[i]); want != (math.Abs(ratio-1) > 1e-9) {
				t.Errorf("%+v: %s %s %s run %s round %d: ratio %v, changed want %v", c.sc, s.Variant, s.Cell.Workload, s.Cell.Phase, s.Run, s.Round, ratio, want)
			}
			if c.sc.Effect > 0 && c.changed(base[i]) && math.Abs(ratio-1.15) > 1e-6 {
				t.Errorf("%+v: ratio %v, want 1.15", c.sc, ratio)
			}
		}
		if base[0].Result == ss[0].Result && c.changed(base[0]) {
			t.Errorf("%+v: the input's result was changed in place", c.sc)
		}
	}
}

// The two swap styles exchange the same measurements: with positions exchanged with the labels, each
// flipped round's control record holds aa's result and keeps its own position; a round not flipped keeps
// everything. LabelSwapNullStyle then names the same A/A comparisons in each swap in both styles (the
// analysis reads no position for a family it calibrates).
func TestSwapStylesAgree(t *testing.T) {
	samples := aaRun(4)
	ss := make([]matrix.Sample, len(samples))
	copy(ss, samples)
	exchangeMeasurements(ss, "control", func(_ matrix.Cell, _ string, round int) bool { return round%2 == 0 })
	for i, s := range ss {
		o := samples[i]
		if s.Variant != o.Variant || s.Position != o.Position {
			t.Fatalf("sample %d: record changed: %s at %d, was %s at %d", i, s.Variant, s.Position, o.Variant, o.Position)
		}
		flipped := (o.Variant == "control" || o.Variant == matrix.AA) && o.Round%2 == 0
		if (s.Result != o.Result) != flipped {
			t.Errorf("sample %d (%s round %d): result exchanged %v, want %v", i, o.Variant, o.Round, s.Result != o.Result, flipped)
		}
	}
	kept, err := LabelSwapNullStyle(samples, nil, Options{}, 6, 2, PositionsKept)
	if err != nil {
		t.Fatal(err)
	}
	outside, err := LabelSwapNullStyle(samples, nil, Options{}, 6, 2, PositionsWithLabels)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range kept.Families {
		g := outside.Families[i]
		for j := range f.Named {
			if f.Named[j] != g.Named[j] {
				t.Errorf("%s swap %d: %d named with positions kept, %d with positions exchanged", f.Family, j, f.Named[j], g.Named[j])
			}
		}
	}
}
