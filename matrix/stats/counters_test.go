package stats

import (
	"math"
	"testing"

	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

func ptr(v int64) *int64 { return &v }

// A counter's metric is its total per operation where the sample has it, and absent - no value, no pair -
// where it does not: an old result without Counters, or an OS without the counter, is never read as 0.
func TestCounterMetricsAbsentIsNotZero(t *testing.T) {
	samples := rounds("pooled", []float64{100, 101, 102, 103, 104, 105}, []float64{50, 51, 52, 53, 54, 55})
	for i, s := range samples {
		switch {
		case i < 4: // rounds 0 and 1: results older than the counters
		case s.Variant == "control":
			s.Result.Counters = &hostresult.Counters{CPUNs: ptr(2e6), InvolCtxSw: ptr(0)}
		default:
			s.Result.Counters = &hostresult.Counters{CPUNs: ptr(1e6), InvolCtxSw: ptr(0), Handoffs: ptr(250)}
		}
	}
	a, err := Analyze(samples, Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := a.Cells[0]
	ctl, cand := c.Variant("control"), c.Variant("pooled")
	for _, tt := range []struct {
		m      Metric
		v      *Variant
		n      int
		center float64
	}{
		{CPUPerOp, ctl, 4, 2000},
		{CPUPerOp, cand, 4, 1000},
		{InvolCtxSw, cand, 4, 0}, // a measured zero is a value
		{Handoffs, cand, 4, 0.25},
		{Handoffs, ctl, 0, math.NaN()}, // control has no pool: absent in every sample
		{Cycles, cand, 0, math.NaN()},  // this OS gave none
	} {
		e := tt.v.Metrics[tt.m.Name]
		if e.N != tt.n || !(e.Center == tt.center || math.IsNaN(tt.center) && math.IsNaN(e.Center)) {
			t.Errorf("%s of %s: %d values, median %v; want %d, %v", tt.m.Name, tt.v.Name, e.N, e.Center, tt.n, tt.center)
		}
	}
	d := c.Delta("pooled", CPUPerOp.Name)
	if len(d.Pairs) != 4 || d.Unpaired != 2 || math.Abs(d.Ratio.Center-0.5) > 1e-12 {
		t.Errorf("CPU/op delta: %d pairs, %d unpaired, ratio %v; want 4, 2 and 0.5", len(d.Pairs), d.Unpaired, d.Ratio.Center)
	}
	if d := c.Delta("pooled", Handoffs.Name); d != nil {
		t.Errorf("handoffs: a delta with %d pairs against a control that has no pool", len(d.Pairs))
	}
	if d := c.Delta("pooled", Cycles.Name); d != nil {
		t.Errorf("cycles: a delta with %d pairs where no sample has the counter", len(d.Pairs))
	}
	// Elapsed is unaffected: all six rounds pair.
	if d := c.Delta("pooled", Elapsed.Name); len(d.Pairs) != 6 {
		t.Errorf("elapsed: %d pairs, want 6", len(d.Pairs))
	}
	if e := ctl.Metrics[BusyProcessors.Name]; e.N != 4 || e.Center <= 0 {
		t.Errorf("busy processors: %d values, median %v", e.N, e.Center)
	}
}

// In a variant whose rounds ran at two speeds, the counters are split by speed group: here the slow rounds
// are the ones with many involuntary context switches, while CPU time per operation stays put.
func TestRegimeCounters(t *testing.T) {
	control := []float64{100, 101, 99, 100, 102, 98, 100, 101, 99, 100}
	cand := []float64{50, 51, 50, 49, 50, 51, 130, 131, 129, 130} // rounds 6-9 at a second speed
	samples := rounds("pooled/12", control, cand)
	for _, s := range samples {
		slow := s.Variant != "control" && s.Round >= 6
		invol := int64(100)
		if slow {
			invol = 5000
		}
		s.Result.Counters = &hostresult.Counters{CPUNs: ptr(40e6), InvolCtxSw: ptr(invol)}
	}
	a, err := Analyze(samples, Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := a.Cells[0]
	if got := c.Variant("control").RegimeCounters(0.95); got != nil {
		t.Errorf("control, one speed: %d counters split by speed, want none", len(got))
	}
	v := c.Variant("pooled/12")
	if !v.Regimes.Flagged {
		t.Fatal("the two-speed candidate is not flagged; nothing to split")
	}
	got := map[string]GroupCounter{}
	for _, g := range v.RegimeCounters(0.95) {
		got[g.Metric.Name] = g
	}
	if g := got[InvolCtxSw.Name]; g.Fast.N != 6 || g.Slow.N != 4 || g.Fast.Center != 0.1 || g.Slow.Center != 5 {
		t.Errorf("involuntary switches: fast %d rounds median %v, slow %d rounds median %v; want 6 at 0.1, 4 at 5", g.Fast.N, g.Fast.Center, g.Slow.N, g.Slow.Center)
	}
	if g := got[CPUPerOp.Name]; g.Fast.Center != g.Slow.Center {
		t.Errorf("CPU/op: fast %v, slow %v; want equal", g.Fast.Center, g.Slow.Center)
	}
	if _, ok := got[Cycles.Name]; ok {
		t.Error("cycles, which no round has, are listed")
	}
}
