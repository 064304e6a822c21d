package nativemem

import (
	"errors"
	"fmt"
	"sync"
	"unsafe"
)

// ErrDoubleFree and ErrForeignFree classify the bad frees a Guard records.
var (
	ErrDoubleFree  = errors.New("double free")
	ErrForeignFree = errors.New("free of a block this allocator did not hand out")
)

// maxGuardErrors bounds the errors a Guard keeps, so a runaway loop of bad
// frees cannot grow memory without limit; the count of all is kept.
const maxGuardErrors = 16

// Guard wraps an Allocator and checks every Free against the blocks it has
// handed out, keyed by base address. A double free, or the free of a block
// it never handed out (including an interior slice of a live block), is
// recorded as an error for Err and is NOT passed to the inner allocator, so
// a bug in the code under test cannot corrupt a native heap.
// It remembers every freed address, so it is meant for tests, not for long
// runs. Safe for concurrent use.
type Guard struct {
	inner Allocator

	mu    sync.Mutex
	live  map[uintptr]int      // base address -> size of blocks handed out and not freed
	freed map[uintptr]struct{} // base addresses freed and not handed out again
	errs  []error
	bad   int // bad frees seen, including those beyond maxGuardErrors
}

// NewGuard wraps a.
func NewGuard(a Allocator) *Guard {
	return &Guard{inner: a, live: map[uintptr]int{}, freed: map[uintptr]struct{}{}}
}

func (g *Guard) Alloc(n int) ([]byte, error) {
	b, err := g.inner.Alloc(n)
	if err != nil {
		return nil, err
	}
	addr := base(b)
	g.mu.Lock()
	g.live[addr] = cap(b)
	delete(g.freed, addr)
	g.mu.Unlock()
	return b, nil
}

func (g *Guard) Free(b []byte) {
	if cap(b) == 0 {
		return
	}
	addr := base(b)
	g.mu.Lock()
	size, ok := g.live[addr]
	if !ok {
		kind := ErrForeignFree
		if _, was := g.freed[addr]; was {
			kind = ErrDoubleFree
		}
		g.fail(fmt.Errorf("nativemem: guard: Free(%#x, cap %d): %w", addr, cap(b), kind))
		g.mu.Unlock()
		return
	}
	if cap(b) != size {
		// Same base, other length: the caller lost track of the size. The
		// block is still freed whole, as Alloc handed it out.
		g.fail(fmt.Errorf("nativemem: guard: Free(%#x) with cap %d of a block of %d bytes", addr, cap(b), size))
		b = block(unsafe.Pointer(unsafe.SliceData(b)), size)
	}
	delete(g.live, addr)
	g.freed[addr] = struct{}{}
	g.mu.Unlock()
	g.inner.Free(b)
}

// fail records err; g.mu must be held.
func (g *Guard) fail(err error) {
	g.bad++
	if len(g.errs) < maxGuardErrors {
		g.errs = append(g.errs, err)
	}
}

// Err returns every bad free recorded so far (the first maxGuardErrors of
// them, joined), or nil. errors.Is finds ErrDoubleFree and ErrForeignFree.
func (g *Guard) Err() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.bad > len(g.errs) {
		return errors.Join(append(g.errs[:len(g.errs):len(g.errs)], fmt.Errorf("nativemem: guard: and %d more bad frees", g.bad-len(g.errs)))...)
	}
	return errors.Join(g.errs...)
}

// Live reports how many blocks are handed out and not yet freed: a leak
// check at the end of a test expects 0.
func (g *Guard) Live() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.live)
}
