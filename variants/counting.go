package variants

import (
	"sync/atomic"

	"github.com/deflatelab/deflatelab/deflate"
)

// nativeCounter sits between every variant and its allocator backend, so that all variants are counted by
// the same code at the same point: the blocks the engine obtains and gives back. It adds two atomic
// increments per block and no allocation.
//
// Invariant: allocs counts successful Alloc calls only (a refused request obtained no block); frees
// counts Free calls, so allocs-frees is the number of blocks the variant holds now.
type nativeCounter struct {
	backend deflate.Allocator
	allocs  atomic.Int64
	frees   atomic.Int64
	bytes   atomic.Int64
}

func (c *nativeCounter) Alloc(n int) ([]byte, error) {
	b, err := c.backend.Alloc(n)
	if err != nil {
		return nil, err
	}
	c.allocs.Add(1)
	c.bytes.Add(int64(n))
	return b, nil
}

func (c *nativeCounter) Free(b []byte) {
	c.frees.Add(1)
	c.backend.Free(b)
}

// fill writes the native counts into c.
func (c *nativeCounter) fill(out *Counters) {
	out.NativeAllocs = c.allocs.Load()
	out.NativeFrees = c.frees.Load()
	out.NativeBytes = c.bytes.Load()
}
