package deflate

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// resetCompressImpl is one implementation of BenchmarkResetCompress's operation: reset a reused
// state, then compress the whole payload with Finish into a buffer large enough for it. open returns
// the operation (returning the compressed size) and a release. serves reports whether it writes a
// generation's bytes (zlib-ng: only the linked build's).
type resetCompressImpl struct {
	name   string
	serves func(Generation) bool
	open   func(b *testing.B, cfg Config, data []byte) (op func() int, release func())
}

// resetCompressImpls lists the engine, under every generation; the zlibng-tagged build adds zlib-ng
// itself, so both run in the same binary, interleaved by -count.
var resetCompressImpls = []resetCompressImpl{{"engine", everyGeneration, openEngineResetCompress}}

func everyGeneration(Generation) bool { return true }

func openEngineResetCompress(b *testing.B, cfg Config, data []byte) (func() int, func()) {
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

// resetCompressInputs are BenchmarkResetCompress's inputs, 5,000 bytes each (the lab's operation size):
// the lab's payload (half random, half repeated English), then the first 5,000 bytes of two committed
// files, English prose and Go source (testdata/README.md says where they come from).
func resetCompressInputs(b *testing.B) []corpusEntry {
	inputs := []corpusEntry{{"payload", payload5k()}}
	for _, f := range []struct{ name, file string }{{"text", "opticks-16k.txt"}, {"gosrc", "go-source-16k.txt"}} {
		data, err := os.ReadFile(filepath.Join("testdata", f.file))
		if err != nil {
			b.Fatal(err)
		}
		if len(data) < resetCompressSize {
			b.Fatalf("testdata/%s has %d bytes, the benchmark needs %d", f.file, len(data), resetCompressSize)
		}
		inputs = append(inputs, corpusEntry{f.name, data[:resetCompressSize]})
	}
	return inputs
}

// resetCompressSize is the lab's payload size, the bytes every operation compresses.
const resetCompressSize = 5000

// BenchmarkResetCompress is the lab's per-operation work at .NET's settings (raw, windowBits 15,
// memLevel 8): Reset of a reused state, then Deflate of 5,000 bytes with Finish, for every generation,
// level and input (zlib-ng only under the generation of the linked build). It reports the compressed
// size as out-bytes and cpu-ns/op (measureOp). The implementations of one level and input run one right
// after the other, so a burst of load from elsewhere falls on both.
func BenchmarkResetCompress(b *testing.B) {
	for _, gen := range Generations() {
		for _, in := range resetCompressInputs(b) {
			for level := 1; level <= 9; level++ {
				cfg := DefaultConfig()
				cfg.Level, cfg.Generation = level, gen
				for _, impl := range resetCompressImpls {
					if !impl.serves(gen) {
						continue
					}
					b.Run(fmt.Sprintf("gen=%s/input=%s/level=%d/impl=%s", gen, in.name, level, impl.name), func(b *testing.B) {
						benchResetCompress(b, impl, cfg, in.data)
					})
				}
			}
		}
	}
}

func benchResetCompress(b *testing.B, impl resetCompressImpl, cfg Config, data []byte) {
	op, release := impl.open(b, cfg, data)
	defer release()
	measureOp(b, op, len(data))
}

// measureOp runs op, which compresses inBytes bytes and returns its output size, as the benchmark's
// loop on a locked thread: it reports the output size as out-bytes and, on Linux, the CPU time of the
// benchmark's thread per operation as cpu-ns/op (on a shared machine the steadier figure, as it leaves
// out the time the thread waited for a CPU).
func measureOp(b *testing.B, op func() int, inBytes int) {
	b.SetBytes(int64(inBytes))
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
}
