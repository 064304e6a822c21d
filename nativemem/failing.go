package nativemem

import (
	"errors"
	"fmt"
	"sync/atomic"
)

// ErrInjected is the error a Failing allocator returns for the failed Alloc.
var ErrInjected = errors.New("injected allocation failure")

// Failing wraps an Allocator and fails exactly its k-th Alloc (1-based) with
// an error wrapping ErrInjected; every other Alloc and every Free passes
// through. With k <= 0 nothing fails. Safe for concurrent use; under
// concurrency "k-th" is in the order Allocs reach the counter.
type Failing struct {
	inner Allocator
	k     int64
	calls atomic.Int64
}

// NewFailing wraps a so that its k-th Alloc fails.
func NewFailing(a Allocator, k int) *Failing { return &Failing{inner: a, k: int64(k)} }

func (f *Failing) Alloc(n int) ([]byte, error) {
	if i := f.calls.Add(1); i == f.k {
		return nil, fmt.Errorf("nativemem: Alloc(%d), call %d: %w", n, i, ErrInjected)
	}
	return f.inner.Alloc(n)
}

func (f *Failing) Free(b []byte) { f.inner.Free(b) }

// Calls reports how many Allocs were made, the failed one included.
func (f *Failing) Calls() int { return int(f.calls.Load()) }
