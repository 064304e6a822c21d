package runner

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// adaptiveRunner is fakeRunner with adaptive stopping and a cap of 8 rounds: pooled takes twice
// control's time (slower), splitalloc exactly control's (equivalent), so every comparison can be decided.
func adaptiveRunner(t *testing.T) *Runner {
	r := fakeRunner(t, "slower=pooled")
	r.Plan.Rounds = 8
	r.Plan.Adaptive = &matrix.DefaultAdaptive
	return r
}

func checkAdaptive(t *testing.T, r *Runner, wantRounds int, wantClosed string) matrix.Manifest {
	t.Helper()
	m, err := resultsdir.ReadManifest(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Status != matrix.StatusComplete || m.Stopping == "" || len(m.Cells) != len(r.Plan.Cells()) {
		t.Fatalf("manifest: status %s, stopping %q, %d cells", m.Status, m.Stopping, len(m.Cells))
	}
	samples := readAll(t, r.Dir)
	perCell := map[matrix.Cell]int{}
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
			want := map[bool]string{true: "slower", false: "equivalent"}[matrix.HostVariant(v) == matrix.Pooled]
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
	m := checkAdaptive(t, r, 4, matrix.ClosedDecided)
	if m.Samples >= m.Planned {
		t.Errorf("%d samples of %d planned: adaptive stopping saved nothing", m.Samples, m.Planned)
	}
}

func TestAdaptiveRoundCap(t *testing.T) {
	r := fakeRunner(t, "ok") // every comparison equivalent, but the cap comes first
	r.Plan.Rounds = 2
	r.Plan.Adaptive = &matrix.DefaultAdaptive
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	m, _ := resultsdir.ReadManifest(r.Dir)
	for _, c := range m.Cells {
		if c.Rounds != 2 || c.ClosedBy != matrix.ClosedCap {
			t.Errorf("%v: %d rounds, closed by %q; want 2, %q", c.Cell, c.Rounds, c.ClosedBy, matrix.ClosedCap)
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
	m, _ := resultsdir.ReadManifest(r.Dir)
	if len(m.Cells) != 4 || slices.ContainsFunc(m.Cells, func(c matrix.CellRun) bool { return c.Rounds != 2 || c.ClosedBy != "" }) {
		t.Fatalf("after the first batch, want 4 open cells at 2 rounds: %+v", m.Cells)
	}
	r2 := *r
	r2.Resume, r2.Progress = true, nil
	if err := r2.Run(context.Background()); err != nil {
		t.Fatalf("resumed Run() = %v", err)
	}
	checkAdaptive(t, r, 4, matrix.ClosedDecided)
	seen := map[matrix.SampleKey]bool{}
	for _, s := range readAll(t, r.Dir) {
		if seen[matrix.KeyOf(s)] {
			t.Fatalf("%v round %d %s recorded twice", s.Cell, s.Round, s.Variant)
		}
		seen[matrix.KeyOf(s)] = true
	}
	// Resuming a finished adaptive run takes nothing more.
	r3 := r2
	if err := r3.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	checkAdaptive(t, r, 4, matrix.ClosedDecided)
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
		{"transient", func(v []float64) bool { return len(v) < 7 }, 7, matrix.ClosedStable},
		{"confirmed", func([]float64) bool { return true }, 3 + 4, matrix.ClosedUnstableCap},
		{"stable", func([]float64) bool { return false }, 3, matrix.ClosedPlanned},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := fakeRunner(t, "ok")
			r.Plan.Resample = &matrix.Resample{MaxExtra: 4}
			r.Policy = matrix.NewPolicy(r.Plan, tc.unstable)
			if err := r.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			m, _ := resultsdir.ReadManifest(r.Dir)
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
	r.Plan.Adaptive = &matrix.DefaultAdaptive
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	samples := readAll(t, r.Dir)
	m, _ := resultsdir.ReadManifest(r.Dir)
	for _, c := range m.Cells {
		pairs := map[string]int{}
		for _, s := range samples {
			if s.Cell == c.Cell {
				pairs[s.Variant]++
			}
		}
		pooled := r.Plan.Variants[slices.IndexFunc(r.Plan.Variants, func(v string) bool { return matrix.HostVariant(v) == matrix.Pooled })]
		if pairs[pooled] != 4 || c.Classes[pooled] != "slower" || pairs["control"] <= 4 || pairs["splitalloc"] != pairs["control"] {
			t.Errorf("%v: samples per variant %v, classes %v, closed by %q after %d rounds", c.Cell, pairs, c.Classes, c.ClosedBy, c.Rounds)
		}
	}
	kept, findings := resultsdir.Screen(&r.Plan, m.RunIDs(), filepath.Join(r.Dir, resultsdir.SamplesFile), samples, nil)
	if len(findings) > 0 || len(kept) != len(samples) {
		t.Errorf("screen kept %d of %d samples: %v", len(kept), len(samples), findings)
	}
}

func TestRoundsNote(t *testing.T) {
	for _, tc := range []struct {
		cells []matrix.CellRun
		want  string
	}{
		{nil, ""},
		{[]matrix.CellRun{{ClosedBy: matrix.ClosedPlanned, Rounds: 10, Base: 10}}, ""},
		{[]matrix.CellRun{{ClosedBy: matrix.ClosedDecided}, {ClosedBy: matrix.ClosedDecided}, {ClosedBy: matrix.ClosedFutile}, {ClosedBy: ""}}, "; cells: 2 decided, 1 futile, 1 open"},
		{[]matrix.CellRun{{ClosedBy: matrix.ClosedPlanned, Rounds: 10, Base: 10}, {Cell: matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: 8, Phase: "cold", Backend: "pages"}, ClosedBy: matrix.ClosedStable, Rounds: 14, Base: 10}},
			"; cells: 1 planned, 1 resampled (1 of them re-sampled: 4 extra rounds; " + matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: 8, Phase: "cold", Backend: "pages"}.String() + " +4)"},
	} {
		if got := RoundsNote(tc.cells); got != tc.want {
			t.Errorf("RoundsNote(%+v) = %q, want %q", tc.cells, got, tc.want)
		}
	}
}

func TestAdaptivePlanValidation(t *testing.T) {
	p := testPlan()
	p.Adaptive = &matrix.DefaultAdaptive
	p.Rounds = 3 // smoke's: one batch and a half
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "-rounds 4") {
		t.Errorf("3 rounds in batches of 2: %v, want an error suggesting -rounds 4", err)
	}
	p.Rounds = 4
	if err := p.Validate(); err != nil {
		t.Errorf("4 rounds: %v", err)
	}
	for _, a := range []matrix.Adaptive{{Batch: 3, Alpha: 0.05, Precision: 1}, {Batch: 2, Alpha: 0, Precision: 1}, {Batch: 2, Alpha: 0.05, Precision: 0}, {Batch: 2, Alpha: 0.05, Precision: 1, Correction: "holm"}} {
		p.Adaptive = &a
		if err := p.Validate(); err == nil {
			t.Errorf("%+v: accepted", a)
		}
	}
	p.Adaptive, p.Resample = nil, &matrix.Resample{MaxExtra: 3}
	if err := p.Validate(); err == nil {
		t.Error("resample maxExtra 3: accepted")
	}
}
