package deflate

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// patternAlloc is an Allocator whose blocks come filled with pattern repeated, as memory a process has
// used and freed comes back from the C heap (where zlib-ng's zng_alloc gets it).
type patternAlloc struct{ pattern [16]byte }

func (a patternAlloc) Alloc(n int) ([]byte, error) {
	b := make([]byte, n)
	for i := range b {
		b[i] = a.pattern[i%16]
	}
	return b, nil
}

func (patternAlloc) Free([]byte) {}

// TestWindowTailAsAllocated checks that the engine reads the bytes of its window that it has neither
// written nor zeroed as zlib-ng reads them. fillWindow zeroes winInit bytes past the data, but when the
// data stops short of the window's last winInit bytes before the window slides, the call that slides
// moves the data down first, and the last bytes keep what the allocator gave; the matchers' filter and
// compare and insert_string's hash read them. In this case (TestFlushDifferential's, seed 1, cut to
// 20000 bytes) window[16379:16384] is read so before the first slide. With zeroed memory (GoHeap, and zng.New's calloc) zlib-ng 2.2.5 writes 30091 bytes;
// with memory that held the bytes below (the runs of TestFlushDifferential that failed: zlib-ng's
// memory from malloc, another stream's window), 30093, with a literal 'r' at 16750 instead of a match of
// 4 at distance 823. Both digests are zlib-ng's, from a C program driving zng_deflate with these calls
// and a zalloc that fills its memory so; the engine must write the same bytes from the same memory.
func TestWindowTailAsAllocated(t *testing.T) {
	c := diffCase{in: inputSpec{"mixed", 11129856, 239358}, cfg: Config{Level: 5, WindowBits: 13, MemLevel: 6},
		chunk: 1, flushes: "nnnbp", outCap: 242, prior: inputSpec{"mixed", 4352334, 4}}
	data := c.in.bytes()[:20000]
	var pattern [16]byte
	copy(pattern[16379%16:], data[16136:16141]) // window[16379:16384], the window's blocks being 16-byte aligned
	for _, tc := range []struct {
		name  string
		alloc Allocator
		n     int
		sum   string
	}{
		{"zeroed", GoHeap, 30091, "118e79f3bc779b6bf5b8400ad5103a3ba713c71e9029e10f4da8921e2c1815a2"},
		{"dirty", patternAlloc{pattern}, 30093, "b600d5a7acb788635e9f68223f8321bf348316ed34e1e4abcea021ae968ec910"},
	} {
		s, err := New(c.cfg, tc.alloc, Consolidated)
		if err != nil {
			t.Fatal(err)
		}
		if err := runPrior(engineStepper{s}, c); err != nil {
			t.Fatal(err)
		}
		out, _, err := runCaseCalls(engineStepper{s}, c, data)
		s.End()
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(out)
		if got := hex.EncodeToString(sum[:]); len(out) != tc.n || got != tc.sum {
			t.Errorf("%s memory: wrote %d bytes, sha256 %s; zlib-ng %d, %s", tc.name, len(out), got, tc.n, tc.sum)
		}
	}
}
