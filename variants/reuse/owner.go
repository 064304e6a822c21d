package reuse

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/variants"
)

// errClosed wraps variants.ErrClosed: an Open that passes the variant's closed check while Close runs
// meets the owners' check instead, and its caller must see the same error either way.
var errClosed = fmt.Errorf("reuse: %w", variants.ErrClosed)

// owners is the Source behind the reuse variant: the set of its workers' owners. It serves opens that
// come without a worker itself (create, then end on dispose) and, for each variants.Worker, makes an
// owner that keeps that worker's states.
//
// Invariants: mu guards the list of owners and is taken by Worker, Counters and Close, never by an
// operation; once closed is set, no owner keeps a state again (see owner.Release).
type owners struct {
	alloc  deflate.Allocator
	closed atomic.Bool

	mu   sync.Mutex
	list []*owner

	unowned atomic.Int64 // opens without a worker: each created a state
}

func newOwners(alloc deflate.Allocator) *owners { return &owners{alloc: alloc} }

var _ variants.WorkerSource = (*owners)(nil)

// Acquire creates a state for an open that has no worker to own it.
func (p *owners) Acquire(cfg deflate.Config) (*deflate.State, error) {
	if p.closed.Load() {
		return nil, errClosed
	}
	p.unowned.Add(1)
	return deflate.New(cfg, p.alloc, Layout)
}

// Release ends a state that had no owner.
func (p *owners) Release(st *deflate.State) { _ = st.End() }

// Worker makes the owner of one worker's states.
func (p *owners) Worker() variants.Source {
	o := &owner{parent: p}
	o.held.Store(&[]*held{})
	p.mu.Lock()
	p.list = append(p.list, o)
	p.mu.Unlock()
	return o
}

// Counters sums the owners' counts; the idle states are those every owner holds between operations.
func (p *owners) Counters() variants.Counters {
	c := variants.Counters{PoolMisses: p.unowned.Load(), Reusing: true}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, o := range p.list {
		c.Resets += o.resets.Load()
		c.PoolHits += o.hits.Load()
		c.PoolMisses += o.misses.Load()
		for _, h := range *o.held.Load() {
			if h.st.Load() != nil {
				c.IdleStates++
				c.IdleBytes += h.bytes
			}
		}
	}
	return c
}

// Close ends every state the owners hold; states released later are ended on return.
func (p *owners) Close() error {
	if p.closed.Swap(true) {
		return nil
	}
	p.mu.Lock()
	list := slices.Clone(p.list)
	p.mu.Unlock()
	var errs []error
	for _, o := range list {
		for _, h := range *o.held.Load() {
			if st := h.st.Swap(nil); st != nil {
				if err := st.End(); err != nil {
					errs = append(errs, err)
				}
			}
		}
	}
	return errors.Join(errs...)
}

// held is an owner's place for the state of one configuration: the whole Config is the key, as for the
// pool, since Reset keeps every field of it. st is nil while the state is in use (or was discarded).
// cfg and bytes never change after the place is published.
type held struct {
	cfg   deflate.Config
	bytes int64 // the state's BlockBytes: what it keeps idle
	st    atomic.Pointer[deflate.State]
}

// owner is one worker's Source: used by that worker alone, so its operations take no lock; the atomics
// let Counters and Close read it from another goroutine.
//
// Invariants: held points at a list only ever replaced by a longer copy (one place per configuration met);
// every state in a place has been Reset since its last use and is referenced by no compressor.
type owner struct {
	parent *owners
	held   atomic.Pointer[[]*held]

	hits, misses, resets atomic.Int64

	_ [64]byte // the counters above are written by one worker: keep other workers' off their cache line
}

// place is o's place for cfg, or nil.
func (o *owner) place(cfg deflate.Config) *held {
	for _, h := range *o.held.Load() {
		if h.cfg == cfg {
			return h
		}
	}
	return nil
}

// Acquire takes the worker's state for cfg, or creates one when the worker has none idle (the first
// operation of cfg, or a second compressor of cfg open at once).
func (o *owner) Acquire(cfg deflate.Config) (*deflate.State, error) {
	if o.parent.closed.Load() {
		return nil, errClosed
	}
	if h := o.place(cfg); h != nil {
		if st := h.st.Swap(nil); st != nil {
			o.hits.Add(1)
			return st, nil
		}
	}
	o.misses.Add(1)
	return deflate.New(cfg, o.parent.alloc, Layout)
}

// Release resets st and keeps it for the worker's next operation of its configuration. A state whose
// Reset fails, one of a configuration the worker already keeps a state for, and one that comes back after
// Close are ended instead.
func (o *owner) Release(st *deflate.State) {
	o.resets.Add(1)
	if err := st.Reset(); err != nil || o.parent.closed.Load() {
		_ = st.End()
		return
	}
	h := o.place(st.Config())
	if h == nil {
		h = &held{cfg: st.Config(), bytes: int64(st.BlockBytes())}
		list := append(slices.Clone(*o.held.Load()), h)
		o.held.Store(&list)
	}
	if !h.st.CompareAndSwap(nil, st) {
		_ = st.End()
		return
	}
	// Close may have drained the places between the check above and the store: whoever swaps the state
	// out ends it, so it is ended exactly once.
	if o.parent.closed.Load() {
		if st := h.st.Swap(nil); st != nil {
			_ = st.End()
		}
	}
}

// Counters are the owners'; an owner reports through its parent.
func (o *owner) Counters() variants.Counters { return variants.Counters{} }

// Close is the parent's: an owner's states are freed when the variant closes.
func (o *owner) Close() error { return nil }
