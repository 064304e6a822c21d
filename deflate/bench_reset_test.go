package deflate

import (
	"fmt"
	"runtime"
	"testing"
)

// resetCompressImpl is one implementation of BenchmarkResetCompress's operation: reset a reused
// state, then compress the whole payload with Finish into a buffer large enough for it. open returns
// the operation (returning the compressed size) and a release.
type resetCompressImpl struct {
	name string
	open func(b *testing.B, level int, data []byte) (op func() int, release func())
}

// resetCompressImpls lists the engine; the zlibng-tagged build adds zlib-ng itself, so both run in
// the same binary, interleaved by -count.
var resetCompressImpls = []resetCompressImpl{{"engine", openEngineResetCompress}}

func openEngineResetCompress(b *testing.B, level int, data []byte) (func() int, func()) {
	cfg := DefaultConfig()
	cfg.Level = level
	s, err := New(cfg, GoHeap, Consolidated)
	if err != nil {
		b.Fatal(err)
	}
	dst := make([]byte, len(data)+len(data)/8+1024)
	return func() int {
		s.Reset()
		n, _, err := s.Deflate(dst, data, Finish)
		if err != nil || !s.Finished() {
			b.Fatalf("engine: %d bytes, finished %v, err %v", n, s.Finished(), err)
		}
		return n
	}, func() { s.End() }
}

// BenchmarkResetCompress is the lab's per-operation work at .NET's settings (raw, windowBits 15,
// memLevel 8): Reset of a reused state, then Deflate of the 5,000-byte payload with Finish. It reports
// the compressed size as out-bytes and, on Linux, the CPU time of the benchmark's thread per operation
// as cpu-ns/op: on a shared machine that is the steadier figure, as it leaves out the time the thread
// waited for a CPU.
func BenchmarkResetCompress(b *testing.B) {
	data := labPayload(42, 5000, 0.5)
	for _, level := range []int{1, 6, 9} {
		for _, impl := range resetCompressImpls {
			b.Run(fmt.Sprintf("level=%d/impl=%s", level, impl.name), func(b *testing.B) {
				op, release := impl.open(b, level, data)
				defer release()
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				n, ops := 0, 0
				cpu0, ok := threadCPU()
				for b.Loop() {
					n = op()
					ops++
				}
				if cpu1, ok1 := threadCPU(); ok && ok1 && ops > 0 {
					b.ReportMetric(float64(cpu1-cpu0)/float64(ops), "cpu-ns/op")
				}
				b.ReportMetric(float64(n), "out-bytes")
			})
		}
	}
}
