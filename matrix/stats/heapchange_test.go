package stats

import (
	"math"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
)

// pairsOf makes one run's pairs with the given candidate/control ratios, round i from 0.
func pairsOf(run string, ratios ...float64) []Pair {
	out := make([]Pair, len(ratios))
	for i, r := range ratios {
		out[i] = Pair{RoundID: RoundID{Run: run, Round: i}, Control: 100, Candidate: 100 * r, Ratio: r}
	}
	return out
}

// moderatedDelta is a delta whose instances' moderated estimate is ln(ratio) with standard error se on df.
func moderatedDelta(candidate string, ratio, se, df float64) *Delta {
	return &Delta{Candidate: candidate, Metric: Elapsed.Name, Instances: &Instances{Moderated: Moderated{K: 3,
		Estimate: math.Log(ratio), Post: se * se * 3, DF: df}}}
}

func TestHeapChangeOf(t *testing.T) {
	// One instance: the service cell's candidate is 10% slower each round where the pristine cell's is
	// even (a little noise on both, the same rounds), so the heap change is +10% and its interval
	// excludes 0.
	noise := []float64{1.004, 0.997, 1.001, 0.999, 1.003, 0.998, 1.002, 0.996, 1.000, 1.005}
	svc, pri := make([]float64, len(noise)), make([]float64, len(noise))
	for i, n := range noise {
		svc[i], pri[i] = 1.10*n, 1/n
	}
	one := func(candidate string, ratios []float64, extra ...float64) *Delta {
		return &Delta{Candidate: candidate, Metric: Elapsed.Name, Pairs: pairsOf("r1", append(ratios, extra...)...)}
	}
	h, ok := HeapChangeOf(one("pooled/8", svc), one("pooled/8", pri), 0.95)
	if !ok || h.Instances != 0 || h.Pairs != len(noise) || h.Thin() {
		t.Fatalf("one instance: %+v, %v", h, ok)
	}
	if c, lo, hi := h.Percent(); math.Abs(c-10) > 1 || lo > 10 || hi < 10 || lo <= 0 {
		t.Errorf("one instance: %+.2f [%+.2f, %+.2f], want about +10 with an interval around it above 0", c, lo, hi)
	}

	// Rounds only one cell has are not paired.
	h, _ = HeapChangeOf(one("pooled/8", svc, 2, 2, 2), one("pooled/8", pri), 0.95)
	if h.Pairs != len(noise) {
		t.Errorf("unmatched rounds: %d pairs, want %d", h.Pairs, len(noise))
	}

	// Several instances: the difference of the moderated estimates, ln(0.9) - ln(1.0), with equal
	// standard errors 0.01 on 10 df each, so Welch's df is 20 and the half-width t(20, 0.975) x sqrt(2)
	// x 0.01 (t from a table: 2.085963).
	h, ok = HeapChangeOf(moderatedDelta("reuse", 0.9, 0.01, 10), moderatedDelta("reuse", 1.0, 0.01, 10), 0.95)
	half := 2.085963 * math.Sqrt2 * 0.01
	if !ok || h.Instances != 3 || math.Abs(h.Ratio-0.9) > 1e-12 || math.Abs(math.Log(h.Lo)-(math.Log(0.9)-half)) > 1e-5 ||
		math.Abs(math.Log(h.Hi)-(math.Log(0.9)+half)) > 1e-5 || math.Abs(h.Pristine-1) > 1e-12 || math.Abs(h.Service-0.9) > 1e-12 {
		t.Errorf("instances: %+v, want 0.9 [exp(ln 0.9 -+ %.5f)]", h, half)
	}

	for _, tt := range []struct {
		name     string
		svc, pri *Delta
	}{
		{"other candidate", one("pooled/8", svc), one("reuse", pri)},
		{"other metric", one("pooled/8", svc), &Delta{Candidate: "pooled/8", Metric: "faults"}},
		{"missing", one("pooled/8", svc), nil},
	} {
		if _, ok := HeapChangeOf(tt.svc, tt.pri, 0.95); ok {
			t.Errorf("%s: ok, want false", tt.name)
		}
	}

	// No pairs: no estimate, no interval.
	if h, ok := HeapChangeOf(one("aa", nil), one("aa", nil), 0.95); !ok || !math.IsNaN(h.Ratio) || !h.Thin() {
		t.Errorf("no pairs: %+v", h)
	}
}

func TestWelchDF(t *testing.T) {
	for _, tt := range []struct{ se1, df1, se2, df2, want float64 }{
		{0.01, 10, 0.01, 10, 20},
		{0.01, 10, 0, 10, 10},
		{0.01, math.Inf(1), 0.01, math.Inf(1), math.Inf(1)},
		{0.02, 4, 0.01, 100, math.Pow(0.0005, 2) / (0.0004*0.0004/4 + 0.0001*0.0001/100)},
	} {
		if got := welchDF(tt.se1, tt.df1, tt.se2, tt.df2); math.Abs(got-tt.want) > 1e-9*math.Max(1, tt.want) && got != tt.want {
			t.Errorf("welchDF(%v, %v, %v, %v) = %v, want %v", tt.se1, tt.df1, tt.se2, tt.df2, got, tt.want)
		}
	}
}

// TestServiceHeaps: a service cell paired with its twin from analysed samples - control 20% slower in the
// service heap each round, the pool 5% slower than control in the pristine cell and 5% faster in the
// service one (a heap change near 0.95/1.05), a cell without a twin left out.
func TestServiceHeaps(t *testing.T) {
	const pool = "pooled/8"
	in := func(workload string, ss []matrix.Sample) []matrix.Sample {
		for i := range ss {
			ss[i].Cell.Workload = workload
		}
		return ss
	}
	var ctlF, poolF, ctlS, poolS []float64
	for i := range 12 {
		base := 20 + float64(i%3) + 0.1*float64(i%5) // rounds differ; the cells share each round's level
		ctlF, poolF = append(ctlF, base), append(poolF, base*(1.05+0.002*float64(i%4)))
		heap := 1.2 * (1 + 0.004*float64(i%5-2)) // the background's cost, varying by round
		ctlS, poolS = append(ctlS, base*heap), append(poolS, base*heap*(0.95+0.002*float64(i%3)))
	}
	samples := append(in("fixed", rounds(pool, ctlF, poolF)), in("service", rounds(pool, ctlS, poolS))...)
	samples = append(samples, in("mixed", rounds(pool, ctlF, poolF))...)
	a, err := Analyze(samples, Options{})
	if err != nil {
		t.Fatal(err)
	}
	twin := func(w string) string { return map[string]string{"service": "fixed", "mixed": "stream"}[w] } // stream never ran
	got := a.ServiceHeaps(Elapsed, twin)
	if len(got) != 1 || got[0].Service.Workload != "service" || got[0].Pristine.Workload != "fixed" {
		t.Fatalf("got %d service heaps: %+v", len(got), got)
	}
	sh := got[0]
	if math.Abs(sh.Control.Ratio-1.2) > 0.005 || sh.Control.Thin() || sh.Control.Pairs != 12 {
		t.Errorf("control: %+v, want 1.2 over 12 pairs with an interval", sh.Control)
	}
	if len(sh.Changes) != 1 {
		t.Fatalf("changes: %+v", sh.Changes)
	}
	h := sh.Changes[0]
	want := 0.952 / 1.053
	if h.Candidate != pool || h.Pairs != 12 || math.Abs(h.Ratio-want) > 0.005 || h.Thin() || h.Hi >= 1 || h.Lo > h.Ratio {
		t.Errorf("change: %+v, want about %.3f with an interval below 1", h, want)
	}
}
