package nativemem

import "sync/atomic"

// CountingStats is a snapshot of a Counting allocator's counters.
// LiveBytes is the bytes allocated and not yet freed; PeakLiveBytes is the
// highest LiveBytes reached. Failures counts Allocs the inner allocator refused.
type CountingStats struct {
	Allocs, Frees, LiveBytes, PeakLiveBytes, Failures int64
}

// Counting wraps an Allocator and counts what passes through it. It is safe
// for concurrent use: each counter is one atomic word, so Alloc and Free add
// a few uncontended atomic operations to the inner allocator's cost.
//
// Sizes are taken from cap(b), which equals the requested size for every
// backend in this package; Free(nil) is passed through but not counted.
type Counting struct {
	inner                               Allocator
	allocs, frees, live, peak, failures atomic.Int64
}

// NewCounting wraps a.
func NewCounting(a Allocator) *Counting { return &Counting{inner: a} }

func (c *Counting) Alloc(n int) ([]byte, error) {
	b, err := c.inner.Alloc(n)
	if err != nil {
		c.failures.Add(1)
		return nil, err
	}
	c.allocs.Add(1)
	live := c.live.Add(int64(cap(b)))
	for {
		peak := c.peak.Load()
		if live <= peak || c.peak.CompareAndSwap(peak, live) {
			break
		}
	}
	return b, nil
}

func (c *Counting) Free(b []byte) {
	if cap(b) != 0 {
		c.frees.Add(1)
		c.live.Add(-int64(cap(b)))
	}
	c.inner.Free(b)
}

// Stats returns the counters. Under concurrent use each field is exact but
// the fields are read one after another, not as one atomic snapshot.
func (c *Counting) Stats() CountingStats {
	return CountingStats{
		Allocs:        c.allocs.Load(),
		Frees:         c.frees.Load(),
		LiveBytes:     c.live.Load(),
		PeakLiveBytes: c.peak.Load(),
		Failures:      c.failures.Load(),
	}
}

// Inner returns the wrapped allocator.
func (c *Counting) Inner() Allocator { return c.inner }
