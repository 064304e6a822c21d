package runner

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostbin"
)

// TestSmokeEndToEnd builds the three real hosts and runs the smoke profile: every sample must succeed and
// every cell's variants must agree on their output (Run fails otherwise).
func TestSmokeEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds three host binaries")
	}
	bin := t.TempDir()
	ctx := context.Background()
	if err := hostbin.Build(ctx, runtime.GOOS, runtime.GOARCH, bin, hostbin.Variants(), os.Stderr, os.Stderr); err != nil {
		t.Fatal(err)
	}
	prof, _ := ProfileByName("smoke")
	r := &Runner{Plan: prof.Plan, Dir: filepath.Join(t.TempDir(), "results"), Timeout: prof.Timeout, Hosts: map[string]string{}}
	r.Plan.Platform = runtime.GOOS + "/" + runtime.GOARCH
	for _, v := range hostbin.Variants() {
		r.Hosts[v] = hostbin.Path(hostbin.Dir(bin, runtime.GOOS, runtime.GOARCH), runtime.GOOS, v)
	}
	start := time.Now()
	if err := r.Run(ctx); err != nil {
		t.Fatal(err)
	}
	samples := readAll(t, r.Dir)
	if len(samples) != r.Plan.Samples() {
		t.Fatalf("%d samples, want %d", len(samples), r.Plan.Samples())
	}
	var hostNs, wallNs int64
	for _, s := range samples {
		if !s.OK {
			t.Fatalf("failed sample: %+v", s)
		}
		res := s.Result
		if res.Variant != matrix.HostVariant(s.Variant) || res.Env.Platform() != r.Plan.Platform || res.NativeAllocs+res.NativeResets == 0 {
			t.Errorf("sample %s %s: %+v", s.Cell, s.Variant, res)
		}
		// Warm, fixed, pooled: at most one miss per goroutine (the warm-up may not have run them all at once).
		if res.Variant == "pooled" && res.PoolCapacity != 8 {
			t.Errorf("%s %s: pool capacity %d, want the default 8", s.Cell, s.Variant, res.PoolCapacity)
		}
		if res.Variant == "pooled" && s.Cell.Phase == "warm" && s.Cell.Workload == "fixed" && res.PoolHits < int64(res.Ops-res.DOP) {
			t.Errorf("warm fixed pooled at DOP %d: %d hits of %d ops", res.DOP, res.PoolHits, res.Ops)
		}
		// The mechanism counters and first durations travel from the host through the runner's file; reuses
		// and handoffs come with the variants that hand a state out again: the pool and the reuse bound.
		reusing := res.PoolCapacity > 0 || res.Variant == "reuse"
		if c := res.Counters; c == nil || c.CPUNs == nil || (c.Handoffs != nil) != (reusing && c.CPUChanges != nil) {
			t.Errorf("%s %s: counters %+v", s.Cell, s.Variant, c)
		}
		if len(res.FirstOpsNs) != res.DOP {
			t.Errorf("%s %s: %d workers' first durations at DOP %d", s.Cell, s.Variant, len(res.FirstOpsNs), res.DOP)
		}
		hostNs += res.ElapsedNs
		wallNs += s.WallNs
	}
	t.Logf("%d samples in %v; measured regions are %.1f%% of host wall time", len(samples), time.Since(start), 100*float64(hostNs)/float64(wallNs))
}
