package stats

import (
	"math"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

var testCell = matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: 8, Phase: "warm", Backend: "pages"}

// sample builds a successful sample whose elapsed time is ms milliseconds over 1000 operations.
func sample(variant string, round, position int, ms float64) matrix.Sample {
	return matrix.Sample{Run: "t", Cell: testCell, Variant: variant, Round: round, Position: position, OK: true,
		Result: &hostresult.Result{Variant: variant, Ops: 1000, ElapsedNs: int64(ms * 1e6), MinorFaults: int64(ms),
			NativeAllocs: 1000, OutputBytes: 42, Digest: "d"}}
}

// rounds builds n rounds of control and one candidate with the given elapsed times, alternating order.
func rounds(candidate string, control, cand []float64) []matrix.Sample {
	var out []matrix.Sample
	for r := range control {
		out = append(out, sample("control", r, r%2, control[r]), sample(candidate, r, 1-r%2, cand[r]))
	}
	return out
}

func TestEstimate(t *testing.T) {
	for _, tc := range []struct {
		name             string
		values           []float64
		center, lo, hi   float64
		thin             bool
		wantWarningMatch string
	}{
		// Median CIs are order statistics: at 95%, n=6 needs the extremes (confidence 62/64).
		{"six", []float64{6, 1, 5, 2, 4, 3}, 3.5, 1, 6, false, ""},
		{"nine", []float64{9, 8, 7, 6, 5, 4, 3, 2, 1}, 5, 2, 8, false, ""},
		{"three", []float64{3, 1, 2}, 2, math.Inf(-1), math.Inf(1), true, "need >= 6 samples"},
		{"none", nil, math.NaN(), math.Inf(-1), math.Inf(1), true, "no samples"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := estimate(tc.values, 0.95, nil)
			if !(e.Center == tc.center || math.IsNaN(tc.center) && math.IsNaN(e.Center)) || e.Lo != tc.lo || e.Hi != tc.hi {
				t.Errorf("estimate = %v [%v, %v], want %v [%v, %v]", e.Center, e.Lo, e.Hi, tc.center, tc.lo, tc.hi)
			}
			if e.Thin() != tc.thin {
				t.Errorf("Thin() = %v, want %v", e.Thin(), tc.thin)
			}
			if got := strings.Join(e.Warnings, ";"); !strings.Contains(got, tc.wantWarningMatch) || (tc.wantWarningMatch == "") != (got == "") {
				t.Errorf("warnings %q, want match %q", got, tc.wantWarningMatch)
			}
			if !tc.thin && e.Confidence < 0.95 {
				t.Errorf("confidence %v < 0.95", e.Confidence)
			}
		})
	}
}

func TestAnalyzeDelta(t *testing.T) {
	fast := []float64{50, 51, 52, 53, 54, 55}
	slow := []float64{100, 104, 102, 101, 105, 103}
	for _, tc := range []struct {
		name        string
		samples     []matrix.Sample
		significant bool
		direction   int
		ratio       float64 // median paired ratio of elapsed
		pairs       int
	}{
		{"faster", rounds("pooled", slow, fast), true, -1, (52.0/102 + 54.0/105) / 2, 6},
		{"slower", rounds("pooled", fast, slow), true, +1, (105.0/54 + 102.0/52) / 2, 6},
		{"same", rounds("pooled", fast, []float64{55, 54, 53, 52, 51, 50}), false, 0, (53.0/52 + 52.0/53) / 2, 6},
		{"thin", rounds("pooled", slow[:3], fast[:3]), false, -1, 50.0 / 100, 3},
		// Five pairs have no interval: the U test decides (5 vs 5 fully separated: p = 0.008).
		{"thin but separated", rounds("pooled", slow[:5], fast[:5]), true, -1, 52.0 / 102, 5},
		// Rounds drift a lot, the candidate is 10% slower in every one: only the pairing sees it.
		{"paired beats unpaired", rounds("pooled", []float64{100, 200, 300, 400, 500, 600}, []float64{110, 221, 330.5, 441, 549, 662}), true, +1, (330.5/300 + 441.0/400) / 2, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := Analyze(tc.samples, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Cells) != 1 {
				t.Fatalf("%d cells, want 1", len(a.Cells))
			}
			d := a.Cells[0].Delta("pooled", Elapsed.Name)
			if d == nil {
				t.Fatal("no delta for pooled")
			}
			if d.Significant() != tc.significant {
				t.Errorf("Significant() = %v (p=%v), want %v", d.Significant(), d.Test.P, tc.significant)
			}
			if tc.direction != 0 && d.Direction() != tc.direction {
				t.Errorf("Direction() = %d, want %d", d.Direction(), tc.direction)
			}
			if tc.name == "paired beats unpaired" && (d.USignificant() || !d.Paired() || !d.Significant()) {
				t.Errorf("U significant %v (p=%v), paired %v significant %v (p=%v): want false, true, true", d.USignificant(), d.Test.P, d.Paired(), d.Significant(), d.Log.P)
			}
			if math.Abs(d.Ratio.Center-tc.ratio) > 1e-9 {
				t.Errorf("paired ratio %v, want %v", d.Ratio.Center, tc.ratio)
			}
			if len(d.Pairs) != tc.pairs {
				t.Errorf("%d pairs, want %d", len(d.Pairs), tc.pairs)
			}
			if tc.name == "thin" && !d.Ratio.Thin() {
				t.Error("3 pairs gave a finite 95% interval")
			}
		})
	}
}

func TestAnalyzeIntegrity(t *testing.T) {
	ss := rounds("pooled", []float64{10, 11, 12, 13, 14, 15, 16}, []float64{5, 6, 7, 8, 9, 10, 11})
	ss[1].Result.Digest = "other" // round 0 pooled: mismatch
	ss[2] = matrix.Sample{Run: "t", Cell: testCell, Variant: "control", Round: 1, OK: false, Error: "exit status 2"}
	ss = append(ss, matrix.Sample{Run: "t", Cell: testCell, Variant: "pooled", Round: 7, OK: false, ExitStatus: 3, StderrTail: "goroutine 1:\npanic: boom\n\n"})
	a, err := Analyze(ss, Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := a.Cells[0]
	if c.RefDigest != "d" || c.RefBytes != 42 || c.Rounds != 8 {
		t.Errorf("reference %d %q rounds %d, want 42 \"d\" 8", c.RefBytes, c.RefDigest, c.Rounds)
	}
	for _, tc := range []struct {
		variant                        string
		samples, failed, mismatch, use int
		errs                           string
	}{
		{"control", 7, 1, 0, 6, "exit status 2"},
		{"pooled", 8, 1, 1, 6, "exit status 3: stderr: panic: boom;output 42 bytes, digest other, want 42 bytes, digest d"},
	} {
		v := c.Variant(tc.variant)
		if v.Samples != tc.samples || v.Failed != tc.failed || v.Mismatched != tc.mismatch || v.Used != tc.use {
			t.Errorf("%s: %+v, want samples %d failed %d mismatched %d used %d", tc.variant, v.Integrity, tc.samples, tc.failed, tc.mismatch, tc.use)
		}
		if got := strings.Join(v.Errors, ";"); got != tc.errs {
			t.Errorf("%s: errors %q, want %q", tc.variant, got, tc.errs)
		}
		if n := v.Metrics[Elapsed.Name].N; n != tc.use {
			t.Errorf("%s: elapsed over %d samples, want %d", tc.variant, n, tc.use)
		}
	}
	d := c.Delta("pooled", Elapsed.Name)
	// Rounds 0 (candidate mismatched), 1 (control failed) and 7 (candidate failed, no control) are unpaired.
	if len(d.Pairs) != 5 || d.Unpaired != 2 {
		t.Errorf("%d pairs, %d unpaired; want 5 and 2", len(d.Pairs), d.Unpaired)
	}
	for _, p := range d.Pairs {
		if p.Round == 0 || p.Round == 1 {
			t.Errorf("round %d paired despite a failed or mismatched side", p.Round)
		}
		if want := p.Round%2 == 1; p.CandidateFirst != want {
			t.Errorf("round %d: CandidateFirst %v, want %v", p.Round, p.CandidateFirst, want)
		}
	}
}

func TestUndefinedRatio(t *testing.T) {
	ss := rounds("pooled", []float64{1, 2, 3, 4, 5, 6}, []float64{1, 2, 3, 4, 5, 6})
	for _, s := range ss {
		s.Result.NativeResets = map[bool]int64{true: 0, false: 1000}[s.Variant == "control"]
	}
	a, err := Analyze(ss, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Cells[0].Delta("pooled", NativeResets.Name)
	if d.Undefined != 6 || !d.Ratio.Empty() || !math.IsNaN(d.MedianRatio) {
		t.Errorf("undefined %d, ratio %+v, median ratio %v: want 6 undefined, no ratio, NaN", d.Undefined, d.Ratio, d.MedianRatio)
	}
	if !d.Significant() {
		t.Errorf("resets 0 vs 1/op not significant: p=%v", d.Test.P)
	}
}

// Verdicts never pool: cells that disagree are counted apart and get no typical figure; cells that agree
// get the geometric mean of their Hodges-Lehmann ratios.
func TestVerdicts(t *testing.T) {
	var ss []matrix.Sample
	for i, dop := range []int{1, 4, 8} {
		control := []float64{100, 101, 102, 103, 104, 105}
		cand := []float64{60, 61, 62, 63, 64, 65 + float64(i)} // faster in every cell
		for _, s := range rounds("pooled", control, cand) {
			s.Cell.DOP = dop
			ss = append(ss, s)
		}
		for _, s := range rounds("pooled", control, cand) {
			s.Cell.DOP, s.Cell.Phase = dop, "cold"
			if dop == 8 { // slower in one cold cell
				s.Result.ElapsedNs = int64(map[bool]float64{true: 1, false: 2.5}[s.Variant == "control"] * float64(s.Result.ElapsedNs))
			}
			ss = append(ss, s)
		}
	}
	a, err := Analyze(ss, Options{})
	if err != nil {
		t.Fatal(err)
	}
	vs := a.Verdicts(Elapsed.Name)
	if len(vs) != 2 || vs[0].Phase != "cold" || vs[1].Phase != "warm" {
		t.Fatalf("%d verdicts %+v, want cold and warm", len(vs), vs)
	}
	cold, warm := vs[0], vs[1]
	if warm.Cells != 3 || warm.Faster != 3 || warm.Slower != 0 || !warm.Agree() {
		t.Errorf("warm %+v: want 3 cells all faster, agreeing", warm)
	}
	var sum float64
	for _, o := range warm.Outcomes {
		sum += math.Log(1 + o.Percent()/100)
	}
	if want := (math.Exp(sum/3) - 1) * 100; math.Abs(warm.Typical-want) > 1e-9 || warm.Typical > -30 {
		t.Errorf("typical warm %v, want the geometric mean %v (about -40)", warm.Typical, want)
	}
	if cold.Faster != 2 || cold.Slower != 1 || cold.Agree() || !math.IsNaN(cold.Typical) {
		t.Errorf("cold %+v: want 2 faster, 1 slower, no typical figure", cold)
	}
}

func TestOptionsErrors(t *testing.T) {
	for _, o := range []Options{{Confidence: 1}, {Confidence: -0.5}, {Alpha: 2}} {
		if _, err := Analyze(nil, o); err == nil {
			t.Errorf("Analyze(%+v) accepted", o)
		}
	}
}

// Rounds of two runs of one cell are different rounds: a candidate of run b never pairs with run a.
func TestRoundsOfSeveralRuns(t *testing.T) {
	ss := rounds("pooled", []float64{10, 11, 12, 13, 14, 15}, []float64{5, 6, 7, 8, 9, 10})
	for r := range 6 {
		s := sample("pooled", r, 0, 7)
		s.Run = "b"
		ss = append(ss, s)
	}
	a, err := Analyze(ss, Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := a.Cells[0]
	d := c.Delta("pooled", Elapsed.Name)
	if c.Rounds != 12 || len(d.Pairs) != 6 || d.Unpaired != 6 {
		t.Errorf("rounds %d, pairs %d, unpaired %d; want 12, 6, 6", c.Rounds, len(d.Pairs), d.Unpaired)
	}
	for _, p := range d.Pairs {
		if p.Run != "t" {
			t.Errorf("pair of round %+v: want run t only", p.RoundID)
		}
	}
}
