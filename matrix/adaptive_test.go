package matrix

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// adaptiveRunner is fakeRunner with adaptive stopping and a cap of 8 rounds: pooled takes twice
// control's time (slower), splitalloc exactly control's (equivalent), so every comparison can be decided.
func adaptiveRunner(t *testing.T) *Runner {
	r := fakeRunner(t, "slower=pooled")
	r.Plan.Rounds = 8
	r.Plan.Adaptive = &DefaultAdaptive
	return r
}

func checkAdaptive(t *testing.T, r *Runner, wantRounds int, wantClosed string) Manifest {
	t.Helper()
	m, err := ReadManifest(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Status != StatusComplete || m.Stopping == "" || len(m.Cells) != len(r.Plan.Cells()) {
		t.Fatalf("manifest: status %s, stopping %q, %d cells", m.Status, m.Stopping, len(m.Cells))
	}
	samples := readAll(t, r.Dir)
	perCell := map[Cell]int{}
	for _, s := range samples {
		perCell[s.Cell]++
	}
	for _, c := range m.Cells {
		if c.Rounds != wantRounds || c.ClosedBy != wantClosed {
			t.Errorf("%v: %d rounds, closed by %q; want %d, %q", c.Cell, c.Rounds, c.ClosedBy, wantRounds, wantClosed)
		}
		if got := perCell[c.Cell]; got != c.Rounds*len(r.Plan.Variants) {
			t.Errorf("%v: %d samples for %d rounds of %d variants", c.Cell, got, c.Rounds, len(r.Plan.Variants))
		}
		for v, class := range c.Classes {
			want := map[bool]string{true: "slower", false: "equivalent"}[hostVariant(v) == Pooled]
			if class != want {
				t.Errorf("%v: %s decided %q, want %q", c.Cell, v, class, want)
			}
		}
	}
	return m
}

func TestAdaptiveStopsDecidedCells(t *testing.T) {
	r := adaptiveRunner(t)
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	// Two pairs can never reach the family's level (M_2 <= sqrt((2+c)/c)); four exact pairs can.
	m := checkAdaptive(t, r, 4, ClosedDecided)
	if m.Samples >= m.Planned {
		t.Errorf("%d samples of %d planned: adaptive stopping saved nothing", m.Samples, m.Planned)
	}
}

func TestAdaptiveRoundCap(t *testing.T) {
	r := fakeRunner(t, "ok") // every comparison equivalent, but the cap comes first
	r.Plan.Rounds = 2
	r.Plan.Adaptive = &DefaultAdaptive
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	m, _ := ReadManifest(r.Dir)
	for _, c := range m.Cells {
		if c.Rounds != 2 || c.ClosedBy != ClosedCap {
			t.Errorf("%v: %d rounds, closed by %q; want 2, %q", c.Cell, c.Rounds, c.ClosedBy, ClosedCap)
		}
	}
}

func TestAdaptiveResume(t *testing.T) {
	r := adaptiveRunner(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// 4 cells x 2 rounds x every variant make the first batch; stop 6 samples into the second.
	r.Progress = &cancelAfter{n: 4*2*len(r.Plan.Variants) + 6, cancel: cancel}
	if err := r.Run(ctx); !errors.Is(err, errInterrupted) {
		t.Fatalf("interrupted Run() = %v", err)
	}
	m, _ := ReadManifest(r.Dir)
	if len(m.Cells) != 4 || slices.ContainsFunc(m.Cells, func(c CellRun) bool { return c.Rounds != 2 || c.ClosedBy != "" }) {
		t.Fatalf("after the first batch, want 4 open cells at 2 rounds: %+v", m.Cells)
	}
	r2 := *r
	r2.Resume, r2.Progress = true, nil
	if err := r2.Run(context.Background()); err != nil {
		t.Fatalf("resumed Run() = %v", err)
	}
	checkAdaptive(t, r, 4, ClosedDecided)
	seen := map[sampleKey]bool{}
	for _, s := range readAll(t, r.Dir) {
		if seen[keyOf(s)] {
			t.Fatalf("%v round %d %s recorded twice", s.Cell, s.Round, s.Variant)
		}
		seen[keyOf(s)] = true
	}
	// Resuming a finished adaptive run takes nothing more.
	r3 := r2
	if err := r3.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	checkAdaptive(t, r, 4, ClosedDecided)
}

func TestResampleUnstableCells(t *testing.T) {
	for _, tc := range []struct {
		name       string
		unstable   func([]float64) bool
		wantRounds int
		wantClosed string
	}{
		// Flagged while a series has fewer than 7 values: the 3 own rounds and the first extra pair
		// are "unstable", the second pair outvotes it.
		{"transient", func(v []float64) bool { return len(v) < 7 }, 7, ClosedStable},
		{"confirmed", func([]float64) bool { return true }, 3 + 4, ClosedUnstableCap},
		{"stable", func([]float64) bool { return false }, 3, ClosedPlanned},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := fakeRunner(t, "ok")
			r.Plan.Resample = &Resample{MaxExtra: 4}
			r.Policy = NewPolicy(r.Plan, tc.unstable)
			if err := r.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			m, _ := ReadManifest(r.Dir)
			samples := readAll(t, r.Dir)
			roundsInOrder(t, r.Plan, *m.Interleave, samples) // extra rounds interleave across the flagged cells too
			for _, c := range m.Cells {
				if c.Rounds != tc.wantRounds || c.ClosedBy != tc.wantClosed || c.Base != 3 {
					t.Errorf("%v: %d rounds (base %d), closed by %q; want %d (base 3), %q", c.Cell, c.Rounds, c.Base, c.ClosedBy, tc.wantRounds, tc.wantClosed)
				}
			}
			if want := len(m.Cells) * tc.wantRounds * len(r.Plan.Variants); len(samples) != want {
				t.Errorf("%d samples, want %d", len(samples), want)
			}
			// Every extra pair is a foldover: the second round's order is the first's reversed.
			for k := 3; k+1 < tc.wantRounds; k += 2 {
				a, b := r.Plan.RoundOrder(0, k), r.Plan.RoundOrder(0, k+1)
				slices.Reverse(b)
				if !slices.Equal(a, b) {
					t.Errorf("extra rounds %d and %d: orders %v and reversed %v differ", k, k+1, a, b)
				}
			}
		})
	}
}

// TestAdaptiveCandidatesStopApart: pooled (twice control's time) is decided after 4 rounds and stops;
// splitalloc (noisy) runs on with control until its comparison is out of reach. The rounds after pooled
// stopped hold control and splitalloc only, each at its place in the round's whole order, and a screen of
// the results (what resume and the report do) finds nothing outside the plan.
func TestAdaptiveCandidatesStopApart(t *testing.T) {
	r := fakeRunner(t, "slowernoisy")
	t.Setenv(fakeCounterEnv, filepath.Join(t.TempDir(), "count"))
	r.Plan.Rounds = 10
	r.Plan.Adaptive = &DefaultAdaptive
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	samples := readAll(t, r.Dir)
	m, _ := ReadManifest(r.Dir)
	for _, c := range m.Cells {
		pairs := map[string]int{}
		for _, s := range samples {
			if s.Cell == c.Cell {
				pairs[s.Variant]++
			}
		}
		pooled := r.Plan.Variants[slices.IndexFunc(r.Plan.Variants, func(v string) bool { return hostVariant(v) == Pooled })]
		if pairs[pooled] != 4 || c.Classes[pooled] != "slower" || pairs["control"] <= 4 || pairs["splitalloc"] != pairs["control"] {
			t.Errorf("%v: samples per variant %v, classes %v, closed by %q after %d rounds", c.Cell, pairs, c.Classes, c.ClosedBy, c.Rounds)
		}
	}
	kept, findings := Screen(&r.Plan, m.RunIDs(), filepath.Join(r.Dir, SamplesFile), samples, nil)
	if len(findings) > 0 || len(kept) != len(samples) {
		t.Errorf("screen kept %d of %d samples: %v", len(kept), len(samples), findings)
	}
}

func TestRoundsNote(t *testing.T) {
	for _, tc := range []struct {
		cells []CellRun
		want  string
	}{
		{nil, ""},
		{[]CellRun{{ClosedBy: ClosedPlanned, Rounds: 10, Base: 10}}, ""},
		{[]CellRun{{ClosedBy: ClosedDecided}, {ClosedBy: ClosedDecided}, {ClosedBy: ClosedFutile}, {ClosedBy: ""}}, "; cells: 2 decided, 1 futile, 1 open"},
		{[]CellRun{{ClosedBy: ClosedPlanned, Rounds: 10, Base: 10}, {ClosedBy: ClosedStable, Rounds: 14, Base: 10}}, "; cells: 1 planned, 1 resampled (1 of them re-sampled: 4 extra rounds)"},
	} {
		if got := RoundsNote(tc.cells); got != tc.want {
			t.Errorf("RoundsNote(%+v) = %q, want %q", tc.cells, got, tc.want)
		}
	}
}

func TestAdaptivePlanValidation(t *testing.T) {
	p := testPlan()
	p.Adaptive = &DefaultAdaptive
	p.Rounds = 3 // smoke's: one batch and a half
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "-rounds 4") {
		t.Errorf("3 rounds in batches of 2: %v, want an error suggesting -rounds 4", err)
	}
	p.Rounds = 4
	if err := p.Validate(); err != nil {
		t.Errorf("4 rounds: %v", err)
	}
	for _, a := range []Adaptive{{Batch: 3, Alpha: 0.05, Precision: 1}, {Batch: 2, Alpha: 0, Precision: 1}, {Batch: 2, Alpha: 0.05, Precision: 0}, {Batch: 2, Alpha: 0.05, Precision: 1, Correction: "holm"}} {
		p.Adaptive = &a
		if err := p.Validate(); err == nil {
			t.Errorf("%+v: accepted", a)
		}
	}
	p.Adaptive, p.Resample = nil, &Resample{MaxExtra: 3}
	if err := p.Validate(); err == nil {
		t.Error("resample maxExtra 3: accepted")
	}
}
