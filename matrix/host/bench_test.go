package host

import (
	"testing"

	"github.com/deflatelab/deflatelab/matrix/workload"
	"github.com/deflatelab/deflatelab/nativemem"
	"github.com/deflatelab/deflatelab/variants"
)

// BenchmarkLoop is the host's measured loop at DOP 1, in process: one op is one Open/Write/Close of the
// payload. allocs/op is the variant's and the engine's; the loop itself adds none (TestSinkDoesNotAllocate).
func BenchmarkLoop(b *testing.B) {
	payload, _ := workload.Payload(workload.DefaultSeed, workload.DefaultSize, workload.DefaultRandFrac)
	for _, variant := range []string{"control", "pooled"} {
		for _, w := range []workload.Workload{workload.Fixed(), workload.Mixed()} {
			b.Run("variant="+variant+"/workload="+w.Name, func(b *testing.B) {
				a, err := nativemem.Open("pages")
				if err != nil {
					b.Fatal(err)
				}
				v, err := variants.New(variant, variants.Options{Alloc: a})
				if err != nil {
					b.Fatal(err)
				}
				defer v.Close()
				l := &loop{v: v, w: w, payload: payload, sinks: []*sink{newSink(2 * len(payload))}}
				b.SetBytes(int64(len(payload)))
				b.ReportAllocs()
				l.run(b.N, true, b.ResetTimer, b.StopTimer)
				if err := l.err(); err != nil {
					b.Fatal(err)
				}
			})
		}
	}
}
