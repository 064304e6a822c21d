package stats

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/runner"
)

// cellSamples are 12 rounds of control and the given candidates in cell c, each candidate at its factor
// of control's time with multiplicative noise of sd (log scale), each round's machine state shared;
// capacity sets a pooled candidate's PoolCapacity, cpus the processors.
func cellSamples(c matrix.Cell, cpus int, sd float64, seed uint64, factors map[string]float64) []matrix.Sample {
	r := rand.New(rand.NewPCG(seed, 7))
	names := slices.Sorted(mapsKeys(factors))
	var out []matrix.Sample
	for round := range 12 {
		machine := math.Exp(r.NormFloat64() * 0.05)
		for pos, v := range append([]string{"control"}, names...) {
			f := 1.0
			if v != "control" {
				f = factors[v]
			}
			_, capacity, _ := runner.ParseCandidate(v)
			ns := 20e6 * machine * f * math.Exp(r.NormFloat64()*sd)
			out = append(out, matrix.Sample{Run: "t", Cell: c, Variant: v, Round: round, Position: pos, OK: true,
				Result: &hostresult.Result{Variant: v, Workload: c.Workload, Phase: c.Phase, DOP: c.DOP, Ops: 1000, ElapsedNs: int64(ns),
					PoolCapacity: capacity, OutputBytes: 1, Digest: "d", Env: hostresult.Env{NumCPU: cpus}}})
		}
	}
	return out
}

func TestPower(t *testing.T) {
	cell := matrix.Cell{Platform: "linux/amd64", Backend: "pages", Workload: "fixed", DOP: 1, Phase: "warm"}
	for _, tc := range []struct {
		name         string
		sd           float64
		aa           bool
		underpowered bool
		basis        string
	}{
		{"quiet, A/A", 0.005, true, false, "aa"},
		{"loaded, A/A", 0.2, true, true, "aa"},
		{"quiet, no A/A", 0.005, false, false, "family"},
		{"loaded, no A/A", 0.2, false, true, "family"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := map[string]float64{"pooled/8": 0.8}
			if tc.aa {
				f[matrix.AA] = 1
			}
			a, err := Analyze(cellSamples(cell, 2, tc.sd, 1, f), Options{})
			if err != nil {
				t.Fatal(err)
			}
			p := a.Power()
			if p.Underpowered != tc.underpowered || p.Basis != tc.basis || p.Limit() != 8 {
				t.Errorf("%+v: want underpowered %v on %s, limit 8 points", p, tc.underpowered, tc.basis)
			}
			if tc.aa != !math.IsNaN(p.AAWidth) || (tc.aa && p.AACells != 1) {
				t.Errorf("A/A width %v over %d cells", p.AAWidth, p.AACells)
			}
			if p.Underpowered != !(p.Detectable.Percent <= p.Needed()) || p.Needed() != 4 {
				t.Errorf("underpowered %v with a smallest detectable change of %v%%, needed %v%%", p.Underpowered, p.Detectable.Percent, p.Needed())
			}
		})
	}
}

// TestSameTreatments: capacities of at least configurations x DOP are one treatment; below, they differ.
func TestSameTreatments(t *testing.T) {
	pools := map[string]float64{"pooled/8": 1, "pooled/12": 1, "pooled/16": 1, "splitalloc": 1}
	for _, tc := range []struct {
		workload string
		dop      int
		want     []string
	}{
		{"fixed", 1, []string{"pooled/8", "pooled/12", "pooled/16"}},
		{"fixed", 8, []string{"pooled/8", "pooled/12", "pooled/16"}},
		{"fixed", 12, []string{"pooled/12", "pooled/16"}},
		{"fixed", 16, []string{"pooled/16"}}, // one left: nothing to group
		{"mixed", 1, []string{"pooled/12", "pooled/16"}},
		{"mixed", 4, nil}, // 48 states can live: every capacity can evict
	} {
		c := matrix.Cell{Platform: "linux/amd64", Backend: "libc", Workload: tc.workload, DOP: tc.dop, Phase: "cold"}
		a, err := Analyze(cellSamples(c, 2, 0.01, 2, pools), Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := a.SameTreatments()
		want := tc.want
		if len(want) < 2 {
			want = nil
		}
		var names []string
		if len(got) == 1 {
			names = got[0].Candidates
		}
		if len(got) > 1 || !slices.Equal(names, want) {
			t.Errorf("%s/%d: %+v, want one group of %v", tc.workload, tc.dop, got, want)
		}
		if len(got) == 1 && (got[0].Cell != c || SameAs(got, c, want[0]) == nil || SameAs(got, c, "splitalloc") != nil) {
			t.Errorf("%s/%d: group %+v", tc.workload, tc.dop, got[0])
		}
	}
}

// TestDOPGroupsAndGrouped: on 2 processors DOP 4, 8 and 12 are one throughput group, counted once.
func TestDOPGroupsAndGrouped(t *testing.T) {
	var samples []matrix.Sample
	for i, dop := range []int{1, 2, 4, 8, 12} {
		c := matrix.Cell{Platform: "linux/amd64", Backend: "libc", Workload: "fixed", DOP: dop, Phase: "warm"}
		f := 0.8
		if dop == 12 {
			f = 1 // the throughput group disagrees with itself
		}
		samples = append(samples, cellSamples(c, 2, 0.01, uint64(i), map[string]float64{"pooled/8": f})...)
	}
	a, err := Analyze(samples, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := a.DOPGroups()
	if len(g) != 1 || g[0].Processors != 2 || !slices.Equal(g[0].Latency, []int{1, 2}) || !slices.Equal(g[0].Throughput, []int{4, 8, 12}) {
		t.Fatalf("DOP groups %+v", g)
	}
	v := a.Verdicts(Elapsed.Name)[0]
	gv := v.Grouped()
	if v.Faster != 4 || gv.Units != 3 || gv.Faster != 2 || !gv.Mixed || gv.ThroughputClass != Inconclusive || gv.Same != 1 {
		t.Errorf("verdict %d faster of %d; grouped %+v: want 2 latency cells faster and one mixed group", v.Faster, v.Cells, gv)
	}
	if gv.Units != gv.Faster+gv.Slower+gv.Same+gv.Unstable+gv.NoData || len(gv.Latency)+len(gv.Throughput) != v.Cells {
		t.Errorf("grouped counts do not add up: %+v", gv)
	}
}

func TestHarnessOverheads(t *testing.T) {
	c := matrix.Cell{Platform: "linux/amd64", Backend: "libc", Workload: "fixed", DOP: 1, Phase: "warm"}
	a, err := Analyze(cellSamples(c, 2, 0.01, 3, map[string]float64{"pooled/8": 0.5}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := a.Fastest()
	if f.Variant != "pooled/8" || math.Abs(f.NsPerOp-10_000) > 1_000 {
		t.Fatalf("fastest %+v, want pooled/8 near 10 us", f)
	}
	h := a.HarnessOverheads([]*matrix.Manifest{
		{Run: "quiet", Harness: &matrix.Harness{Calibration: hostresult.Calibration{NsPerOp: 70}}},
		nil,
		{Run: "none"},
		{Run: "busy", Harness: &matrix.Harness{Calibration: hostresult.Calibration{NsPerOp: 1600}}},
	})
	if len(h) != 2 || h[0].Warn || !h[1].Warn || h[0].Run != "quiet" || math.Abs(h[1].Share-1600/f.NsPerOp) > 1e-12 {
		t.Errorf("harness %+v", h)
	}
}

// TestCapacityChoices: the decision names the smallest capacity unless a larger is shown cheaper, and
// never ranks capacities that are one treatment.
func TestCapacityChoices(t *testing.T) {
	for _, tc := range []struct {
		name    string
		dop     int
		factor  map[string]float64 // cost scale per variant
		choose  string
		same    int
		cheaper []string
		reason  CapacityReason
	}{
		{"one treatment", 1, map[string]float64{"pooled/8": 1, "pooled/12": 0.97}, "pooled/8", 1, nil, AllSame},
		{"larger shown cheaper", 2, map[string]float64{"pooled/1": 1, "pooled/12": 0.5}, "pooled/12", 0, []string{"pooled/12"}, LargerShownCheaper},
		{"larger not shown cheaper", 2, map[string]float64{"pooled/1": 1, "pooled/12": 1}, "pooled/1", 0, nil, SmallestKept},
	} {
		t.Run(tc.name, func(t *testing.T) {
			samples := scaledLifetimeSamples(tc.dop, 4, true, func(v, _ string, r int) float64 {
				return 1 + 0.01*float64(r%3)
			})
			// add the capacities as copies of pooled/8's samples, scaled
			var out []matrix.Sample
			for _, s := range samples {
				if s.Variant != "pooled/8" {
					out = append(out, s)
					continue
				}
				for name, f := range tc.factor {
					_, capacity, _ := runner.ParseCandidate(name)
					res := *s.Result
					res.PoolCapacity = capacity
					res.ElapsedNs = int64(float64(res.ElapsedNs) * f * (1 + 0.003*float64(s.Round%4)))
					res.TimelineNs = scaleAll(res.TimelineNs, f*(1+0.003*float64(s.Round%4)))
					res.FirstOpsNs = [][]int64{scaleAll(res.FirstOpsNs[0], f*(1+0.003*float64(s.Round%4)))}
					c := s
					c.Variant, c.Result = name, &res
					out = append(out, c)
				}
			}
			a, err := Analyze(out, Options{})
			if err != nil {
				t.Fatal(err)
			}
			ls, _, err := a.Lifetimes()
			if err != nil || len(ls) != 1 {
				t.Fatalf("lifetimes %v, %v", ls, err)
			}
			chs := ls[0].CapacityChoices(ls[0].Comparisons, 100)
			if len(chs) != 1 || chs[0].Chosen != tc.choose || len(chs[0].Same) != tc.same || !slices.Equal(chs[0].ShownCheaper, tc.cheaper) ||
				chs[0].Reason != tc.reason || chs[0].N != 100 {
				t.Fatalf("choices %+v, want %s chosen for reason %d at N = 100", chs, tc.choose, tc.reason)
			}
			d, _, _, ok := ls[0].Decide(a.Control, 100)
			if !ok || (d.Versus != tc.choose) {
				t.Errorf("decision %+v, want it against %s", d, tc.choose)
			}
		})
	}
}

func scaleAll(xs []int64, f float64) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = int64(float64(x) * f)
	}
	return out
}

func TestValidityFlags(t *testing.T) {
	v := Validity{
		Power:         Power{Underpowered: true},
		Calibration:   &Calibration{Families: []FamilyCalibration{{Family: FamilyLifetime, Exceeds: true}, {Family: FamilyElapsed}}},
		Harness:       []HarnessOverhead{{Warn: false}, {Warn: true}},
		Disagreements: []Disagreement{{}},
	}
	want := []Flag{{Kind: Underpowered}, {Kind: AAAboveLevel, Family: FamilyLifetime}, {Kind: HarnessAbove}, {Kind: VerdictsDisagree}}
	if got := v.Flags(); !slices.Equal(got, want) {
		t.Errorf("flags %+v, want %+v", got, want)
	}
	if got := (Validity{}).Flags(); len(got) != 0 {
		t.Errorf("no data, flags %+v", got)
	}
}

// TestDisagreements: a cold cell whose wall times say slower while its operations' durations say
// cheaper is named, with why.
func TestDisagreements(t *testing.T) {
	samples := scaledLifetimeSamples(1, 2, true, func(v, _ string, r int) float64 { return 1 + 0.01*float64(r) })
	for i, s := range samples {
		if s.Variant == "pooled/8" && s.Cell.Phase == hostresult.Cold {
			res := *s.Result
			res.ElapsedNs *= 3 // the wall clock saw something the operations did not
			samples[i].Result = &res
		}
	}
	a, err := Analyze(samples, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ls, _, err := a.Lifetimes()
	if err != nil {
		t.Fatal(err)
	}
	ds := a.Disagreements(ls)
	if len(ds) != 1 || ds[0].Candidate != "pooled/8" || ds[0].Elapsed != Slower || ds[0].N != 100 || !(ds[0].Ratio < 1) ||
		math.Abs(ds[0].WallShare[0]-3) > 1e-9 || math.Abs(ds[0].WallShare[1]-1) > 1e-9 ||
		!slices.Contains(ds[0].Reasons, WallBeyondOperations) {
		t.Fatalf("disagreements %+v, want pooled/8 slower by elapsed time, cheaper at N = 100, the wall clock (3 against 1) a reason", ds)
	}
	if v := a.Validity(ls, nil, nil); len(v.Disagreements) != 1 || !slices.Contains(v.Flags(), Flag{Kind: VerdictsDisagree}) {
		t.Errorf("validity %+v", v)
	}
}
