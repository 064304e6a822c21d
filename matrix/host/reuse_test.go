package host

import (
	"testing"

	"github.com/deflatelab/deflatelab/matrix/workload"
	_ "github.com/deflatelab/deflatelab/variants/reuse"
)

// TestWarmNativeAllocations: the reuse variant's warm operations allocate nothing natively once each
// worker has met every configuration - at DOP 1 exactly none on fixed and mixed, and at any DOP at most
// one state per worker and configuration over the whole sample - while the pool of 8 churns on mixed's
// twelve configurations (a state created and one ended at nearly every operation).
func TestWarmNativeAllocations(t *testing.T) {
	const ops, warmup = 240, 120
	tests := []struct {
		variant  string
		w        workload.Workload
		dop      int
		maxAlloc int64 // most native allocations the measured region may make
		minAlloc int64
	}{
		{"reuse", workload.Fixed(), 1, 0, 0},
		{"reuse", workload.Mixed(), 1, 0, 0},
		{"reuse", workload.Fixed(), 2, 2 * 1, 0},
		{"reuse", workload.Mixed(), 2, 2 * 12, 0},
		{"pooled", workload.Mixed(), 1, ops, ops / 2},
	}
	for _, tt := range tests {
		r := run(t, tt.variant, params(tt.w, tt.dop, Warm, ops, warmup))
		if r.NativeAllocs < tt.minAlloc || r.NativeAllocs > tt.maxAlloc {
			t.Errorf("%s %s DOP %d warm: %d native allocations in %d operations, want %d..%d",
				tt.variant, tt.w.Name, tt.dop, r.NativeAllocs, ops, tt.minAlloc, tt.maxAlloc)
		}
		t.Logf("%s %s DOP %d warm: %.3f native allocations per operation, %d idle bytes",
			tt.variant, tt.w.Name, tt.dop, float64(r.NativeAllocs)/ops, r.IdleBytes)
		if tt.variant != "reuse" {
			continue
		}
		if r.PoolCapacity != 0 || r.IdleBytes <= 0 || r.PoolHits+r.PoolMisses != ops {
			t.Errorf("%s DOP %d: capacity %d, idle %d B, %d hits + %d misses: want no capacity, idle states, one open per operation",
				tt.w.Name, tt.dop, r.PoolCapacity, r.IdleBytes, r.PoolHits, r.PoolMisses)
		}
		if c := r.Counters; c != nil && c.Reuses != nil && *c.Reuses != r.PoolHits {
			t.Errorf("%s DOP %d: %d reuses, %d hits: every hit hands out the worker's used state", tt.w.Name, tt.dop, *c.Reuses, r.PoolHits)
		}
	}
}
