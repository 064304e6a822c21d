package procstat

import (
	"fmt"
	"testing"

	"github.com/deflatelab/deflatelab/nativemem"
)

// The benchmarks of nativemem's backends live here, not in nativemem,
// because faultsPerOp needs this package and nativemem imports nothing of
// the project. Results: nativemem/BENCHMARKS.md.

const (
	// stateSize is zlib-ng 2.2's deflate state at memLevel 8, one block.
	stateSize = 350336
	// touchStride is the 4 KiB page the engine's first writes fault in.
	touchStride = 4096
)

// BenchmarkAllocFree measures one Alloc and one Free of a deflate-state
// block, untouched: the allocator's own cost.
func BenchmarkAllocFree(b *testing.B) {
	for _, name := range nativemem.Available() {
		a, err := nativemem.Open(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("backend=%s/size=%d", name, stateSize), func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				blk, err := a.Alloc(stateSize)
				if err != nil {
					b.Fatal(err)
				}
				a.Free(blk)
			}
		})
	}
}

// BenchmarkAllocTouchFree measures an Alloc, a write to every 4 KiB page of
// the block, and a Free - what a short-lived compressor does to its state -
// and reports the page faults each cycle cost.
func BenchmarkAllocTouchFree(b *testing.B) {
	for _, name := range nativemem.Available() {
		a, err := nativemem.Open(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("backend="+name, func(b *testing.B) {
			b.ReportAllocs()
			before, err := Read()
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for range b.N {
				blk, err := a.Alloc(stateSize)
				if err != nil {
					b.Fatal(err)
				}
				for i := 0; i < len(blk); i += touchStride {
					blk[i] = 1
				}
				a.Free(blk)
			}
			b.StopTimer()
			after, err := Read()
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(after.Sub(before).Faults())/float64(b.N), "faultsPerOp")
		})
	}
}
