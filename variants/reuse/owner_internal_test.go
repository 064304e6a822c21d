package reuse

import (
	"errors"
	"testing"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/nativemem"
)

// TestResetFailureDiscardsTheState: a state whose Reset fails (deflate's Reset fails on an ended state,
// its one failure) is not kept: the worker holds nothing for its configuration and creates a new state at
// its next open. Blocks are counted by nativemem.Counting: each freed exactly once.
func TestResetFailureDiscardsTheState(t *testing.T) {
	heap, err := nativemem.Open("goheap")
	if err != nil {
		t.Fatal(err)
	}
	alloc := nativemem.NewCounting(heap)
	p := newOwners(alloc)
	o := p.Worker()
	cfg := deflate.DefaultConfig()
	st, err := o.Acquire(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.End(); err != nil { // what makes the Reset below fail
		t.Fatal(err)
	}
	if err := st.Reset(); !errors.Is(err, deflate.ErrEnded) {
		t.Fatalf("Reset of an ended state: %v, want ErrEnded", err)
	}
	o.Release(st)
	if c := p.Counters(); c.IdleStates != 0 || c.IdleBytes != 0 {
		t.Fatalf("counters %+v: the state whose Reset failed is still held", c)
	}
	st2, err := o.Acquire(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if st2 == st {
		t.Fatal("the worker handed out the state whose Reset failed")
	}
	o.Release(st2)
	if c := p.Counters(); c.IdleStates != 1 || c.PoolMisses != 2 || c.PoolHits != 0 {
		t.Fatalf("counters %+v: want the new state idle after two misses", c)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if s := alloc.Stats(); s.Allocs != s.Frees || s.LiveBytes != 0 {
		t.Fatalf("allocator %+v: every block must be freed exactly once", s)
	}
}
