package variants

import "github.com/deflatelab/deflatelab/deflate"

// Unpooled is a Source that creates a state per compressor with deflate.New and ends it on dispose - what
// .NET does without a pool. control and splitalloc are both Unpooled; they differ only in the Layout.
type Unpooled struct {
	alloc  deflate.Allocator
	layout deflate.Layout
}

// NewUnpooled returns a Source that carves every state with layout from alloc.
func NewUnpooled(alloc deflate.Allocator, layout deflate.Layout) *Unpooled {
	return &Unpooled{alloc: alloc, layout: layout}
}

// Layout is the layout every state of this source uses.
func (u *Unpooled) Layout() deflate.Layout { return u.layout }

// Acquire creates a state (deflateInit2).
func (u *Unpooled) Acquire(cfg deflate.Config) (*deflate.State, error) {
	return deflate.New(cfg, u.alloc, u.layout)
}

// Release ends the state (deflateEnd). A state that was already ended has nothing left to free, so the
// error is dropped.
func (u *Unpooled) Release(st *deflate.State) { _ = st.End() }

// Counters reports which layout ran; the native counts are filled in by the Variant.
func (u *Unpooled) Counters() Counters {
	return Counters{SplitActive: u.layout == deflate.SplitHead}
}

// Close has nothing to free: an Unpooled source holds no state between compressors.
func (u *Unpooled) Close() error { return nil }
