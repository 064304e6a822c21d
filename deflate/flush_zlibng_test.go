//go:build zlibng && cgo

package deflate

import (
	"math/rand/v2"
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
