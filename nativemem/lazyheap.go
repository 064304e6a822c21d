package nativemem

import (
	"sync"
	"sync/atomic"
)

// lazyHeap is a heap made on first use: the first Alloc that needs it creates it, so its one-time cost
// falls inside whatever the caller is measuring, the way .NET creates zlib-ng's private heap inside the
// first compressor's initialisation (not when the process starts).
//
// Invariant: create runs at most once per lazyHeap; after get returns, handle, fallback and err never
// change.
type lazyHeap struct {
	create func() (handle uintptr, fallback string, err error)

	once     sync.Once
	done     atomic.Bool
	handle   uintptr
	fallback string // why the handle is not the heap asked for; "" when it is
	err      error
}

// get creates the heap on the first call and returns it on every call.
func (h *lazyHeap) get() (uintptr, error) {
	h.once.Do(func() {
		h.handle, h.fallback, h.err = h.create()
		h.done.Store(true)
	})
	return h.handle, h.err
}

// created reports whether get has run create, without running it.
func (h *lazyHeap) created() bool { return h.done.Load() }
