package varianttest

import (
	"bytes"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/variants"
)

// TB is what the helpers need of a testing.TB, so that this package does not link the testing package.
type TB interface {
	Helper()
	Cleanup(func())
	Error(args ...any)
	Errorf(format string, args ...any)
	Fatal(args ...any)
}

// OpenRecorded opens the named variant over a goheap Recorder, wrapped by wrap when it is not nil (a
// nativemem.Failing, say). The test's cleanup closes the variant and fails the test unless every block
// was freed exactly once and the counters say nothing is held.
func OpenRecorded(t TB, name string, opts variants.Options, wrap func(deflate.Allocator) deflate.Allocator) (*variants.Variant, *Recorder) {
	t.Helper()
	rec := NewGoHeapRecorder()
	opts.Alloc = rec
	if wrap != nil {
		opts.Alloc = wrap(rec)
	}
	v, err := variants.New(name, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := v.Close(); err != nil {
			t.Error(err)
		}
		if err := rec.CheckClean(); err != nil {
			t.Error(err)
		}
		if c := v.Counters(); c.NativeAllocs != c.NativeFrees || c.IdleStates != 0 || c.IdleBytes != 0 {
			t.Errorf("after Close: %+v", c)
		}
	})
	return v, rec
}

// CompressChecked is one open-write-close of payload on a fresh buffer through o (a Variant or a
// Worker); the test fails unless the output round-trips. It returns the output.
func CompressChecked(t TB, o variants.Opener, cfg deflate.Config, payload []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Compress(o, &buf, cfg, payload); err != nil {
		t.Fatal(err)
	}
	if err := CheckRoundTrip(cfg, buf.Bytes(), payload); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
