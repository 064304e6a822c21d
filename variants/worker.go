package variants

import (
	"io"

	"github.com/deflatelab/deflatelab/deflate"
)

// WorkerSource is a Source whose states can belong to one worker: .NET 11's caller-owned encoders
// (DeflateEncoder with Reset), where each caller keeps its own states and nothing is shared. Worker returns
// a Source for the exclusive use of one goroutine at a time; the WorkerSource counts it in its Counters and
// frees what it holds at Close. A Source that is not a WorkerSource serves every worker itself.
type WorkerSource interface {
	Source
	Worker() Source
}

// Worker is one worker's door to a variant: compressors it opens take their states from the worker's own
// Source when the variant keeps states per worker (a WorkerSource), and from the variant's shared Source
// otherwise, so for every other variant Worker.Open is Variant.Open. A Worker is used by one goroutine at a
// time; the Variant's Close frees its states like the Variant's own.
type Worker struct {
	v   *Variant
	src Source
}

// Worker returns a new worker of v. Call it outside any measured region: a WorkerSource may allocate for
// the worker's bookkeeping.
func (v *Variant) Worker() *Worker {
	if ws, ok := v.src.(WorkerSource); ok {
		return &Worker{v: v, src: ws.Worker()}
	}
	return &Worker{v: v, src: v.src}
}

// Open returns a compressor writing cfg's format to dst, its state from the worker's Source.
func (w *Worker) Open(dst io.Writer, cfg deflate.Config) (Compressor, error) {
	return w.v.open(w.src, dst, cfg)
}

// Opener is what opens compressors: a Variant (its shared Source) or one of its Workers.
type Opener interface {
	Open(dst io.Writer, cfg deflate.Config) (Compressor, error)
}

var (
	_ Opener = (*Variant)(nil)
	_ Opener = (*Worker)(nil)
)
