//go:build zlibng && cgo

package deflate

import (
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/deflate/internal/zng"
)

// TestFlushSequencesZlibng checks the recorded flush sequences against the linked zlib-ng, so that the
// table TestFlushSequences holds the engine to is zlib-ng's own.
func TestFlushSequencesZlibng(t *testing.T) {
	for _, seq := range flushSequences {
		t.Run(seq.name, func(t *testing.T) {
			c := seq.cfg
			if c.GzipOS != 0 || c.Format() == Gzip {
				t.Skip("zlib-ng writes its build's OS byte")
			}
			z, err := zng.New(c.Level, c.WindowBits, c.MemLevel, int(c.Strategy))
			if err != nil {
				t.Fatal(err)
			}
			defer z.End()
			runFlushSequence(t, seq, func(dst, src []byte, flush Flush) (int, int, error) {
				nDst, nSrc, rc := z.Deflate(dst, src, int(flush))
				if rc != zng.OK && rc != zng.BufError && rc != zng.StreamEnd {
					t.Fatalf("zng_deflate returned %d", rc)
				}
				return nDst, nSrc, nil
			})
		})
	}
}

// TestFlushDifferential compares the engine with zlib-ng for random inputs and configurations fed in
// pieces with every flush, PartialFlush and BlockFlush included (TestDifferential's patterns have no
// partial or block flushes), and output buffers of every size from 8 bytes on (smaller ones can make a
// repeated flush add a marker per call forever, in zlib-ng as in the engine).
func TestFlushDifferential(t *testing.T) {
	seed := *diffSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	gen := linkedGeneration(t)
	t.Logf("seed %d (rerun with -diff.seed=%d)", seed, seed)
	r := rand.New(rand.NewPCG(seed, 2))
	letters := "nnnpsfb"
	n, identical := *diffCases, 0
	if testing.Short() {
		n = min(n, 50)
	}
	for range n {
		c := randomConfigCase(r, min(*diffMax, 1<<18))
		data := c.in.bytes()
		c.chunk = logUniform(r, 1, max(1, len(data)/2))
		pattern := make([]byte, 1+r.IntN(5))
		for i := range pattern {
			pattern[i] = letters[r.IntN(len(letters))]
		}
		c.flushes = string(pattern)
		c.outCap = logUniform(r, 8, 1<<17)
		diff, _, err := compareCase(c, data)
		switch {
		case err != nil:
			t.Errorf("case %v: %v", c, err)
		case diff != "":
			t.Errorf("case %v: %s", c, diff)
		default:
			identical++
		}
	}
	t.Logf("%d of %d random cases with partial and block flushes byte-identical to zlib-ng %s", identical, n, gen)
}

// TestZlibngDirtyHeap checks that the reference's output does not depend on what its memory held before
// zng_deflateInit2 (zng.New gives zlib-ng zeroed memory, as GoHeap gives the engine). zlib-ng reads bytes
// of its window that it has neither written nor zeroed: fill_window zeroes WIN_INIT (258) bytes past the
// data, but when the data stops short of the window's last WIN_INIT bytes before the window slides, the
// call that slides moves the data down first, and the last bytes keep what the allocator gave;
// longest_match's filter and compare256 read up to 258 bytes past strstart, and insert_string hashes 4
// bytes, so those bytes can decide which candidates pass, and the chain a string is inserted in. In this
// case (TestFlushDifferential's, seed 1) window[16379:16384] is read as allocated before the first
// slide; with malloc's memory (a heap that has held another stream's window)
// zlib-ng wrote 357944 bytes in some runs instead of the 357942 of zeroed memory, a literal 'r' at 16750
// for the engine's match of 4 at distance 823. The first 20000 bytes of the input reach the difference.
func TestZlibngDirtyHeap(t *testing.T) {
	linkedGeneration(t)
	c := diffCase{in: inputSpec{"mixed", 11129856, 239358}, cfg: Config{Level: 5, WindowBits: 13, MemLevel: 6},
		chunk: 1, flushes: "nnnbp", outCap: 242, prior: inputSpec{"mixed", 4352334, 4}}
	data := c.in.bytes()[:20000]
	// The heap's blocks are 16-byte aligned and zlib-ng's window 64-byte aligned, so window[i] gets
	// pattern[i%16]: window[16379:16384] the bytes the window held there in the runs that differed.
	var pattern [16]byte
	copy(pattern[16379%16:], data[16136:16141])
	runtime.LockOSThread() // the heap's arena is the thread's
	defer runtime.UnlockOSThread()
	zng.DirtyHeap(1<<18, pattern)
	diff, _, err := compareCase(c, data)
	if err != nil {
		t.Fatal(err)
	}
	if diff != "" {
		t.Fatalf("case %v on a dirty C heap: %s", c, diff)
	}
}
