package deflate

import (
	"bytes"
	"slices"
	"testing"
)

// chunks records every destination write as its own slice.
type chunks [][]byte

func (c *chunks) Write(p []byte) (int, error) {
	*c = append(*c, slices.Clone(p))
	return len(p), nil
}

// dotnetStream is .NET's DeflateStream over zlib-ng written out call by call (DeflateStream.WriteCore,
// WriteDeflaterOutput, PurgeBuffers; Deflater.GetDeflateOutput, Finish): the reference the Writer must
// match destination write by destination write.
func dotnetStream(t *testing.T, s *State, writes [][]byte) chunks {
	t.Helper()
	var out chunks
	buf := make([]byte, 8192) // DeflateStream.DefaultBufferSize
	for _, p := range writes {
		if len(p) == 0 {
			continue // WriteCore returns at once for an empty buffer
		}
		for len(p) != 0 { // while (!_deflater.NeedsInput())
			nDst, nSrc, err := s.Deflate(buf, p, NoFlush) // GetDeflateOutput: ReadDeflateOutput(NoFlush)
			if err != nil {
				t.Fatal(err)
			}
			p = p[nSrc:]
			if nDst > 0 {
				out.Write(buf[:nDst])
			}
		}
	}
	for { // do { finished = _deflater.Finish(_buffer, out n); write } while (!finished)
		nDst, _, err := s.Deflate(buf, nil, Finish)
		if err != nil {
			t.Fatal(err)
		}
		if nDst > 0 {
			out.Write(buf[:nDst])
		}
		if s.Finished() {
			return out
		}
	}
}

// TestWriterCallsLikeDotNet: the Writer's destination writes - their number, sizes and bytes - are those
// of .NET's DeflateStream loop, for inputs whose output stays inside one buffer, fills it many times,
// and ends with pending output when a Write returns (1 MiB of random bytes at level 0 and 6).
func TestWriterCallsLikeDotNet(t *testing.T) {
	random := labPayload(7, 1<<20, 1)
	stream := labPayload(42, 1000, 1)
	repeat := func(p []byte, n int) [][]byte {
		var w [][]byte
		for range n {
			w = append(w, p)
		}
		return w
	}
	tests := []struct {
		name   string
		cfg    Config
		writes [][]byte
	}{
		{"stream: zlib level 6, 100 x 1,000 random bytes", Config{Level: 6, WindowBits: 15, MemLevel: 8}, repeat(stream, 100)},
		{"fixed: raw level 6, the 5,000-byte payload", DefaultConfig(), [][]byte{payload5k()}},
		{"empty writes between", DefaultConfig(), [][]byte{nil, payload5k(), {}, payload5k()}},
		{"no write at all", Config{Level: 9, WindowBits: 31, MemLevel: 8}, nil},
		{"1 MiB random, level 6, one write", DefaultConfig(), [][]byte{random}},
		{"1 MiB random, level 0, 64 KiB writes", Config{Level: 0, WindowBits: -15, MemLevel: 7}, slices.Collect(slices.Chunk(random, 64<<10))},
		{"1 MiB text, level 1, one write", Config{Level: 1, WindowBits: 15, MemLevel: 8}, [][]byte{text1M(t)}},
	}
	for _, tt := range tests {
		ref, err := New(tt.cfg, GoHeap, Consolidated)
		if err != nil {
			t.Fatal(err)
		}
		want := dotnetStream(t, ref, tt.writes)
		ref.End()

		s, err := New(tt.cfg, GoHeap, Consolidated)
		if err != nil {
			t.Fatal(err)
		}
		var got chunks
		w := NewWriter(&got, s)
		for _, p := range tt.writes {
			if n, err := w.Write(p); n != len(p) || err != nil {
				t.Fatalf("%s: Write = %d, %v", tt.name, n, err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatalf("%s: Close: %v", tt.name, err)
		}
		s.End()
		if len(got) != len(want) {
			t.Errorf("%s: %d destination writes, .NET's loop makes %d", tt.name, len(got), len(want))
			continue
		}
		for i := range got {
			if len(got[i]) > 8192 || !bytes.Equal(got[i], want[i]) {
				t.Errorf("%s: destination write %d: %d bytes, .NET's loop writes %d (or they differ)", tt.name, i, len(got[i]), len(want[i]))
				break
			}
		}
	}
}

// TestWriterEmptyWriteCallsNothing: an empty Write neither writes to the destination nor starts the
// stream (the zlib header is written by the first Deflate call), as DeflateStream.WriteCore returns
// before touching the deflater.
func TestWriterEmptyWriteCallsNothing(t *testing.T) {
	s, err := New(Config{Level: 6, WindowBits: 15, MemLevel: 8}, GoHeap, Consolidated)
	if err != nil {
		t.Fatal(err)
	}
	defer s.End()
	var got chunks
	w := NewWriter(&got, s)
	if n, err := w.Write(nil); n != 0 || err != nil || len(got) != 0 {
		t.Fatalf("Write(nil) = %d, %v with %d destination writes; want 0, nil, 0", n, err, len(got))
	}
	if err := w.Flush(); err != nil || len(got) == 0 {
		t.Fatalf("Flush after an empty Write: %v, %d destination writes; want the zlib header and an empty block", err, len(got))
	}
}
