package all_test

import (
	"slices"
	"strconv"
	"testing"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/nativemem"
	"github.com/deflatelab/deflatelab/variants"
	"github.com/deflatelab/deflatelab/variants/varianttest"
)

// footprintBackend is the allocator the footprint benchmarks use: glibc's posix_memalign/free, where the
// full-profile run found pooled/12 slower than control on the mixed workload although it allocates nothing.
const footprintBackend = "libc"

// openFootprintBackend opens the libc backend, or skips when this build has none (no cgo, not Linux).
func openFootprintBackend(b *testing.B) deflate.Allocator {
	if !slices.Contains(nativemem.Available(), footprintBackend) {
		b.Skipf("backend %s is not available in this build", footprintBackend)
	}
	alloc, err := nativemem.Open(footprintBackend)
	if err != nil {
		b.Fatal(err)
	}
	return alloc
}

// BenchmarkFootprint asks whether rotating over K live deflate states costs more than reusing one, on
// one configuration (.NET's DeflateStream default: raw, level 6, memLevel 8) and the lab's 5,000-byte
// payload, so that the only thing K changes is how much state memory the operations cycle through
// (K x ~342 KiB). path=rotate allocates K states from the libc backend up front; operation i takes state
// i mod K, compresses the payload with Finish, and Resets it (what pooled does on return). path=newend
// is control's path on the same backend: New, compress, End per operation - glibc hands the freed block
// straight back, so it always works in the same ~342 KiB. Both call the engine directly, without the
// variants' stream wrapper, so they differ from each other only in where the state comes from.
func BenchmarkFootprint(b *testing.B) {
	payload := varianttest.Payload()
	cfg := deflate.DefaultConfig()
	b.Run("path=newend/backend="+footprintBackend+"/states=1", func(b *testing.B) {
		alloc := openFootprintBackend(b)
		dst := make([]byte, 2*len(payload)+1024)
		op := func() int {
			s, err := deflate.New(cfg, alloc, deflate.Consolidated)
			if err != nil {
				b.Fatal(err)
			}
			n := compressOnce(b, s, dst, payload)
			if err := s.End(); err != nil {
				b.Fatal(err)
			}
			return n
		}
		runFootprint(b, op, len(payload))
	})
	for _, k := range []int{1, 2, 4, 8, 12, 16} {
		b.Run("path=rotate/backend="+footprintBackend+"/states="+strconv.Itoa(k), func(b *testing.B) {
			alloc := openFootprintBackend(b)
			states := make([]*deflate.State, k)
			for i := range states {
				s, err := deflate.New(cfg, alloc, deflate.Consolidated)
				if err != nil {
					b.Fatal(err)
				}
				states[i] = s
			}
			defer func() {
				for _, s := range states {
					if err := s.End(); err != nil {
						b.Error(err)
					}
				}
			}()
			dst := make([]byte, 2*len(payload)+1024)
			i := 0
			op := func() int {
				s := states[i%k]
				i++
				n := compressOnce(b, s, dst, payload)
				if err := s.Reset(); err != nil {
					b.Fatal(err)
				}
				return n
			}
			// One warm-up pass over every state, so that each has been written once before timing.
			for range k {
				op()
			}
			runFootprint(b, op, len(payload))
		})
	}
}

// compressOnce compresses payload into dst with Finish and returns the compressed size.
func compressOnce(b *testing.B, s *deflate.State, dst, payload []byte) int {
	n, _, err := s.Deflate(dst, payload, deflate.Finish)
	if err != nil {
		b.Fatal(err)
	}
	if !s.Finished() {
		b.Fatal("stream not finished: dst too small")
	}
	return n
}

// runFootprint times op, reporting the payload's bytes per operation and the compressed size.
func runFootprint(b *testing.B, op func() int, payloadLen int) {
	b.ReportAllocs()
	b.SetBytes(int64(payloadLen))
	ops, out := 0, 0
	for b.Loop() {
		out += op()
		ops++
	}
	b.ReportMetric(float64(out)/float64(ops), "outbytes/op")
}

// mixedConfigs are the matrix's mixed workload (matrix/workload.Mixed, not imported here: variants sit
// below matrix): levels 0, 1, 6 and 9 (.NET's CompressionLevel values) x raw, zlib and gzip framing,
// memLevel 7 for level 0 and 8 otherwise, the default strategy.
func mixedConfigs() []deflate.Config {
	var out []deflate.Config
	for _, level := range []int{0, 1, 6, 9} {
		memLevel := 8
		if level == 0 {
			memLevel = 7
		}
		for _, bits := range []int{-15, 15, 31} {
			out = append(out, deflate.Config{Level: level, WindowBits: bits, MemLevel: memLevel, Strategy: deflate.DefaultStrategy})
		}
	}
	return out
}

// BenchmarkMixedFootprint is the matrix's warm mixed cell at DOP 1 in one process: the real control and
// pooled variants on the libc backend, operation i compressing the payload with configuration i mod 12.
// pooled with capacity 12 holds one idle state per configuration, so it never allocates and each
// operation takes a different state; control allocates and frees one per operation. workload=fixed runs
// the same variants on the default configuration alone (pooled then reuses one state), the reference in
// which only the state's source differs.
func BenchmarkMixedFootprint(b *testing.B) {
	payload := varianttest.Payload()
	workloads := []struct {
		name    string
		configs []deflate.Config
	}{
		{"fixed", []deflate.Config{deflate.DefaultConfig()}},
		{"mixed", mixedConfigs()},
	}
	for _, w := range workloads {
		for _, c := range []struct {
			name     string
			variant  string
			capacity int
		}{
			{"control", "control", 0},
			{"pooled-12", "pooled", 12},
		} {
			b.Run("workload="+w.name+"/variant="+c.name+"/backend="+footprintBackend, func(b *testing.B) {
				alloc := openFootprintBackend(b)
				v, err := variants.New(c.variant, variants.Options{Alloc: alloc, PoolCapacity: c.capacity})
				if err != nil {
					b.Fatal(err)
				}
				defer func() {
					if err := v.Close(); err != nil {
						b.Error(err)
					}
				}()
				var dst varianttest.Discard
				i := 0
				op := func() {
					if err := varianttest.Compress(v, &dst, w.configs[i%len(w.configs)], payload); err != nil {
						b.Fatal(err)
					}
					i++
				}
				// One warm-up pass over every configuration, so that pooled starts full.
				for range w.configs {
					op()
				}
				before, out0 := v.Counters(), dst.N
				b.ReportAllocs()
				b.SetBytes(int64(len(payload)))
				ops := 0
				for b.Loop() {
					op()
					ops++
				}
				after := v.Counters()
				b.ReportMetric(float64(after.NativeAllocs-before.NativeAllocs)/float64(ops), "nativeallocs/op")
				b.ReportMetric(float64(dst.N-out0)/float64(ops), "outbytes/op")
			})
		}
	}
}
