package host

import (
	"errors"
	"fmt"
	"sync"

	"github.com/deflatelab/deflatelab/matrix/procstat"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// Heap is a native allocator as nativemem's backends are: the service workload's process heap and the
// probe's backend. Alloc returns a block of exactly n bytes; Free takes it back, once.
type Heap interface {
	Alloc(n int) ([]byte, error)
	Free(b []byte)
}

// ProbeReps is how many times a probe allocates, writes and frees its block: the median of 16 shrugs off
// a preempted repetition, and the first (cold) one stays visible in the list.
const ProbeReps = 16

// pageStride is the stride at which touchPages writes: a 4 KiB page, the smallest on every platform.
const pageStride = 4096

// background is the service workload's population of blocks in the process heap. Every method is safe
// for concurrent use (one mutex: the churn runs off the clock, between operations).
//
// Invariant: slots[k] is the one live block of slot k (never nil once built), live is the sum of their
// lengths, and allocs - frees == len(slots) between calls.
type background struct {
	spec workload.Background
	heap Heap

	mu           sync.Mutex
	slots        [][]byte
	live         int64
	next         int64 // the index of the next churn step (workload.Background.Churn)
	allocs       int64
	frees        int64
	released     bool
	releaseError error
}

// newBackground builds spec's population in heap and takes its Settle steps. On an error it has freed
// what it allocated.
func newBackground(spec workload.Background, heap Heap) (*background, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	b := &background{spec: spec, heap: heap, slots: make([][]byte, spec.Blocks)}
	for k := range b.slots {
		if err := b.put(spec.Initial(k)); err != nil {
			return nil, errors.Join(fmt.Errorf("host: building the background: %w", err), b.release())
		}
	}
	if err := b.churn(spec.Settle); err != nil {
		return nil, errors.Join(fmt.Errorf("host: settling the background: %w", err), b.release())
	}
	return b, nil
}

// put frees the block in st.Slot, if any, and allocates st.Size bytes into it, writing each page as a
// program writes the objects it allocates. b.mu is held or b is not shared yet.
func (b *background) put(st workload.Step) error {
	if old := b.slots[st.Slot]; old != nil {
		b.slots[st.Slot] = nil
		b.live -= int64(len(old))
		b.frees++
		b.heap.Free(old)
	}
	blk, err := b.heap.Alloc(st.Size)
	if err != nil {
		return err
	}
	b.allocs++
	touchPages(blk)
	b.slots[st.Slot], b.live = blk, b.live+int64(len(blk))
	return nil
}

// churn takes the next n churn steps.
func (b *background) churn(n int) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	for range n {
		st := b.spec.Churn(b.next)
		b.next++
		if err := b.put(st); err != nil {
			return fmt.Errorf("host: background churn step %d (slot %d, %d bytes): %w", b.next-1, st.Slot, st.Size, err)
		}
	}
	return nil
}

// stats is the live blocks and bytes, and the steps taken so far.
func (b *background) stats() (blocks, bytes, steps int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, s := range b.slots {
		if s != nil {
			blocks++
		}
	}
	return blocks, b.live, b.next
}

// release frees every live block, once: later calls return the first call's result. It is an error if
// the frees do not match the allocations (a leak or a double free in the bookkeeping).
func (b *background) release() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.released {
		return b.releaseError
	}
	b.released = true
	for k, s := range b.slots {
		if s != nil {
			b.slots[k] = nil
			b.live -= int64(len(s))
			b.frees++
			b.heap.Free(s)
		}
	}
	if b.allocs != b.frees || b.live != 0 {
		b.releaseError = fmt.Errorf("host: background: %d blocks allocated, %d freed, %d bytes left", b.allocs, b.frees, b.live)
	}
	return b.releaseError
}

// touchPages writes one byte in each pageStride bytes of blk and its last byte.
func touchPages(blk []byte) {
	for i := 0; i < len(blk); i += pageStride {
		blk[i] = byte(i>>12) | 1
	}
	if len(blk) > 0 {
		blk[len(blk)-1] = 1
	}
}

// probe allocates a size-byte block on a, writes each of its pages and frees it, ProbeReps times, with
// before (nil: nothing) called ahead of each repetition off the clock; it returns each repetition's time
// and faults.
func probe(a Heap, size int, before func() error) (Probe, error) {
	p := Probe{Size: size, Ns: make([]int64, ProbeReps), Faults: make([]int64, ProbeReps)}
	for r := range ProbeReps {
		if before != nil {
			if err := before(); err != nil {
				return p, err
			}
		}
		s0, err := procstat.Read()
		if err != nil {
			return p, fmt.Errorf("host: probe: %w", err)
		}
		t0 := procstat.Now()
		blk, err := a.Alloc(size)
		if err != nil {
			return p, fmt.Errorf("host: probe: %w", err)
		}
		touchPages(blk)
		a.Free(blk)
		t1 := procstat.Now()
		s1, err := procstat.Read()
		if err != nil {
			return p, fmt.Errorf("host: probe: %w", err)
		}
		p.Ns[r], p.Faults[r] = t1-t0, s1.Sub(s0).Faults()
	}
	return p, nil
}
