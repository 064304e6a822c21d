package pooled

import (
	"sync/atomic"
	"testing"

	"github.com/deflatelab/deflatelab/deflate"
)

// lockProbe is an allocator that checks, at every Alloc and Free, that the pool's lock is free: the seed
// required native creation and disposal to happen outside the pool lock, so that one slow allocator call
// never stalls every other rent and return.
type lockProbe struct {
	p          *pool
	calls, bad atomic.Int64
}

func (l *lockProbe) check() {
	l.calls.Add(1)
	if !l.p.mu.TryLock() {
		l.bad.Add(1)
		return
	}
	l.p.mu.Unlock()
}

func (l *lockProbe) Alloc(n int) ([]byte, error) { l.check(); return deflate.GoHeap.Alloc(n) }
func (l *lockProbe) Free(b []byte)               { l.check(); deflate.GoHeap.Free(b) }

func TestNativeCallsOutsideTheLock(t *testing.T) {
	probe := &lockProbe{}
	p := newPool(probe, 2)
	probe.p = p
	cfgs := []deflate.Config{
		{Level: 1, WindowBits: -15, MemLevel: 8},
		{Level: 6, WindowBits: -15, MemLevel: 8},
		{Level: 9, WindowBits: -15, MemLevel: 8},
	}
	for range 2 { // misses (New), then returns that evict (End)
		for _, cfg := range cfgs {
			st, err := p.Acquire(cfg)
			if err != nil {
				t.Fatal(err)
			}
			p.Release(st)
		}
	}
	late, err := p.Acquire(cfgs[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Close(); err != nil { // drain (End)
		t.Fatal(err)
	}
	p.Release(late) // a return after Close is ended
	if p.evictions.Load() == 0 || probe.calls.Load() == 0 {
		t.Fatalf("the scenario did not evict (%d) or allocate (%d calls)", p.evictions.Load(), probe.calls.Load())
	}
	if bad := probe.bad.Load(); bad != 0 {
		t.Fatalf("%d of %d allocator calls ran with the pool lock held", bad, probe.calls.Load())
	}
}
