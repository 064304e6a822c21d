package pooled

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/variants"
)

// key is the exact match a pooled state must meet: deflateReset keeps the whole Config (the four
// deflateInit2 parameters, the gzip OS byte and the zlib-ng generation), so a state is reusable only for
// the same one, every field of it. Level -1 and 6 are different keys, as they were in the seed.
type key deflate.Config

func keyOf(c deflate.Config) key { return key(c) }

// slot holds one idle state; st == nil marks a free slot. bytes is st.BlockBytes(), taken when the state
// came in, so that the idle budget is summed without calling into the engine under the lock.
type slot struct {
	key   key
	st    *deflate.State
	bytes int64
}

// pool is the Source behind the pooled variant.
//
// Invariants, under mu: idle is the number of slots with st != nil and idleBytes the sum of their bytes;
// every idle state has been Reset since its last use and is referenced by no compressor; evict is in
// [0, len(slots)). After close, slots is nil and no state is ever held again.
type pool struct {
	alloc deflate.Allocator

	mu        sync.Mutex
	slots     []slot
	idle      int
	idleBytes int64
	evict     int
	closed    bool

	hits, misses, evictions, resets atomic.Int64
}

// errPoolClosed wraps variants.ErrClosed: an Open that passes the variant's closed check while Close runs
// meets the pool's instead, and its caller must see the same error either way.
var errPoolClosed = fmt.Errorf("pooled: pool is closed: %w", variants.ErrClosed)

func newPool(alloc deflate.Allocator, capacity int) *pool {
	return &pool{alloc: alloc, slots: make([]slot, capacity)}
}

// Acquire rents an idle state of cfg's key, or creates one (outside the lock) when none is idle.
func (p *pool) Acquire(cfg deflate.Config) (*deflate.State, error) {
	k := keyOf(cfg)
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil, errPoolClosed
	}
	for i := range p.slots {
		s := &p.slots[i]
		if s.st != nil && s.key == k {
			st := s.st
			p.idle--
			p.idleBytes -= s.bytes
			*s = slot{}
			p.mu.Unlock()
			p.hits.Add(1)
			return st, nil
		}
	}
	p.mu.Unlock()
	p.misses.Add(1)
	return deflate.New(cfg, p.alloc, Layout)
}

// Release resets st and keeps it idle, ending the state it displaces when the pool is full. A state whose
// Reset fails, or that comes back after Close, is ended instead.
func (p *pool) Release(st *deflate.State) {
	p.resets.Add(1)
	if err := st.Reset(); err != nil {
		_ = st.End()
		return
	}
	in := slot{key: keyOf(st.Config()), st: st, bytes: int64(st.BlockBytes())}

	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		_ = st.End()
		return
	}
	i := p.freeSlot()
	var victim *deflate.State
	if i < 0 {
		i = p.evict
		p.evict = (p.evict + 1) % len(p.slots)
		victim = p.slots[i].st
		p.idle--
		p.idleBytes -= p.slots[i].bytes
	}
	p.slots[i] = in
	p.idle++
	p.idleBytes += in.bytes
	p.mu.Unlock()

	if victim != nil {
		p.evictions.Add(1)
		_ = victim.End()
	}
}

// freeSlot returns the index of the first empty slot, or -1 when the pool is full. Called with mu held.
func (p *pool) freeSlot() int {
	if p.idle == len(p.slots) {
		return -1
	}
	for i := range p.slots {
		if p.slots[i].st == nil {
			return i
		}
	}
	return -1
}

// Counters reports reuse and the exact idle budget at the moment of the call.
func (p *pool) Counters() variants.Counters {
	p.mu.Lock()
	idle, idleBytes, capacity := p.idle, p.idleBytes, len(p.slots)
	p.mu.Unlock()
	return variants.Counters{
		Resets:        p.resets.Load(),
		PoolHits:      p.hits.Load(),
		PoolMisses:    p.misses.Load(),
		PoolEvictions: p.evictions.Load(),
		IdleStates:    int64(idle),
		IdleBytes:     idleBytes,
		PoolCapacity:  int64(capacity),
		Reusing:       true,
	}
}

// Close drains the pool: every idle state is ended (outside the lock), and states released later are
// ended on return.
func (p *pool) Close() error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	p.closed = true
	drained := p.slots
	p.slots = nil
	p.idle, p.idleBytes = 0, 0
	p.mu.Unlock()

	var errs []error
	for _, s := range drained {
		if s.st != nil {
			if err := s.st.End(); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}
