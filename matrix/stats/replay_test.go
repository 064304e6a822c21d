package stats

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/runner"
)

// replayPlan is a fixed design of 4 cells (fixed workload, cold and warm, DOP 1 and 2) with control and
// three candidates (odd, so the rotation holds every row's reverse), 10 rounds.
func replayPlan() matrix.Plan {
	p, _ := runner.ProfileByName("smoke")
	plan := p.Plan
	plan.Platform, plan.Backends, plan.Workloads = "fakeos/fakearch", []string{"pages"}, []string{"fixed"}
	plan.Variants = []string{"control", "pooled/8", "pooled/12", "splitalloc"}
	plan.Rounds, plan.Resample = 10, nil
	return plan
}

// runWith is a recorded fixed-design run of plan in which each candidate's time is control's times
// exp(effect[candidate] + noise), noise normal with SD sd per round.
func runWith(plan matrix.Plan, effect map[string]float64, sd float64, seed uint64) []matrix.Sample {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []matrix.Sample
	for i, cell := range plan.Cells() {
		for r := range plan.Rounds {
			for pos, v := range plan.RoundOrder(i, r) {
				ns := 1e6
				if v != "control" {
					ns *= math.Exp(effect[v] + sd*rng.NormFloat64())
				}
				out = append(out, matrix.Sample{Cell: cell, Variant: v, Round: r, Position: pos, OK: true,
					Result: &hostresult.Result{Ops: 100, ElapsedNs: int64(ns), OutputBytes: 1, Digest: "d"}})
			}
		}
	}
	return out
}

func TestReplayAdaptive(t *testing.T) {
	plan := replayPlan()
	// pooled/8 much faster and pooled/12 much slower than their 1% noise: decided in two batches;
	// splitalloc +0.3%: equivalent only after several.
	samples := runWith(plan, map[string]float64{"pooled/8": math.Log(0.7), "pooled/12": math.Log(1.4), "splitalloc": 0.003}, 0.01, 1)
	rp, err := ReplayAdaptive(plan, samples, matrix.DefaultAdaptive, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rp.Comparisons != 12 || rp.SamplesFixed != len(samples) {
		t.Fatalf("%d comparisons, %d fixed samples; want 12, %d", rp.Comparisons, rp.SamplesFixed, len(samples))
	}
	if rp.SamplesAdaptive >= rp.SamplesFixed {
		t.Errorf("adaptive took %d samples of %d: nothing saved on large effects", rp.SamplesAdaptive, rp.SamplesFixed)
	}
	if rp.Conflicts != 0 || rp.Agree < rp.FixedDecided*3/4 {
		t.Errorf("agreement %d of %d fixed decisions, %d conflicts", rp.Agree, rp.FixedDecided, rp.Conflicts)
	}
	for _, c := range rp.Cells {
		if c.Adaptive["pooled/8"] != Faster || c.Adaptive["pooled/12"] != Slower {
			t.Errorf("%v: adaptive verdicts %v", c.Cell, c.Adaptive)
		}
	}
	plan.Adaptive = &matrix.DefaultAdaptive
	if _, err := ReplayAdaptive(plan, samples, matrix.DefaultAdaptive, Options{}); err == nil {
		t.Error("replaying an adaptive run: no error")
	}
}

func TestFoldoverRounds(t *testing.T) {
	plan := replayPlan() // 4 variants: row r+2 reverses row r; rounds 8 and 9 (rows 0, 1) have no twin left
	if got := foldoverRounds(plan, 0); got[0] != 0 || got[2] != 1 || got[1] != 2 || got[3] != 3 || got[8] != 8 || got[9] != 9 {
		t.Errorf("even rotation: %v", got)
	}
	plan.Variants = plan.Variants[:3] // odd: round r pairs with r+3, its reverse
	got := foldoverRounds(plan, 0)
	for r := range 3 {
		if got[r] != 2*r || got[r+3] != 2*r+1 {
			t.Errorf("odd rotation: %v, want round %d -> %d and %d -> %d", got, r, 2*r, r+3, 2*r+1)
		}
	}
}

func TestSimulateAA(t *testing.T) {
	plan := replayPlan()
	samples := runWith(plan, map[string]float64{"pooled/8": -0.3, "pooled/12": 0.2, "splitalloc": 0}, 0.02, 2)
	sim, err := SimulateAA(plan, samples, matrix.DefaultAdaptive, 200, 3, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sim.Comparisons != 12 || sim.SamplesAdaptive >= sim.SamplesFixed || sim.SamplesFixed != 200*len(samples) {
		t.Fatalf("%+v", *sim)
	}
	// Centred, the effects are gone: false verdicts in at most alpha of the families (the bound; 200
	// families of Gaussian noise put the rate near 1%).
	if rate := float64(sim.AdaptiveFamilies) / float64(sim.Families); rate > 0.05 {
		t.Errorf("A/A families with a false verdict: %.1f%%, want <= 5%%", rate*100)
	}
}

func TestWilson(t *testing.T) {
	// R: prop.test(19, 1000, correct = FALSE)$conf.int = 0.01219 0.02948
	lo, hi := Wilson(19, 1000)
	if math.Abs(lo-0.01219) > 5e-5 || math.Abs(hi-0.02948) > 5e-5 {
		t.Errorf("Wilson(19, 1000) = [%v, %v], want [0.01219, 0.02948]", lo, hi)
	}
}

func TestProjectCap(t *testing.T) {
	plan := replayPlan()
	samples := runWith(plan, map[string]float64{"pooled/8": math.Log(0.7), "pooled/12": math.Log(1.4), "splitalloc": 0.003}, 0.01, 4)
	pr, err := ProjectCap(plan, samples, matrix.DefaultAdaptive, 16, 10, 5, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if pr.FixedDecided == 0 || pr.Agree < pr.FixedDecided*pr.Runs*3/4 || pr.Conflicts != 0 {
		t.Errorf("%+v: want most of the fixed design's decisions, none the other way", *pr)
	}
	if pr.SamplesAdaptive >= float64(16*len(samples)/10) {
		t.Errorf("%.0f samples a run at a cap of 16 rounds: the large effects did not stop early", pr.SamplesAdaptive)
	}
	for _, bad := range []int{0, 3} {
		if _, err := ProjectCap(plan, samples, matrix.DefaultAdaptive, bad, 10, 5, Options{}); err == nil {
			t.Errorf("cap %d: no error", bad)
		}
	}
}
