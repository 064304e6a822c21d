//go:build zlibng && cgo

package deflate

import (
	"bytes"
	"testing"

	"github.com/deflatelab/deflatelab/deflate/internal/zng"
)

func init() {
	streamImpls = append([]streamImpl{{"zlibng", isLinkedGeneration, openZngStream}}, streamImpls...)
}

// openZngStream runs BenchmarkDotnetStream's operation in C through one cgo call (zng.DotnetStream),
// so that the cost of cgo calls does not fall on zlib-ng's side.
func openZngStream(tb testing.TB, c diffCase) (func() int, func() []byte, func()) {
	linkedGeneration(tb)
	z, err := zng.New(c.cfg.Level, c.cfg.WindowBits, c.cfg.MemLevel, int(c.cfg.Strategy))
	if err != nil {
		tb.Fatal(err)
	}
	data := c.in.bytes()
	in := zng.NewBuffer(data[:c.chunk], c.chunk)
	buf := zng.NewBuffer(nil, c.outCap)
	sink := zng.NewBuffer(nil, 2*len(data)+1024)
	n := 0
	op := func() int {
		n, err = z.DotnetStream(in, c.chunk, len(data)/c.chunk, buf, c.outCap, sink)
		if err != nil {
			tb.Fatal(err)
		}
		return n
	}
	return op, func() []byte { return sink.Bytes(n) }, func() {
		z.End()
		in.Free()
		buf.Free()
		sink.Free()
	}
}

// TestDotnetStreamOpZlibng checks that the benchmark's C operation writes what zlib-ng writes for the
// golden case with the same calls (runCase), and what the engine's operation writes.
func TestDotnetStreamOpZlibng(t *testing.T) {
	c := dotnetStreamCase()
	c.cfg.Generation = linkedGeneration(t)
	want, err := runZng(c, c.in.bytes())
	if err != nil {
		t.Fatal(err)
	}
	op, written, release := openZngStream(t, c)
	defer release()
	engineOp, engineWritten, engineRelease := openEngineStream(t, c)
	defer engineRelease()
	engineOp()
	for range 2 {
		if n := op(); n != len(want) || !bytes.Equal(written(), want) || !bytes.Equal(written(), engineWritten()) {
			t.Errorf("zlib-ng's operation wrote %d bytes, runCase %d, the engine's %d (or other bytes)", n, len(want), len(engineWritten()))
		}
	}
}
