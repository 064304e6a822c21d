package lifetime

import (
	"math"
	"math/rand/v2"
	"testing"
)

// process is a round whose cold series is first, then rest ns per operation for ops operations, warm at warm.
func process(round int, first, rest float64, ops int, warm float64) Process {
	ns := make([]float64, ops)
	for i := range ns {
		ns[i] = rest
	}
	ns[0] = first
	return Process{Round: round, Cold: exactSeries(ns), WarmNs: warm}
}

func rounds(n int, f func(r int) Process) []Process {
	var out []Process
	for r := range n {
		out = append(out, f(r))
	}
	return out
}

// TestBreakEvenKnownCrossing: control's first operation costs 200, later ones 50; the candidate's first
// 300, later ones 40. The candidate's total is dearer by 100 - 10(N-1): equal at N = 11, cheaper from 12.
func TestBreakEvenKnownCrossing(t *testing.T) {
	for _, c := range []struct {
		name string
		ops  int // the cold series' length: the crossing is measured (100) or extrapolated (5)
	}{{"measured", 100}, {"extrapolated", 5}} {
		t.Run(c.name, func(t *testing.T) {
			ctl := rounds(8, func(r int) Process { return process(r, 200, 50, c.ops, 50) })
			cand := rounds(8, func(r int) Process { return process(r, 300, 40, c.ops, 40) })
			cmp, err := Compare(ctl, cand, 1)
			if err != nil {
				t.Fatal(err)
			}
			be := cmp.BreakEven
			// At N = 11 the two cost exactly the same: no test shows either dearer there, so the interval
			// starts at 11; from 12 every pair has the candidate cheaper.
			if be.N != 12 || !be.CandidateWins || be.NoCrossing || be.Crossings != 1 || be.Lo != 11 || be.Hi != 12 {
				t.Errorf("break-even %+v, want 12 [11, 12], candidate wins, one crossing", be)
			}
			if !be.Decided {
				t.Errorf("a long-run ratio of 0.8 with identical rounds is not decided: %+v", be)
			}
			if be.Extrapolated != (c.ops < 12) {
				t.Errorf("extrapolated %v with %d measured operations", be.Extrapolated, c.ops)
			}
			r1, _ := cmp.RatioAt(1)
			r1m, _ := cmp.RatioAt(MaxN)
			if math.Abs(r1.Estimate-1.5) > 1e-12 || math.Abs(r1m.Estimate-(300+40*(MaxN-1.0))/(200+50*(MaxN-1.0))) > 1e-12 {
				t.Errorf("ratios at 1 and MaxN: %v, %v", r1.Estimate, r1m.Estimate)
			}
			if !r1m.Extrapolated || r1.Extrapolated {
				t.Errorf("extrapolated flags at 1 and MaxN: %v, %v", r1.Extrapolated, r1m.Extrapolated)
			}
		})
	}
}

// TestBreakEvenNoisy draws rounds around the known crossing (each round's costs scaled by a shared
// machine factor and its own noise) and checks that the interval holds the truth and is deterministic.
func TestBreakEvenNoisy(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var ctl, cand []Process
	for i := range 10 {
		f := math.Exp(r.NormFloat64() * 0.1) // the round's machine state, shared by the pair
		ctl = append(ctl, process(i, 200*f*math.Exp(r.NormFloat64()*0.05), 50*f, 100, 50*f))
		cand = append(cand, process(i, 300*f*math.Exp(r.NormFloat64()*0.05), 40*f, 100, 40*f))
	}
	a, err := Compare(ctl, cand, 7)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Compare(ctl, cand, 7)
	if a.BreakEven != b.BreakEven {
		t.Errorf("same seed, different break-even: %+v, %+v", a.BreakEven, b.BreakEven)
	}
	be := a.BreakEven
	if !(be.Lo <= 12 && 12 <= be.Hi) || be.Hi-be.Lo > 6 || !be.CandidateWins {
		t.Errorf("break-even %+v: interval should hold 12 and be narrow", be)
	}
	for _, ra := range a.Ratios {
		if !(ra.Lo <= ra.Estimate && ra.Estimate <= ra.Hi) {
			t.Errorf("N %d: estimate %v outside [%v, %v]", ra.N, ra.Estimate, ra.Lo, ra.Hi)
		}
	}
}

func TestBreakEvenNoCrossing(t *testing.T) {
	ctl := rounds(6, func(r int) Process { return process(r, 200, 50, 50, 50) })
	cand := rounds(6, func(r int) Process { return process(r, 150, 40, 50, 40) })
	cmp, err := Compare(ctl, cand, 1)
	if err != nil {
		t.Fatal(err)
	}
	if be := cmp.BreakEven; !be.NoCrossing || be.N != 1 || !be.CandidateWins || be.Crossings != 0 {
		t.Errorf("cheaper throughout: %+v", be)
	}
	// The other way round: control is cheaper throughout.
	cmp, _ = Compare(cand, ctl, 1)
	if be := cmp.BreakEven; !be.NoCrossing || be.CandidateWins {
		t.Errorf("dearer throughout: %+v", be)
	}
}

// TestBreakEvenInsideBin: a crossing inside a timeline bin is placed by the bin's mean, linearly.
func TestBreakEvenInsideBin(t *testing.T) {
	// Control: 1,000 then 10/op over bins; candidate: 100 then 100/op until op 8, then 1/op.
	mk := func(r int, b []Bin, warm float64) Process {
		s, err := NewSeries(nil, b, 16)
		if err != nil {
			t.Fatal(err)
		}
		return Process{Round: r, Cold: s, WarmNs: warm}
	}
	ctlBins := []Bin{{1, 1, 1000}, {2, 2, 10}, {3, 4, 20}, {5, 8, 40}, {9, 16, 80}}
	candBins := []Bin{{1, 1, 100}, {2, 2, 100}, {3, 4, 200}, {5, 8, 400}, {9, 16, 8}}
	ctl := rounds(6, func(r int) Process { return mk(r, ctlBins, 10) })
	cand := rounds(6, func(r int) Process { return mk(r, candBins, 1) })
	cmp, err := Compare(ctl, cand, 1)
	if err != nil {
		t.Fatal(err)
	}
	// D(N) = cand - ctl: N=1: -900; N=8: 800 - 1070 = -270; N=16: 808 - 1150 = -342. Cheaper throughout.
	if be := cmp.BreakEven; !be.NoCrossing || !be.CandidateWins || be.Crossings != 0 {
		t.Errorf("%+v", be)
	}
	// Flip control's first operation to 100: D(1) = 0, D(2) = 90, D(4) = 270, D(8) = 630, D(16) = 558,
	// then -9 per operation: cheaper from 16 + 558/9 = 78, so from N = 79.
	ctlBins[0].SumNs = 100
	ctl = rounds(6, func(r int) Process { return mk(r, ctlBins, 10) })
	cmp, _ = Compare(ctl, cand, 1)
	if be := cmp.BreakEven; be.N != 79 || !be.CandidateWins || !be.Extrapolated {
		t.Errorf("%+v, want 79, extrapolated", be)
	}
}

func TestCompareErrors(t *testing.T) {
	ctl := rounds(2, func(r int) Process { return process(r, 200, 50, 10, 50) })
	cand := rounds(2, func(r int) Process { return process(r+5, 200, 50, 10, 50) })
	if _, err := Compare(ctl, cand, 1); err == nil {
		t.Error("no common round, no error")
	}
	thin, err := Compare(ctl, ctl, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := thin.RatioAt(1); !math.IsNaN(r.Lo) || thin.BreakEven.ResamplesTotal != 0 || thin.BreakEven.Decided {
		t.Errorf("2 pairs got an interval: %+v", r)
	}
}

func TestDecide(t *testing.T) {
	ctl := rounds(6, func(r int) Process { return process(r, 200, 50, 100, 50) })
	pooled := rounds(6, func(r int) Process { return process(r, 300, 40, 100, 40) }) // cheaper from 12
	split := rounds(6, func(r int) Process { return process(r, 190, 55, 100, 55) })  // cheaper at 1 only
	cmps := map[string]*Comparison{}
	for name, ps := range map[string][]Process{"pooled": pooled, "split": split} {
		c, err := Compare(ctl, ps, 1)
		if err != nil {
			t.Fatal(err)
		}
		cmps[name] = c
	}
	for _, c := range []struct {
		n             int
		winner, vs    string
		clear, ctlWin bool
	}{
		{1, "split", "split", true, false},
		{10, "control", "pooled", true, true}, // pooled 660/650, split 685/650: pooled is the closer
		{100, "pooled", "pooled", true, false},
	} {
		d, ok := Decide("control", cmps, c.n)
		if !ok || d.Winner != c.winner || d.Versus != c.vs || d.Clear != c.clear || d.Thin {
			t.Errorf("N %d: %+v, want winner %s versus %s", c.n, d, c.winner, c.vs)
		}
	}
	if d, _ := Decide("control", cmps, 1); d.NextBreakEven != 4 { // split: -10 + 5(N-1), dearer from 4
		t.Errorf("N 1: next break-even %d, want split's 4", d.NextBreakEven)
	}
	if d, _ := Decide("control", cmps, 100); d.NextBreakEven != 0 {
		t.Errorf("N 100: next break-even %d, want none", d.NextBreakEven)
	}
	if _, ok := Decide("control", cmps, 3); ok {
		t.Error("decision at a lifetime off the grid")
	}
}

// Readjust widens every interval to the family's level from the same pairs, keeps estimates, and
// takes Decided from the new interval at MaxN; the p-value agrees with the intervals exactly: one at
// level 1-a excludes 1 exactly when P <= a.
func TestReadjust(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var ctl, cand []Process
	for i := range 12 { // a small true effect: cheaper by 3%, noisy rounds
		f := math.Exp(r.NormFloat64() * 0.1)
		ctl = append(ctl, process(i, 200*f*math.Exp(r.NormFloat64()*0.2), 50*f*math.Exp(r.NormFloat64()*0.03), 100, 50*f))
		cand = append(cand, process(i, 200*f*math.Exp(r.NormFloat64()*0.2), 48.5*f*math.Exp(r.NormFloat64()*0.03), 100, 48.5*f))
	}
	cmp, err := Compare(ctl, cand, 9)
	if err != nil {
		t.Fatal(err)
	}
	before := append([]Ratio(nil), cmp.Ratios...)
	for _, ra := range before {
		if ra.Confidence != Confidence || math.IsNaN(ra.P) {
			t.Fatalf("N %d: confidence %v, p %v before Readjust", ra.N, ra.Confidence, ra.P)
		}
		for _, alpha := range []float64{0.01, 0.05, 0.2, 0.5} {
			lo, hi := ra.flips.interval(1 - alpha)
			excludes := lo > 1 || hi < 1
			if (ra.P <= alpha) != excludes {
				t.Errorf("N %d: p %v, but the interval at %v is [%v, %v]", ra.N, ra.P, 1-alpha, lo, hi)
			}
		}
	}
	cmp.Readjust(0.999)
	for j, ra := range cmp.Ratios {
		b := before[j]
		if ra.Confidence != 0.999 || ra.Estimate != b.Estimate || ra.Lo > b.Lo || ra.Hi < b.Hi {
			t.Errorf("N %d: readjusted %+v does not contain %+v at a higher level", ra.N, ra, b)
		}
	}
	if cmp.BreakEven.Decided != cmp.Ratios[len(cmp.Ratios)-1].Excludes1() {
		t.Errorf("decided %v, but the interval at MaxN is [%v, %v]", cmp.BreakEven.Decided, cmp.Ratios[len(cmp.Ratios)-1].Lo, cmp.Ratios[len(cmp.Ratios)-1].Hi)
	}
}
