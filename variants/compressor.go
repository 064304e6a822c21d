package variants

import (
	"errors"
	"io"
	"sync"
	"sync/atomic"

	"github.com/deflatelab/deflatelab/deflate"
)

// ErrClosed is returned by a Compressor used after its Close, and by a Variant's Open after its Close.
var ErrClosed = errors.New("variants: compressor or variant is closed")

// Variant is one experimental subject: a Source of native states behind short-lived compressors.
// It is safe for concurrent use.
//
// Invariant: every block the Source obtains goes through native, so Counters' native fields cover every
// variant identically.
type Variant struct {
	name     string
	src      Source
	native   *nativeCounter
	closed   atomic.Bool
	sessions sync.Pool // *session: Go-side wrappers, recycled so that only native state differs between variants
}

// session is the Go-side half of a compressor: the engine's Writer and the state it is bound to.
// gen advances at every Close, so stale Compressor handles are detected.
type session struct {
	v   *Variant
	src Source // where st came from and goes back to: the variant's Source or a Worker's
	w   *deflate.Writer
	st  *deflate.State
	gen uint64
}

// Compressor is one short-lived compressor, like a .NET DeflateStream: Write, then Close, which finishes
// the stream and disposes of the native state. It is a small value (no allocation to open one); a copy
// used after Close returns ErrClosed. A Compressor is not safe for concurrent use.
type Compressor struct {
	s   *session
	gen uint64
}

// Name is the variant's registry name.
func (v *Variant) Name() string { return v.name }

// Open returns a compressor writing cfg's format to w, its state from the variant's shared Source.
func (v *Variant) Open(w io.Writer, cfg deflate.Config) (Compressor, error) {
	return v.open(v.src, w, cfg)
}

// open is Open with the state from src: v's Source or one of its Workers'.
func (v *Variant) open(src Source, w io.Writer, cfg deflate.Config) (Compressor, error) {
	if v.closed.Load() {
		return Compressor{}, ErrClosed
	}
	if err := cfg.Validate(); err != nil {
		return Compressor{}, err
	}
	st, err := src.Acquire(cfg)
	if err != nil {
		return Compressor{}, err
	}
	s, _ := v.sessions.Get().(*session)
	if s == nil {
		s = &session{v: v, w: deflate.NewWriter(nil, nil)}
	}
	s.st, s.src = st, src
	s.w.Bind(w, st)
	return Compressor{s: s, gen: s.gen}, nil
}

// Counters reports what the variant did natively so far.
func (v *Variant) Counters() Counters {
	c := v.src.Counters()
	v.native.fill(&c)
	return c
}

// Close is the process-end cleanup: it frees every native state the variant still holds. Compressors
// still open may be written and closed; their states are freed when they close. Later Opens fail with
// ErrClosed; a second Close does nothing.
func (v *Variant) Close() error {
	if v.closed.Swap(true) {
		return nil
	}
	return v.src.Close()
}

func (c Compressor) live() *session {
	if c.s == nil || c.s.gen != c.gen {
		return nil
	}
	return c.s
}

// Write compresses p into the destination.
func (c Compressor) Write(p []byte) (int, error) {
	s := c.live()
	if s == nil {
		return 0, ErrClosed
	}
	return s.w.Write(p)
}

// Plan is how this compressor's native state is carved from allocator blocks (for -describe and tests).
func (c Compressor) Plan() (deflate.Plan, error) {
	s := c.live()
	if s == nil {
		return deflate.Plan{}, ErrClosed
	}
	return s.st.Plan(), nil
}

// Regions are the addresses of this compressor's state regions; tests use them to prove alignment and
// that two live compressors never share a state.
func (c Compressor) Regions() ([]deflate.RegionView, error) {
	s := c.live()
	if s == nil {
		return nil, ErrClosed
	}
	return s.st.Regions(), nil
}

// SwapMark stores m with the compressor's native state and returns the word stored with that state before
// (0 for a state nobody marked): see deflate.State.SwapMark. Variants and their Sources never read it; a
// host uses it to tell a reused state (a pooled one handed out again) and where it last ran.
func (c Compressor) SwapMark(m int64) (int64, error) {
	s := c.live()
	if s == nil {
		return 0, ErrClosed
	}
	return s.st.SwapMark(m), nil
}

// Close finishes the stream, then disposes of the compressor: the native state goes back to the variant
// (ended or pooled) and every reference to the caller's destination is dropped. The state is released
// even when finishing failed.
func (c Compressor) Close() error {
	s := c.live()
	if s == nil {
		return ErrClosed
	}
	err := s.w.Close()
	s.gen++
	st, src := s.st, s.src
	s.st, s.src = nil, nil
	s.w.Bind(nil, nil)
	src.Release(st)
	s.v.sessions.Put(s)
	return err
}
