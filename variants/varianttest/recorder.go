// Package varianttest holds what the variants' validation suites share: an allocator that records every
// block in order, the seeds' payload, and decompression by format. It is imported by tests only.
package varianttest

import (
	"errors"
	"fmt"
	"sync"
	"unsafe"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/nativemem"
)

// Op is what an Event did.
type Op int

const (
	AllocOp Op = iota // a block was handed out
	FreeOp            // a block was given back
)

func (o Op) String() string {
	if o == AllocOp {
		return "alloc"
	}
	return "free"
}

// Event is one successful Alloc or Free. Block numbers blocks in the order they were handed out, from 0.
type Event struct {
	Op    Op
	Block int
	Size  int
	Base  uintptr
}

// Recorder wraps an allocator and logs every block it hands out and takes back, in order, so that tests
// can check which blocks a state holds, that each is freed exactly once, and in which order. It can also
// refuse the k-th Alloc from a mark (FailAfter), to inject failures in the middle of an operation.
// A Free of a block it does not hold is recorded as an error and not passed on. Safe for concurrent use.
//
// Invariant: live maps the base address of every block handed out and not freed to its Block number.
type Recorder struct {
	inner deflate.Allocator

	mu      sync.Mutex
	events  []Event
	sizes   []int
	live    map[uintptr]int
	failAt  int // refuse the Alloc call with this 1-based number; 0: never
	calls   int // Alloc calls so far, refused ones included
	refused int
	errs    []error
}

// ErrRefused is wrapped by the error of an Alloc the Recorder was told to refuse.
var ErrRefused = errors.New("varianttest: allocation refused on purpose")

// NewRecorder wraps inner.
func NewRecorder(inner deflate.Allocator) *Recorder {
	return &Recorder{inner: inner, live: map[uintptr]int{}}
}

// NewBackendRecorder records over the named nativemem backend behind a nativemem.Guard, so that a bad
// free is reported and never reaches a native heap.
func NewBackendRecorder(backend string) (*Recorder, error) {
	a, err := nativemem.Open(backend)
	if err != nil {
		return nil, err
	}
	return NewRecorder(nativemem.NewGuard(a)), nil
}

// NewGoHeapRecorder records over nativemem's goheap backend behind a nativemem.Guard.
func NewGoHeapRecorder() *Recorder {
	r, err := NewBackendRecorder("goheap")
	if err != nil {
		panic(err) // goheap exists on every platform; its absence is a broken build
	}
	return r
}

func baseOf(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

// Alloc hands out a block from the inner allocator, or refuses the call FailAfter chose.
func (r *Recorder) Alloc(n int) ([]byte, error) {
	r.mu.Lock()
	r.calls++
	if r.calls == r.failAt {
		r.refused++
		r.mu.Unlock()
		return nil, fmt.Errorf("varianttest: Alloc(%d), call %d: %w", n, r.calls, ErrRefused)
	}
	r.mu.Unlock()
	b, err := r.inner.Alloc(n)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	id := len(r.sizes)
	r.sizes = append(r.sizes, n)
	r.live[baseOf(b)] = id
	r.events = append(r.events, Event{Op: AllocOp, Block: id, Size: n, Base: baseOf(b)})
	r.mu.Unlock()
	return b, nil
}

// Free gives a block back to the inner allocator if the Recorder handed it out and it is still live.
func (r *Recorder) Free(b []byte) {
	addr := baseOf(b)
	r.mu.Lock()
	id, ok := r.live[addr]
	if !ok || cap(b) == 0 {
		r.errs = append(r.errs, fmt.Errorf("varianttest: Free(%#x, %d bytes) of a block that is not live (double or foreign free)", addr, len(b)))
		r.mu.Unlock()
		return
	}
	delete(r.live, addr)
	r.events = append(r.events, Event{Op: FreeOp, Block: id, Size: r.sizes[id], Base: addr})
	r.mu.Unlock()
	r.inner.Free(b)
}

// FailAfter makes the k-th Alloc call from now (1-based) fail; k <= 0 cancels a pending failure.
func (r *Recorder) FailAfter(k int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if k <= 0 {
		r.failAt = 0
		return
	}
	r.failAt = r.calls + k
}

// Mark is a position in the event log, for Since.
func (r *Recorder) Mark() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.events)
}

// Since returns the events logged after mark.
func (r *Recorder) Since(mark int) []Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Event(nil), r.events[mark:]...)
}

// Counts returns the blocks handed out and freed so far and how many Allocs were refused on purpose.
func (r *Recorder) Counts() (allocs, frees, refused int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, e := range r.events {
		if e.Op == AllocOp {
			allocs++
		} else {
			frees++
		}
	}
	return allocs, frees, r.refused
}

// LiveBytes is the sum of the requested sizes of the blocks handed out and not freed.
func (r *Recorder) LiveBytes() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, id := range r.live {
		n += r.sizes[id]
	}
	return n
}

// Block returns the live block holding the address range [addr, addr+size), with its base and size.
func (r *Recorder) Block(addr uintptr, size int) (id int, base uintptr, n int, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for b, id := range r.live {
		if addr >= b && addr+uintptr(size) <= b+uintptr(r.sizes[id]) {
			return id, b, r.sizes[id], true
		}
	}
	return 0, 0, 0, false
}

// Err reports every bad Free, and of the inner allocator's guard if it has one.
func (r *Recorder) Err() error {
	r.mu.Lock()
	errs := append([]error(nil), r.errs...)
	r.mu.Unlock()
	if g, ok := r.inner.(interface{ Err() error }); ok {
		errs = append(errs, g.Err())
	}
	return errors.Join(errs...)
}

// CheckClean reports an error unless every block handed out was freed exactly once and nothing was
// freed that was not handed out: the end-of-test leak check.
func (r *Recorder) CheckClean() error {
	allocs, frees, _ := r.Counts()
	var errs []error
	if allocs != frees {
		errs = append(errs, fmt.Errorf("%d blocks allocated, %d freed", allocs, frees))
	}
	if err := r.Err(); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}
