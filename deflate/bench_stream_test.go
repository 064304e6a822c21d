package deflate

import (
	"bytes"
	"fmt"
	"testing"
)

// streamImpl is one implementation of BenchmarkDotnetStream's operation: Reset of a reused state, then
// the deflate calls of .NET's DeflateStream for c's writes (dotnetStreamCase). open returns the operation
// (returning the bytes written to the destination), the destination's bytes after it, and a release.
type streamImpl struct {
	name   string
	serves func(Generation) bool
	open   func(tb testing.TB, c diffCase) (op func() int, written func() []byte, release func())
}

// streamImpls lists the engine; the zlibng-tagged build adds zlib-ng, the whole operation in C.
var streamImpls = []streamImpl{{"engine", everyGeneration, openEngineStream}}

// openEngineStream drives a State as .NET's DeflateStream drives zlib-ng (DeflateStream.WriteCore,
// WriteDeflaterOutput and PurgeBuffers; Deflater.GetDeflateOutput and Finish): per write, Deflate with
// NoFlush into a dotnetBufferSize buffer while input is left, each call's output appended to the
// destination; then Finish into the buffer until the stream ends.
func openEngineStream(tb testing.TB, c diffCase) (func() int, func() []byte, func()) {
	s, err := New(c.cfg, GoHeap, Consolidated)
	if err != nil {
		tb.Fatal(err)
	}
	data := c.in.bytes()
	write := data[:c.chunk]
	writes := len(data) / c.chunk
	buf := make([]byte, c.outCap)
	dst := make([]byte, 0, 2*len(data)+1024)
	op := func() int {
		s.Reset()
		dst = dst[:0]
		for range writes {
			for src := write; len(src) > 0; {
				nDst, nSrc, err := s.Deflate(buf, src, NoFlush)
				if err != nil {
					tb.Fatal(err)
				}
				dst = append(dst, buf[:nDst]...)
				src = src[nSrc:]
			}
		}
		for {
			nDst, _, err := s.Deflate(buf, nil, Finish)
			if err != nil {
				tb.Fatal(err)
			}
			dst = append(dst, buf[:nDst]...)
			if s.Finished() {
				return len(dst)
			}
		}
	}
	return op, func() []byte { return dst }, func() { s.End() }
}

// BenchmarkDotnetStream is zlib-ng #1935's workload, the lab's stream workload: one zlib stream at .NET's
// CompressionLevel.Optimal (level -1, windowBits 15, memLevel 8) given 100 writes of the same 1,000
// random bytes and finished, with .NET's calls (dotnetStreamCase), for every generation; zlib-ng only under
// the linked build's. zlib-ng #1935 measured 2.2.2's deflate_medium about 2.05x 2.2.5's here.
func BenchmarkDotnetStream(b *testing.B) {
	for _, gen := range Generations() {
		c := dotnetStreamCase()
		c.cfg.Generation = gen
		for _, impl := range streamImpls {
			if !impl.serves(gen) {
				continue
			}
			b.Run(fmt.Sprintf("gen=%s/impl=%s", gen, impl.name), func(b *testing.B) {
				op, _, release := impl.open(b, c)
				defer release()
				measureOp(b, op, c.in.size)
			})
		}
	}
}

// TestDotnetStreamOp checks that the benchmark's engine operation writes, on every run, what the golden
// case with the same calls writes (runCase), so that BenchmarkDotnetStream measures those calls; and that
// a Writer given the same writes (the lab's stream workload) writes it too, so the golden digests, zlib-ng's
// bytes, hold for the lab's path.
func TestDotnetStreamOp(t *testing.T) {
	for _, gen := range Generations() {
		c := dotnetStreamCase()
		c.cfg.Generation = gen
		want, err := runEngine(c, c.in.bytes())
		if err != nil {
			t.Fatal(err)
		}
		op, written, release := openEngineStream(t, c)
		for range 2 {
			if n := op(); n != len(want) || !bytes.Equal(written(), want) {
				t.Errorf("zlibng=%s: the benchmark's operation wrote %d bytes, runCase %d (or other bytes)", gen, n, len(want))
			}
		}
		release()
		if got := writerStream(t, c); !bytes.Equal(got, want) {
			t.Errorf("zlibng=%s: a Writer given the same writes wrote %d bytes, runCase %d (or other bytes)", gen, len(got), len(want))
		}
	}
}

// writerStream is c's writes through a Writer, the lab's hosts' path, and Close.
func writerStream(t *testing.T, c diffCase) []byte {
	s, err := New(c.cfg, GoHeap, Consolidated)
	if err != nil {
		t.Fatal(err)
	}
	defer s.End()
	var out bytes.Buffer
	w := NewWriter(&out, s)
	data := c.in.bytes()
	for i := 0; i < len(data); i += c.chunk {
		if _, err := w.Write(data[i:min(i+c.chunk, len(data))]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// periodicCase is the long periodic input at level 6 (raw, .NET's DeflateStream settings): the stream
// workload's 1,000 random bytes repeated to 10 MB, every match 258 bytes long, where zlib-ng 2.2.2
// inserts 257 positions per match and 2.2.5 one.
func periodicCase() diffCase {
	return diffCase{in: inputSpec{"stream", 42, 10_000_000}, cfg: DefaultConfig(), flushes: "n", outCap: 1 << 16}
}

// BenchmarkPeriodic is BenchmarkResetCompress's operation on periodicCase, for every generation.
func BenchmarkPeriodic(b *testing.B) {
	c := periodicCase()
	data := c.in.bytes()
	for _, gen := range Generations() {
		cfg := c.cfg
		cfg.Generation = gen
		for _, impl := range resetCompressImpls {
			if !impl.serves(gen) {
				continue
			}
			b.Run(fmt.Sprintf("gen=%s/input=periodic10M/level=%d/impl=%s", gen, cfg.Level, impl.name), func(b *testing.B) {
				benchResetCompress(b, impl, cfg, data)
			})
		}
	}
}
