//go:build zlibng && cgo

package deflate

import (
	"testing"

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
