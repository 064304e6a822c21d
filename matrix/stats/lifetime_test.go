package stats

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/lifetime"
)

// lifetimeSamples are 8 rounds of control and pooled/8 on one machine, in the fixed workload (one
// configuration, so every operation is its own point of the steady-state series), with known
// per-operation costs (µs): cold, control's first operation 200, the next 7 100, then 20; pooled's first 200, then 10.
// Warm: control 20, pooled 30 (a churning pool). dop and cpus set the cells' DOP and the processors.
func lifetimeSamples(dop, cpus int, timeline bool) []matrix.Sample {
	return scaledLifetimeSamples(dop, cpus, timeline, func(string, string, int) float64 { return 1 })
}

// scaledLifetimeSamples are lifetimeSamples with each sample's durations scaled by scale(variant, phase,
// round).
func scaledLifetimeSamples(dop, cpus int, timeline bool, scale func(v, phase string, round int) float64) []matrix.Sample {
	const ops = 100
	var out []matrix.Sample
	for _, phase := range []string{hostresult.Cold, hostresult.Warm} {
		for r := range 8 {
			for _, v := range []string{"control", "pooled/8"} {
				perOp := func(i int) int64 {
					switch {
					case phase == hostresult.Cold && i == 0:
						return 200_000
					case v == "control" && phase == hostresult.Cold && i < 8:
						return 100_000
					case v == "control":
						return 20_000
					case phase == hostresult.Warm:
						return 30_000
					}
					return 10_000
				}
				tl := make([]int64, hostresult.Bins(ops))
				var total int64
				for i := range ops {
					ns := int64(float64(perOp(i)) * scale(v, phase, r))
					tl[hostresult.Bin(i)] += ns
					total += ns
				}
				res := &hostresult.Result{Variant: strings.Split(v, "/")[0], Backend: "pages", Workload: "fixed", Phase: phase, DOP: dop,
					Ops: ops, ElapsedNs: total, OutputBytes: 1000, Digest: "aa", Env: hostresult.Env{NumCPU: cpus}}
				if timeline {
					res.TimelineNs = tl
					first := make([]int64, min(ops, hostresult.FirstOps))
					for i := range first {
						first[i] = int64(float64(perOp(i)) * scale(v, phase, r))
					}
					res.FirstOpsNs = [][]int64{first}
				}
				if v != "control" {
					res.PoolCapacity, res.IdleBytes = 8, 8*350_000
				}
				out = append(out, matrix.Sample{Run: "R", Cell: matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: dop, Phase: phase,
					Backend: "pages"}, Variant: v, Round: r, OK: true, Result: res})
			}
		}
	}
	return out
}

// TestLifetimesKnownCrossing: pooled's total over N operations is 200 + 10(N-1) µs up to its 100 cold
// operations and grows by 30 per operation after; control's is 900 + 20(N-8) from N = 8. Pooled is
// cheaper up to N = 255 (equal there) and dearer from 256 on, beyond the cold series: extrapolated.
func TestLifetimesKnownCrossing(t *testing.T) {
	a, err := Analyze(lifetimeSamples(1, 2, true), Options{})
	if err != nil {
		t.Fatal(err)
	}
	ls, omitted, err := a.Lifetimes()
	if err != nil || len(ls) != 1 || len(omitted) != 0 {
		t.Fatalf("lifetimes %v, omitted %v, err %v", ls, omitted, err)
	}
	l := ls[0]
	cmp := l.Comparisons["pooled/8"]
	be := cmp.BreakEven
	// Equal at 255: no test shows either cheaper there, so the interval starts at 255.
	if be.N != 256 || be.CandidateWins || !be.Extrapolated || !be.Decided || be.Lo != 255 || be.Hi != 256 {
		t.Errorf("break-even %+v, want 256 [255, 256], control cheaper from there, extrapolated", be)
	}
	if r, _ := cmp.RatioAt(8); r.Estimate != (200.0+70)/900 || r.Extrapolated {
		t.Errorf("ratio at 8: %+v, want 270/900 measured", r)
	}
	if l.Warm["control"] != 8 || l.Warm["pooled/8"] != 8 || !l.Exact {
		t.Errorf("warm levels %v, exact %v: want every round's warm sample, exact first operations", l.Warm, l.Exact)
	}
	ctl, pool := l.Steady["control"], l.Steady["pooled/8"]
	if ctl.Classes[lifetime.Warmup] != 8 || ctl.Start.Center != 8 || pool.Classes[lifetime.Warmup] != 8 || pool.Start.Center != 1 {
		t.Errorf("steady states: control %+v, pooled %+v; want warmup from operation 9 and 2", ctl, pool)
	}
	if idle := l.Idle["pooled/8"]; idle.Capacity != 8 || idle.Warm != 8*350_000 {
		t.Errorf("idle %+v", idle)
	}
	if d, ok := lifetime.Decide(a.Control, l.Comparisons, 100); !ok || d.Winner != "pooled/8" || !d.Clear {
		t.Errorf("decision at 100: %+v", d)
	}
	if d, ok := lifetime.Decide(a.Control, l.Comparisons, 1000); !ok || d.Winner != "control" || !d.Clear {
		t.Errorf("decision at 1000: %+v", d)
	}
}

func TestLifetimesOmitted(t *testing.T) {
	for _, c := range []struct {
		name       string
		dop, cpus  int
		timeline   bool
		zeroOp     bool
		want       Omission
		processors int
		variant    string
		err        string
	}{
		{"old results", 1, 2, false, false, NoTimeline, 0, "", ""},
		{"old results oversubscribed", 8, 2, false, false, NoTimeline, 0, "", ""},
		{"oversubscribed", 4, 2, true, false, AboveProcessors, 2, "", ""},
		{"a zero duration", 1, 2, true, true, MalformedSample, 0, "pooled/8", "lifetime: worker 0's exact duration 5 is 0 ns; durations must be > 0"},
	} {
		samples := lifetimeSamples(c.dop, c.cpus, c.timeline)
		if c.zeroOp {
			samples[3].Result.FirstOpsNs[0][5] = 0
		}
		a, _ := Analyze(samples, Options{})
		ls, omitted, err := a.Lifetimes()
		if err != nil || len(ls) != 0 || len(omitted) != 1 {
			t.Errorf("%s: lifetimes %v, omitted %+v, err %v; want one omitted", c.name, ls, omitted, err)
			continue
		}
		o := omitted[0]
		gotErr := ""
		if o.Err != nil {
			gotErr = o.Err.Error()
		}
		if o.Why != c.want || o.Processors != c.processors || o.Variant != c.variant || gotErr != c.err || o.DOP != c.dop ||
			(c.want == MalformedSample && o.Round != (RoundID{Run: "R", Round: 1})) {
			t.Errorf("%s: omitted %v: reason %d, %d processors, variant %q round %+v, error %q; want reason %d, %d processors, variant %q, error %q",
				c.name, o.Cell, o.Why, o.Processors, o.Variant, o.Round, gotErr, c.want, c.processors, c.variant, c.err)
		}
	}
}

// TestLifetimesUnstable: control's warm rounds at two speeds (the first four 1.6 times slower) make the
// cell unstable, and cells.json says so beside the records, which marshal without NaN.
func TestLifetimesUnstable(t *testing.T) {
	samples := scaledLifetimeSamples(1, 2, true, func(v, phase string, r int) float64 {
		jitter := 1 + 0.01*float64(r%3)
		if v == "control" && phase == hostresult.Warm && r < 4 {
			return 1.6 * jitter
		}
		return jitter
	})
	a, err := Analyze(samples, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ls, _, err := a.Lifetimes()
	if err != nil || len(ls) != 1 {
		t.Fatalf("%v %v", ls, err)
	}
	if got := ls[0].Unstable; len(got) != 1 || got[0] != "control warm" {
		t.Errorf("unstable %v, want [control warm]", got)
	}
	if _, _, why, ok := ls[0].Decide(a.Control, 100); ok || !slices.Equal(why, []string{"control warm"}) {
		t.Errorf("decision on unstable control: ok %v, why %q", ok, why)
	}
	recs := LifetimeRecords(ls, a.Control)
	if len(recs) != 2 || recs[0].Variant != "control" || recs[0].BreakEven != nil || recs[1].BreakEven == nil || len(recs[1].Lifetime) != len(lifetime.Grid()) {
		t.Fatalf("records %+v", recs)
	}
	var buf strings.Builder
	if err := WriteCells(&buf, Cells{Version: CellsVersion, Lifetime: recs}); err != nil {
		t.Fatal(err)
	}
	back, err := ReadCells(strings.NewReader(buf.String()))
	if err != nil || len(back.Lifetime) != 2 || back.Lifetime[1].SteadyState.Classes["warmup"] != 8 || back.Lifetime[1].Unstable[0] != "control warm" {
		t.Errorf("round trip: %+v, %v", back.Lifetime, err)
	}
}

// The lifetime ratios of an analysis are one family: every interval is at the level that matches the
// Benjamini-Hochberg selection of their sign-flip p-values, 1 - max(R, 1) * alpha / m.
func TestLifetimesFamily(t *testing.T) {
	a, err := Analyze(lifetimeSamples(1, 2, true), Options{})
	if err != nil {
		t.Fatal(err)
	}
	ls, _, err := a.Lifetimes()
	if err != nil || len(ls) != 1 {
		t.Fatalf("lifetimes %v, err %v", ls, err)
	}
	f := ls[0].Family
	var ps []float64
	for _, c := range ls[0].Comparisons {
		for _, r := range c.Ratios {
			ps = append(ps, r.P)
		}
	}
	selected := 0
	for _, p := range BenjaminiHochberg(ps) {
		if p <= a.Alpha {
			selected++
		}
	}
	want := 1 - float64(max(selected, 1))*a.Alpha/float64(len(ps))
	if f.Ratios != len(ps) || f.Selected != selected || math.Abs(f.Confidence-want) > 1e-12 {
		t.Errorf("family %+v, want %d ratios, %d selected, confidence %v", f, len(ps), selected, want)
	}
	for _, c := range ls[0].Comparisons {
		for _, r := range c.Ratios {
			if r.Confidence != f.Confidence {
				t.Errorf("N %d: interval at %v, family at %v", r.N, r.Confidence, f.Confidence)
			}
		}
	}
}

// TestLifetimesPairByRound: a candidate missing a round (a failed sample) is still paired with control
// round by round, not by position: each round's durations are scaled alike, so at N = 1 (both first
// operations 200 us) every pair's ratio is 1.
func TestLifetimesPairByRound(t *testing.T) {
	var samples []matrix.Sample
	for _, s := range scaledLifetimeSamples(1, 2, true, func(_, _ string, r int) float64 { return 1 + 0.1*float64(r) }) {
		if s.Variant == "pooled/8" && s.Round == 2 {
			continue
		}
		samples = append(samples, s)
	}
	a, err := Analyze(samples, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ls, _, err := a.Lifetimes()
	if err != nil || len(ls) != 1 {
		t.Fatalf("lifetimes %v, %v", ls, err)
	}
	cmp := ls[0].Comparisons["pooled/8"]
	if r, _ := cmp.RatioAt(1); cmp.Pairs != 7 || math.Abs(r.Estimate-1) > 1e-12 {
		t.Errorf("%d pairs, ratio at 1 %v: want 7 pairs of equal first operations", cmp.Pairs, r.Estimate)
	}
}

// TestLifetimesInstances: a cell measured on two runner instances whose candidate costs differ gets its
// ratios from the random-effects combination of the two instances' own comparisons, wide enough to hold
// both, where the pooled test would have been narrow.
func TestLifetimesInstances(t *testing.T) {
	noise := func(v, _ string, r int) float64 { return 1 + 0.01*float64((r*7+len(v))%5) }
	var samples []matrix.Sample
	for _, run := range []string{"R", "S"} {
		for _, s := range scaledLifetimeSamples(1, 2, true, noise) {
			s.Run = run
			if run == "S" && s.Variant == "pooled/8" {
				res := *s.Result
				res.TimelineNs = scaleAll(res.TimelineNs, 3)
				res.FirstOpsNs = [][]int64{scaleAll(res.FirstOpsNs[0], 3)}
				res.ElapsedNs *= 3
				s.Result = &res
			}
			samples = append(samples, s)
		}
	}
	a, err := Analyze(samples, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ls, _, err := a.Lifetimes()
	if err != nil || len(ls) != 1 {
		t.Fatalf("lifetimes %v, %v", ls, err)
	}
	l := ls[0]
	if len(l.Instances["pooled/8"]) != 2 {
		t.Fatalf("instances %v, want R and S", l.Instances)
	}
	r, _ := l.Comparisons["pooled/8"].RatioAt(100)
	rr, _ := l.Instances["pooled/8"]["R"].RatioAt(100)
	rs, _ := l.Instances["pooled/8"]["S"].RatioAt(100)
	if !r.Combined() || !(r.Lo < rr.Estimate && rs.Estimate < r.Hi) || r.Excludes1() {
		t.Errorf("combined %+v: want an interval holding R's %v and S's %v, and 1", r, rr.Estimate, rs.Estimate)
	}
}
