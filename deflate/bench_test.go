package deflate

import (
	stdflate "compress/flate"
	"fmt"
	"io"
	"testing"

	kflate "github.com/klauspost/compress/flate"
)

// benchWriter is one implementation under benchmark: a reusable raw DEFLATE writer.
type benchWriter interface {
	io.WriteCloser
	Reset(w io.Writer)
}

// benchImpls builds a fresh writer of each implementation at a level (raw deflate, 32 KiB window,
// memLevel 8 for deflatelab); the returned release frees native state.
var benchImpls = []struct {
	name string
	open func(b *testing.B, level int) (w benchWriter, release func())
}{
	{"deflatelab", func(b *testing.B, level int) (benchWriter, func()) {
		s, err := New(Config{Level: level, WindowBits: -15, MemLevel: 8}, GoHeap, Consolidated)
		if err != nil {
			b.Fatal(err)
		}
		return NewWriter(io.Discard, s), func() { s.End() }
	}},
	{"stdlib", func(b *testing.B, level int) (benchWriter, func()) {
		w, err := stdflate.NewWriter(io.Discard, level)
		if err != nil {
			b.Fatal(err)
		}
		return w, func() {}
	}},
	{"klauspost", func(b *testing.B, level int) (benchWriter, func()) {
		w, err := kflate.NewWriter(io.Discard, level)
		if err != nil {
			b.Fatal(err)
		}
		return w, func() {}
	}},
}

// countingDiscard counts the compressed bytes, to report the output size next to the speed.
type countingDiscard struct{ n int64 }

func (c *countingDiscard) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

// BenchmarkCompress measures a reused writer (Reset between operations) compressing whole inputs; it
// reports the compressed size as out-bytes.
func BenchmarkCompress(b *testing.B) {
	inputs := []struct {
		name string
		data func(testing.TB) []byte
	}{
		{"payload5k", func(testing.TB) []byte { return payload5k() }},
		{"text1M", text1M},
	}
	for _, impl := range benchImpls {
		for _, level := range []int{1, 6, 9} {
			for _, in := range inputs {
				b.Run(fmt.Sprintf("impl=%s/level=%d/input=%s", impl.name, level, in.name), func(b *testing.B) {
					data := in.data(b)
					w, release := impl.open(b, level)
					defer release()
					var sink countingDiscard
					b.SetBytes(int64(len(data)))
					b.ReportAllocs()
					for b.Loop() {
						sink.n = 0
						w.Reset(&sink)
						w.Write(data)
						if err := w.Close(); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(sink.n), "out-bytes")
				})
			}
		}
	}
}

// BenchmarkShortLived compresses the 5,000-byte payload at level 6 with a writer made for each
// operation (mode=new; deflatelab also allocates and ends its native state) or one reused through Reset
// (mode=reset).
func BenchmarkShortLived(b *testing.B) {
	data := payload5k()
	for _, impl := range benchImpls {
		b.Run(fmt.Sprintf("impl=%s/mode=new", impl.name), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				w, release := impl.open(b, 6)
				w.Write(data)
				if err := w.Close(); err != nil {
					b.Fatal(err)
				}
				release()
			}
		})
		b.Run(fmt.Sprintf("impl=%s/mode=reset", impl.name), func(b *testing.B) {
			w, release := impl.open(b, 6)
			defer release()
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				w.Reset(io.Discard)
				w.Write(data)
				if err := w.Close(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
