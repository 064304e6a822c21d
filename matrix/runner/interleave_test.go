package runner

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// roundsInOrder checks that samples (in the order they ran) take round r of every cell before any
// cell's round r+1, and that the cells of each round ran in the run's recorded order.
func roundsInOrder(t *testing.T, plan matrix.Plan, il matrix.Interleave, samples []matrix.Sample) {
	t.Helper()
	index := map[matrix.Cell]int{}
	for i, c := range plan.Cells() {
		index[c] = i
	}
	byRound := map[int][]int{} // round -> cell indexes in the order they first ran it
	for i, s := range samples {
		if i > 0 && s.Round < samples[i-1].Round {
			t.Fatalf("sample %d (%v round %d) ran after round %d of another cell", i, s.Cell, s.Round, samples[i-1].Round)
		}
		if ci := index[s.Cell]; !slices.Contains(byRound[s.Round], ci) {
			byRound[s.Round] = append(byRound[s.Round], ci)
		}
	}
	for r, got := range byRound {
		want := slices.DeleteFunc(il.CellOrder(len(index), r), func(ci int) bool { return !slices.Contains(got, ci) })
		if !slices.Equal(got, want) {
			t.Errorf("round %d ran cells %v; the run's order (seed %d) is %v", r, got, il.Seed, want)
		}
	}
}

// A new run interleaves: no cell's rounds are contiguous, each cell's samples spread over most of the
// run, and the order replays from the seed in run.json.
func TestInterleavedRounds(t *testing.T) {
	r := fakeRunner(t, "ok") // 4 cells x 3 rounds x 3 variants
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	m, _ := resultsdir.ReadManifest(r.Dir)
	samples := readAll(t, r.Dir)
	if m.Interleave == nil {
		t.Fatal("run.json records no interleave seed")
	}
	roundsInOrder(t, r.Plan, *m.Interleave, samples)
	sp := matrix.Spread(samples)
	if len(sp) != 1 || !sp[0].ByTime || sp[0].Contiguous != 0 || len(sp[0].Cells) != 4 {
		t.Fatalf("spread %+v: want one run, by time, no contiguous cell of 4", sp)
	}
	// 3 rounds of 4 cells: in the run's order a cell spans at least the middle round whole and its own
	// turn on each side, 6 of 12 cell-rounds; in time, at least the middle round's span.
	unTimed := slices.Clone(samples)
	for i := range unTimed {
		unTimed[i].Start = time.Time{}
	}
	if byOrder := matrix.Spread(unTimed)[0]; byOrder.Min < 0.5 {
		t.Errorf("by order, cells span %.2f (smallest) of the run; want at least 0.5", byOrder.Min)
	}
	var midStart, midEnd time.Time
	for _, s := range samples {
		if s.Round == 1 {
			if midStart.IsZero() || s.Start.Before(midStart) {
				midStart = s.Start
			}
			if e := s.Start.Add(time.Duration(s.WallNs)); e.After(midEnd) {
				midEnd = e
			}
		}
	}
	for _, c := range m.Cells {
		if c.Start.After(midStart) || c.End.Before(midEnd) {
			t.Errorf("%v spans %v..%v, not the middle round's %v..%v", c.Cell, c.Start, c.End, midStart, midEnd)
		}
	}
	for _, c := range m.Cells {
		if c.Start.IsZero() || !c.End.After(c.Start) {
			t.Errorf("%v: span %v..%v", c.Cell, c.Start, c.End)
		}
	}
	// Two runs of one plan take different orders (their seeds differ): independent replicas.
	r2 := fakeRunner(t, "ok")
	if err := r2.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if m2, _ := resultsdir.ReadManifest(r2.Dir); m2.Interleave == nil || m2.Interleave.Seed == m.Interleave.Seed {
		t.Errorf("two runs share the interleave seed %v", m2.Interleave)
	}
}

// An interrupted run resumes where it stopped in the same order: the samples it took in both
// invocations are in round order, each round's cells as the seed says.
func TestInterleavedResume(t *testing.T) {
	r := fakeRunner(t, "ok")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r.Progress = &cancelAfter{n: 17, cancel: cancel}
	if err := r.Run(ctx); !errors.Is(err, errInterrupted) {
		t.Fatalf("interrupted Run() = %v", err)
	}
	r2 := *r
	r2.Resume, r2.Progress = true, nil
	if err := r2.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	m, _ := resultsdir.ReadManifest(r.Dir)
	samples := readAll(t, r.Dir)
	if len(samples) != r.Plan.Samples() || len(m.Resumed) != 1 {
		t.Fatalf("%d samples, %d resumes", len(samples), len(m.Resumed))
	}
	roundsInOrder(t, r.Plan, *m.Interleave, samples)
}

// Adaptive batches are a foldover pair across the still-open cells: rounds 0 and 1 of every cell before
// any cell's round 2, and every pair balanced.
func TestInterleavedAdaptive(t *testing.T) {
	r := adaptiveRunner(t)
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	m, _ := resultsdir.ReadManifest(r.Dir)
	roundsInOrder(t, r.Plan, *m.Interleave, readAll(t, r.Dir))
	if sp := matrix.Spread(readAll(t, r.Dir)); sp[0].Contiguous != 0 {
		t.Errorf("%d contiguous cells in an adaptive run", sp[0].Contiguous)
	}
}

// A run older than interleaving (no start times, each cell one block) still measures: every cell
// contiguous, its share its own block's, by file order.
func TestSpreadOfContiguousRun(t *testing.T) {
	plan := testPlan()
	var samples []matrix.Sample
	for ci, c := range plan.Cells()[:4] {
		for r := range 3 {
			for pos, v := range plan.RoundOrder(ci, r) {
				samples = append(samples, matrix.Sample{Run: "old", Cell: c, Round: r, Position: pos, Variant: v, OK: true, WallNs: 1000})
			}
		}
	}
	sp := matrix.Spread(samples)
	if len(sp) != 1 || sp[0].ByTime || sp[0].Contiguous != 4 || sp[0].Min != 0.25 || sp[0].Median != 0.25 {
		t.Errorf("spread of a contiguous run: %+v; want by file order, 4 contiguous cells of 0.25 each", sp)
	}
	// With start times the same run measures by time.
	t0 := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	for i := range samples {
		samples[i].Start = t0.Add(time.Duration(i) * time.Microsecond)
	}
	if sp := matrix.Spread(samples); !sp[0].ByTime || sp[0].Contiguous != 4 || sp[0].Min < 0.24 || sp[0].Min > 0.26 {
		t.Errorf("by time: %+v", sp[0])
	}
}
