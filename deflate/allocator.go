package deflate

import "errors"

// Allocator is zlib's zalloc/zfree pair: where the engine gets the blocks that hold its whole working
// state, and where it gives them back. Free receives exactly the slice Alloc returned, once.
//
// The engine never stores Go pointers inside a block, so a block may come from memory the Go garbage
// collector does not know about (VirtualAlloc, mmap, the C heap).
type Allocator interface {
	Alloc(n int) ([]byte, error)
	Free(b []byte)
}

// GoHeap is an Allocator backed by ordinary Go slices; Free only drops the reference. It is the
// allocator of the examples and tests of this package, not a measured backend.
var GoHeap Allocator = goHeap{}

type goHeap struct{}

func (goHeap) Alloc(n int) ([]byte, error) { return make([]byte, n), nil }
func (goHeap) Free([]byte)                 {}

// ErrEnded is returned by every State method that needs the state's memory once End has released it.
var ErrEnded = errors.New("deflate: state used after End")

// ErrFinished is returned by Deflate when input or a flush other than Finish arrives after the stream
// was finished; Reset starts a new stream.
var ErrFinished = errors.New("deflate: stream already finished; Reset before writing more")
