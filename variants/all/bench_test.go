package all_test

import (
	"testing"

	kflate "github.com/klauspost/compress/flate"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/nativemem"
	"github.com/deflatelab/deflatelab/variants"
	"github.com/deflatelab/deflatelab/variants/varianttest"
)

// BenchmarkOpenWriteClose is one short-lived compressor per operation - open, write the seeds' 5,000-byte
// payload, close - for every variant on every backend of this build, at .NET's DeflateStream default
// (raw, level 6, memLevel 8). variant=klauspost-reset is the Go reference: klauspost/compress's raw
// flate writer at level 6, reused through Reset (its state is Go heap memory, hence backend=goheap).
// nativeallocs/op counts blocks obtained from the backend (klauspost has no backend, so no such metric);
// outbytes/op is the compressed size, so that speed is compared at the compression it buys;
// one warm-up operation precedes timing, so the pooled variant is measured in its steady state.
func BenchmarkOpenWriteClose(b *testing.B) {
	payload := varianttest.Payload()
	cfg := deflate.DefaultConfig()
	for _, name := range variants.Names() {
		for _, backend := range nativemem.Available() {
			b.Run("variant="+name+"/backend="+backend, func(b *testing.B) {
				benchVariant(b, name, backend, cfg, payload)
			})
		}
	}
	b.Run("variant=klauspost-reset/backend=goheap", func(b *testing.B) {
		var dst varianttest.Discard
		w, err := kflate.NewWriter(&dst, cfg.Level)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		b.SetBytes(int64(len(payload)))
		ops := 0
		for b.Loop() {
			ops++
			w.Reset(&dst)
			if _, err := w.Write(payload); err != nil {
				b.Fatal(err)
			}
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(dst.N)/float64(ops), "outbytes/op")
	})
}

// BenchmarkOpenClose is the state's share of an operation alone: open and close a compressor with
// nothing written (an empty stream), so that getting and giving back the native state - New and End, or
// a pool hit and Reset - is all that is measured.
func BenchmarkOpenClose(b *testing.B) {
	cfg := deflate.DefaultConfig()
	for _, name := range variants.Names() {
		for _, backend := range nativemem.Available() {
			b.Run("variant="+name+"/backend="+backend, func(b *testing.B) {
				benchVariant(b, name, backend, cfg, nil)
			})
		}
	}
}

// benchVariant times open-write-close of payload (none when nil) on one variant and backend.
func benchVariant(b *testing.B, name, backend string, cfg deflate.Config, payload []byte) {
	alloc, err := nativemem.Open(backend)
	if err != nil {
		b.Fatal(err)
	}
	v, err := variants.New(name, variants.Options{Alloc: alloc})
	if err != nil {
		b.Fatal(err)
	}
	defer func() {
		if err := v.Close(); err != nil {
			b.Error(err)
		}
	}()
	var dst varianttest.Discard
	op := func() {
		if err := varianttest.Compress(v, &dst, cfg, payload); err != nil {
			b.Fatal(err)
		}
	}
	op()
	before, out0 := v.Counters(), dst.N
	b.ReportAllocs()
	if len(payload) > 0 {
		b.SetBytes(int64(len(payload)))
	}
	ops := 0
	for b.Loop() {
		op()
		ops++
	}
	after := v.Counters()
	b.ReportMetric(float64(after.NativeAllocs-before.NativeAllocs)/float64(ops), "nativeallocs/op")
	b.ReportMetric(float64(dst.N-out0)/float64(ops), "outbytes/op")
}
