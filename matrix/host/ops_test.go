package host

import (
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/procstat"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// Each worker's first operations are the same durations the timeline sums: at DOP 1 bin 0 is the first
// operation, bin 1 the second, bin 2 the third and fourth, and so on up to the 256th; at a DOP whose
// workers all stay under 256 operations, every operation is in some worker's list.
func TestFirstOps(t *testing.T) {
	for _, tt := range []struct {
		dop, ops, warmup int
		phase            string
	}{
		{1, 600, 0, Cold},
		{1, 300, 20, Warm},
		{3, 90, 0, Cold},
		{2, 100, 10, Warm},
	} {
		r := run(t, "pooled", params(workload.Mixed(), tt.dop, tt.phase, tt.ops, tt.warmup))
		if len(r.FirstOpsNs) != tt.dop {
			t.Fatalf("%+v: %d workers' lists, want %d", tt, len(r.FirstOpsNs), tt.dop)
		}
		var n int
		var sum int64
		for w, ds := range r.FirstOpsNs {
			if len(ds) > FirstOps {
				t.Errorf("%+v: worker %d kept %d durations, more than %d", tt, w, len(ds), FirstOps)
			}
			n += len(ds)
			for i, d := range ds {
				if d <= 0 {
					t.Errorf("%+v: worker %d operation %d took %d ns", tt, w, i, d)
				}
				sum += d
			}
		}
		var total int64
		for _, ns := range r.TimelineNs {
			total += ns
		}
		switch {
		case tt.dop == 1:
			ds := r.FirstOpsNs[0]
			if len(ds) != min(tt.ops, FirstOps) {
				t.Fatalf("%+v: %d durations, want %d", tt, len(ds), min(tt.ops, FirstOps))
			}
			for k := range Bins(FirstOps) {
				first, last := hostresult.BinRange(k)
				var s int64
				for _, d := range ds[first-1 : last] {
					s += d
				}
				if s != r.TimelineNs[k] {
					t.Errorf("%+v: bin %d holds %d ns, operations %d..%d sum to %d", tt, k, r.TimelineNs[k], first, last, s)
				}
			}
		case n != tt.ops || sum != total:
			t.Errorf("%+v: %d durations summing to %d ns; want all %d operations, the timeline's %d ns", tt, n, sum, tt.ops, total)
		}
	}
}

// fakeProcessor makes the loop see the processors next returns, for the duration of the test.
func fakeProcessor(t *testing.T, next func() int) {
	t.Helper()
	old := processor
	processor = next
	t.Cleanup(func() { processor = old })
}

// With the processor under the test's control, processor changes and handoffs are exact: at DOP 1, on the
// fixed workload, pooled reuses its one state for every operation; alternating processors make every
// measured operation after the first a change and every reuse a handoff (the warm-up's last operation
// marked the state), one processor makes neither.
func TestProcessorChangesAndHandoffs(t *testing.T) {
	if !procstat.ProcessorKnown {
		t.Skipf("%s cannot say which processor runs a thread", runtime.GOOS)
	}
	const ops, warmup = 50, 5
	var calls atomic.Int64
	for _, tt := range []struct {
		name                      string
		cpu                       func() int
		changes, reuses, handoffs int64
	}{
		{"alternating", func() int { return int(calls.Add(1) % 2) }, ops - 1, ops, ops},
		{"one processor", func() int { return 3 }, 0, ops, 0},
	} {
		fakeProcessor(t, tt.cpu)
		r := run(t, "pooled", params(workload.Fixed(), 1, Warm, ops, warmup))
		c := r.Counters
		if c == nil || c.CPUChanges == nil || c.Reuses == nil || c.Handoffs == nil {
			t.Fatalf("%s: counters %+v: processor counters absent", tt.name, c)
		}
		if *c.CPUChanges != tt.changes || *c.Reuses != tt.reuses || *c.Handoffs != tt.handoffs {
			t.Errorf("%s: %d changes, %d reuses, %d handoffs; want %d, %d, %d", tt.name, *c.CPUChanges, *c.Reuses, *c.Handoffs, tt.changes, tt.reuses, tt.handoffs)
		}
		ctl := run(t, "control", params(workload.Fixed(), 1, Warm, ops, warmup))
		if ctl.Counters.Reuses != nil || ctl.Counters.Handoffs != nil || ctl.Counters.CPUChanges == nil || *ctl.Counters.CPUChanges != tt.changes {
			t.Errorf("%s: control's counters %+v: want no reuses or handoffs (absent) and %d changes", tt.name, ctl.Counters, tt.changes)
		}
	}
}

// The counters this OS gives are present and plausible; the others are absent, never 0.
func TestCounters(t *testing.T) {
	r := run(t, "pooled", params(workload.Mixed(), 2, Warm, 400, 40))
	c := r.Counters
	if c == nil {
		t.Fatal("no counters")
	}
	if c.CPUNs == nil || *c.CPUNs <= 0 {
		t.Errorf("CPU time %v: want > 0", c.CPUNs)
	}
	// Getrusage is exact on Linux; Windows counts whole clock ticks, up to one each end.
	const tick = 15625000
	if c.CPUNs != nil && *c.CPUNs > r.ElapsedNs*int64(runtime.NumCPU())+2*tick {
		t.Errorf("CPU time %d ns over %d ns on %d processors", *c.CPUNs, r.ElapsedNs, runtime.NumCPU())
	}
	want := map[string]bool{ // present on this OS
		"ctxsw":  runtime.GOOS == "linux" || runtime.GOOS == "darwin",
		"steal":  runtime.GOOS == "linux",
		"cycles": runtime.GOOS == "windows",
		"cpu":    procstat.ProcessorKnown,
	}
	// Wine 8's QueryProcessCycleTime is a stub that fails: absent there, which is what the host must say.
	maybe := map[string]bool{"cycles": procstat.WineVersion() != ""}
	for name, got := range map[string]*int64{"ctxsw": c.InvolCtxSw, "steal": c.StealNs, "cycles": c.Cycles, "cpu": c.CPUChanges} {
		if (got != nil) != want[name] && !maybe[name] {
			t.Errorf("%s: present %v, want present %v on %s", name, got != nil, want[name], runtime.GOOS)
		}
		if got != nil && *got < 0 {
			t.Errorf("%s: %d is negative", name, *got)
		}
	}
	if (c.VolCtxSw == nil) != (c.InvolCtxSw == nil) {
		t.Errorf("voluntary %v, involuntary %v: both or neither", c.VolCtxSw, c.InvolCtxSw)
	}
	if c.Cycles != nil && *c.Cycles <= 0 {
		t.Errorf("cycles %d: a process that ran used some", *c.Cycles)
	}
	if c.Reuses != nil && *c.Reuses != r.PoolHits {
		t.Errorf("%d reuses, %d pool hits: every hit hands out a state used before", *c.Reuses, r.PoolHits)
	}
	if c.Handoffs != nil && c.Reuses != nil && *c.Handoffs > *c.Reuses {
		t.Errorf("%d handoffs of %d reuses", *c.Handoffs, *c.Reuses)
	}
}
