package deflate

import (
	"bytes"
	stdflate "compress/flate"
	stdgzip "compress/gzip"
	stdzlib "compress/zlib"
	"fmt"
	"io"
	"testing"

	kflate "github.com/klauspost/compress/flate"
	kgzip "github.com/klauspost/compress/gzip"
	kzlib "github.com/klauspost/compress/zlib"
)

// windowBitsFor returns the WindowBits that select format f with a 2^wbits window.
func windowBitsFor(f Format, wbits int) int {
	switch f {
	case Raw:
		return -wbits
	case Gzip:
		return wbits + 16
	}
	return wbits
}

// decoders are the two independent inflaters every output must satisfy.
var decoders = []struct {
	name string
	open func(f Format, r io.Reader) (io.ReadCloser, error)
}{
	{"stdlib", func(f Format, r io.Reader) (io.ReadCloser, error) {
		switch f {
		case Zlib:
			return stdzlib.NewReader(r)
		case Gzip:
			return stdgzip.NewReader(r)
		}
		return stdflate.NewReader(r), nil
	}},
	{"klauspost", func(f Format, r io.Reader) (io.ReadCloser, error) {
		switch f {
		case Zlib:
			return kzlib.NewReader(r)
		case Gzip:
			return kgzip.NewReader(r)
		}
		return kflate.NewReader(r), nil
	}},
}

// checkDecodes fails t unless both decoders turn compressed back into want.
func checkDecodes(t testing.TB, f Format, compressed, want []byte) {
	t.Helper()
	for _, d := range decoders {
		r, err := d.open(f, bytes.NewReader(compressed))
		if err != nil {
			t.Fatalf("%s: open: %v", d.name, err)
		}
		got, err := io.ReadAll(r)
		if err != nil {
			t.Fatalf("%s: decode: %v", d.name, err)
		}
		if err := r.Close(); err != nil {
			t.Fatalf("%s: close: %v", d.name, err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: decoded %d bytes, want %d (first difference at %d)", d.name, len(got), len(want), firstDiff(got, want))
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// compress runs data through a Writer on s and returns the stream.
func compress(t testing.TB, s *State, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf, s)
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestRoundTripMatrix compresses the small corpus with every level, strategy, window size, framing and
// memLevel, reusing one State per configuration through Reset.
func TestRoundTripMatrix(t *testing.T) {
	corpus := smallCorpus()
	for _, f := range []Format{Raw, Zlib, Gzip} {
		for _, wbits := range []int{9, 12, 15} {
			for _, memLevel := range []int{1, 8, 9} {
				for level := range 10 {
					for _, st := range Strategies() {
						cfg := Config{Level: level, WindowBits: windowBitsFor(f, wbits), MemLevel: memLevel, Strategy: st}
						t.Run(cfg.String(), func(t *testing.T) {
							t.Parallel()
							s, err := New(cfg, GoHeap, Consolidated)
							if err != nil {
								t.Fatal(err)
							}
							defer s.End()
							for _, e := range corpus {
								if err := s.Reset(); err != nil {
									t.Fatal(err)
								}
								checkDecodes(t, f, compress(t, s, e.data), e.data)
							}
						})
					}
				}
			}
		}
	}
}

// TestRoundTripText covers 1 MiB of text on a representative subset: every level at the default
// settings, every strategy at level 6, and the smallest window and memLevel in each framing.
func TestRoundTripText(t *testing.T) {
	text := text1M(t)
	var cfgs []Config
	for level := -1; level <= 9; level++ {
		cfgs = append(cfgs, Config{Level: level, WindowBits: -15, MemLevel: 8})
	}
	for _, st := range Strategies() {
		cfgs = append(cfgs, Config{Level: 6, WindowBits: 31, MemLevel: 9, Strategy: st})
	}
	for _, f := range []Format{Raw, Zlib, Gzip} {
		cfgs = append(cfgs, Config{Level: 4, WindowBits: windowBitsFor(f, 9), MemLevel: 1},
			Config{Level: 2, WindowBits: windowBitsFor(f, 12), MemLevel: 1, Strategy: Filtered})
	}
	for _, cfg := range cfgs {
		t.Run(cfg.String(), func(t *testing.T) {
			t.Parallel()
			s, err := New(cfg, GoHeap, Consolidated)
			if err != nil {
				t.Fatal(err)
			}
			defer s.End()
			checkDecodes(t, cfg.Format(), compress(t, s, text), text)
		})
	}
}

// TestDeflateSmallBuffers drives Deflate directly with tiny input and output slices and every flush
// mode, so pending output is handed out across many calls.
func TestDeflateSmallBuffers(t *testing.T) {
	text := payload5k()
	text = append(text, text1M(t)[:100000]...)
	for _, cfg := range []Config{
		{Level: 6, WindowBits: -15, MemLevel: 8},
		{Level: 1, WindowBits: 15, MemLevel: 1},
		{Level: 0, WindowBits: 31, MemLevel: 2},
		{Level: 9, WindowBits: -9, MemLevel: 9, Strategy: Filtered},
		{Level: 3, WindowBits: 31, MemLevel: 3, Strategy: RLE},
	} {
		for _, chunk := range []struct{ in, out int }{{1, 1}, {7, 3}, {1000, 17}, {70000, 1 << 16}} {
			t.Run(fmt.Sprintf("%v/in=%d/out=%d", cfg, chunk.in, chunk.out), func(t *testing.T) {
				s, err := New(cfg, GoHeap, nil)
				if err != nil {
					t.Fatal(err)
				}
				defer s.End()
				var out bytes.Buffer
				dst := make([]byte, chunk.out)
				flushes := []Flush{NoFlush, SyncFlush, NoFlush, FullFlush, PartialFlush, BlockFlush, NoFlush}
				for i, src := 0, text; len(src) > 0 || !s.Finished(); i++ {
					in := src[:min(chunk.in, len(src))]
					flush := flushes[i%len(flushes)]
					if len(src) == len(in) {
						flush = Finish
					}
					nDst, nSrc, err := s.Deflate(dst, in, flush)
					if err != nil {
						t.Fatal(err)
					}
					out.Write(dst[:nDst])
					src = src[nSrc:]
					if i > 10*len(text)+1000 {
						t.Fatal("Deflate makes no progress")
					}
				}
				checkDecodes(t, cfg.Format(), out.Bytes(), text)
			})
		}
	}
}
