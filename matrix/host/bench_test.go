package host

import (
	"bytes"
	"hash/crc32"
	"hash/crc64"
	"testing"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/matrix/workload"
	"github.com/deflatelab/deflatelab/nativemem"
	"github.com/deflatelab/deflatelab/variants"
)

// BenchmarkLoop is the host's measured loop at DOP 1, in process: one op is one Open/Write/Close of the
// payload, with the output check and the timeline. allocs/op is the variant's and the engine's; the loop
// itself adds none (TestLoopDoesNotAllocate).
func BenchmarkLoop(b *testing.B) {
	payload, _ := workload.Payload(workload.DefaultSeed, workload.DefaultSize, workload.DefaultRandFrac)
	for _, variant := range []string{"control", "pooled", "reuse"} {
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
				l := newVariantLoop(v, w, Configs(w, deflate.ZlibNG225), payload, 1)
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

// BenchmarkHarness is the same loop around a no-op compressor that writes a real operation's output:
// the harness's own cost per operation, to compare with BenchmarkLoop's fastest variant.
func BenchmarkHarness(b *testing.B) {
	out := realOutput(b, workload.Fixed())
	l := newLoop(noOp(out), workload.Fixed(), Configs(workload.Fixed(), deflate.ZlibNG225), out, 1)
	b.ReportAllocs()
	l.run(b.N, true, b.ResetTimer, b.StopTimer)
	if err := l.err(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkCheck compares ways to check one real output inside the loop: the table-driven CRC-64 the
// host used to compute per operation, hardware CRC-32C, and the comparison with the configuration's first
// output that the sink does now (the CRC-64 moves after the measured region).
func BenchmarkCheck(b *testing.B) {
	out := realOutput(b, workload.Fixed())
	ref := bytes.Clone(out)
	castagnoli := crc32.MakeTable(crc32.Castagnoli)
	var sum uint64
	b.Run("check=crc64", func(b *testing.B) {
		b.SetBytes(int64(len(out)))
		for b.Loop() {
			sum += crc64.Checksum(out, crcTable)
		}
	})
	b.Run("check=crc32c", func(b *testing.B) {
		b.SetBytes(int64(len(out)))
		for b.Loop() {
			sum += uint64(crc32.Checksum(out, castagnoli))
		}
	})
	b.Run("check=compare", func(b *testing.B) {
		b.SetBytes(int64(len(out)))
		s := newSink(2*len(out), 1)
		for b.Loop() {
			s.buf = out // the output as the compressor left it, without the copy
			s.finish(0)
		}
		if !bytes.Equal(s.refs[0], ref) {
			b.Fatal("reference changed")
		}
	})
	_ = sum
}

// realOutput is one real operation's output of w's first configuration (control, goheap).
func realOutput(tb testing.TB, w workload.Workload) []byte {
	tb.Helper()
	payload, err := workload.Payload(workload.DefaultSeed, workload.DefaultSize, workload.DefaultRandFrac)
	if err != nil {
		tb.Fatal(err)
	}
	a, _ := nativemem.Open("goheap")
	v, err := variants.New("control", variants.Options{Alloc: a})
	if err != nil {
		tb.Fatal(err)
	}
	defer v.Close()
	s := newSink(2*len(payload), 1)
	s.worker = v.Worker()
	if err := variantOp()(s, Configs(w, deflate.ZlibNG225)[0], payload, 1); err != nil {
		tb.Fatal(err)
	}
	return bytes.Clone(s.buf)
}
