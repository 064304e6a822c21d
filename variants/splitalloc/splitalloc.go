// Package splitalloc is seed 000's native-only experiment: on 64-bit Windows the 128 KiB hash-head table
// gets its own 64-byte-aligned block from the same allocator, allocated after the owner block and freed
// before it, while window and prev stay adjacent in the owner. Elsewhere the control path runs unchanged,
// unless Options.ForceSplit asks for the split so that other platforms can measure it too.
//
// The engine does the split through its Layout seam (deflate.SplitHead): the owner is freed when the
// head allocation fails, and Copy makes the same two-block shape.
package splitalloc

import (
	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/variants"
)

// Name is the registry name.
const Name = "splitalloc"

// Layout returns the layout splitalloc uses with the given ForceSplit option on this platform.
func Layout(forceSplit bool) deflate.Layout {
	if splitByDefault || forceSplit {
		return deflate.SplitHead
	}
	return deflate.Consolidated
}

func init() {
	variants.Register(Name, func(o variants.Options) (variants.Source, error) {
		return variants.NewUnpooled(o.Alloc, Layout(o.ForceSplit)), nil
	})
}
