package stats

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// aaRun is a seeded run of 12 rounds of control, aa and pooled/8 in two cold and two warm cells (fixed
// and mixed at DOP 1 on 2 processors), each operation log-normal around its variant's level, each round's
// samples sharing a machine factor: aa is control in every way but its name.
func aaRun(seed uint64) []matrix.Sample {
	const ops = 64
	r := rand.New(rand.NewPCG(seed, 1))
	var out []matrix.Sample
	for _, wl := range []string{"fixed", "mixed"} {
		for _, phase := range []string{hostresult.Cold, hostresult.Warm} {
			cell := matrix.Cell{Platform: "linux/amd64", Backend: "pages", Workload: wl, DOP: 1, Phase: phase}
			for round := range 12 {
				machine := math.Exp(r.NormFloat64() * 0.05)
				for pos, v := range []string{"control", matrix.AA, "pooled/8"} {
					level := 20_000.0
					if v == "pooled/8" {
						level = 15_000
					}
					own := math.Exp(r.NormFloat64() * 0.03)
					tl := make([]int64, hostresult.Bins(ops))
					first := make([]int64, ops)
					var total int64
					for i := range ops {
						ns := level * machine * own * math.Exp(r.NormFloat64()*0.1)
						if phase == hostresult.Cold && i == 0 {
							ns *= 8
						}
						first[i] = int64(ns)
						tl[hostresult.Bin(i)] += int64(ns)
						total += int64(ns)
					}
					res := &hostresult.Result{Variant: v, Backend: "pages", Workload: wl, Phase: phase, DOP: 1, Ops: ops, ElapsedNs: total,
						OutputBytes: 1, Digest: "d", Env: hostresult.Env{NumCPU: 2}, TimelineNs: tl, FirstOpsNs: [][]int64{first}}
					out = append(out, matrix.Sample{Run: "R", Cell: cell, Variant: v, Round: round, Position: (pos + round) % 3, OK: true, Result: res})
				}
			}
		}
	}
	return out
}

func TestLabelSwapNull(t *testing.T) {
	samples := aaRun(1)
	cal, err := LabelSwapNull(samples, nil, Options{}, 8, 3)
	if err != nil {
		t.Fatal(err)
	}
	if cal.Swaps != 8 || cal.Seed != 3 || len(cal.Families) != 3 {
		t.Fatalf("calibration %+v: want 8 swaps, seed 3, three families", cal)
	}
	a, _ := Analyze(samples, Options{})
	ls, _, _ := a.Lifetimes()
	real := a.AANamed(ls)
	want := map[string][2]int{ // comparisons, observed
		FamilyElapsed:   {real.ElapsedCells, len(real.Elapsed)},
		FamilyLifetime:  {real.Ratios, real.LifetimeNamed()},
		FamilyBreakEven: {real.BreakEvens, len(real.BreakEven)},
	}
	if real.ElapsedCells != 4 || real.Ratios != 2*len(ls[0].Comparisons[matrix.AA].Ratios) || real.BreakEvens != 2 {
		t.Errorf("A/A comparisons: %d cells, %d ratios, %d break-evens; want 4, 2 x the grid, 2", real.ElapsedCells, real.Ratios, real.BreakEvens)
	}
	for _, f := range cal.Families {
		if w := want[f.Family]; f.Comparisons != w[0] || f.Observed != w[1] {
			t.Errorf("%s: %d comparisons, %d observed; the report's analysis has %v", f.Family, f.Comparisons, f.Observed, w)
		}
		if len(f.Named) != 8 || f.Rate < 0 || f.Rate > 1 || f.Nominal <= 0 || f.Nominal > 0.05 {
			t.Errorf("%s: %+v", f.Family, f)
		}
		if f.Exceeds != (f.Rate-ExceedsSE*f.SE > f.Nominal) {
			t.Errorf("%s: exceeds %v with rate %v +- %v, nominal %v", f.Family, f.Exceeds, f.Rate, f.SE, f.Nominal)
		}
	}
	again, err := LabelSwapNull(samples, nil, Options{}, 8, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range cal.Families {
		if !slices.Equal(f.Named, again.Families[i].Named) {
			t.Errorf("%s: the same seed gave %v and %v", f.Family, f.Named, again.Families[i].Named)
		}
	}
	if samples[1].Variant != matrix.AA {
		t.Error("LabelSwapNull changed its input")
	}
}

// TestLabelSwapNullCalibrated: over many swaps of runs in which aa is control, the lifetime family (the
// sign-flip intervals) and the elapsed family (signed rank) name no more A/A differences than their level.
func TestLabelSwapNullCalibrated(t *testing.T) {
	var named, of [3]int
	for seed := range uint64(4) {
		cal, err := LabelSwapNull(aaRun(10+seed), nil, Options{}, 10, seed)
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range cal.Families {
			for _, n := range f.Named {
				named[i] += n
				of[i] += f.Comparisons
			}
		}
	}
	for i, name := range []string{FamilyElapsed, FamilyLifetime, FamilyBreakEven} {
		rate := float64(named[i]) / float64(of[i])
		t.Logf("%s: %d of %d named (%.4f)", name, named[i], of[i], rate)
		if rate > 0.05 {
			t.Errorf("%s: %d of %d A/A comparisons named over the swaps (%.3f), above 5%%", name, named[i], of[i], rate)
		}
	}
}

func TestLabelSwapNullInputs(t *testing.T) {
	if _, err := LabelSwapNull(aaRun(1), nil, Options{}, 0, 1); err == nil {
		t.Error("0 swaps: no error")
	}
	var noAA []matrix.Sample
	for _, s := range aaRun(1) {
		if s.Variant != matrix.AA {
			noAA = append(noAA, s)
		}
	}
	if cal, err := LabelSwapNull(noAA, nil, Options{}, 2, 1); cal != nil || err != nil {
		t.Errorf("no A/A control: %+v, %v; want nil, nil", cal, err)
	}
}
