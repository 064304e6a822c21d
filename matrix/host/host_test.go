package host

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"hash/crc64"
	"io"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/matrix/workload"
	"github.com/deflatelab/deflatelab/nativemem"
	"github.com/deflatelab/deflatelab/variants"
	_ "github.com/deflatelab/deflatelab/variants/control"
	_ "github.com/deflatelab/deflatelab/variants/pooled"
)

func params(w workload.Workload, dop int, phase string, ops, warmup int) Params {
	return Params{Backend: "goheap", Workload: w, DOP: dop, Phase: phase, Ops: ops, Warmup: warmup,
		PayloadSeed: workload.DefaultSeed, PayloadSize: workload.DefaultSize, RandFrac: workload.DefaultRandFrac}
}

func run(t *testing.T, variant string, p Params) Result {
	t.Helper()
	a, err := nativemem.Open(p.Backend)
	if err != nil {
		t.Fatal(err)
	}
	v, err := variants.New(variant, variants.Options{Alloc: a})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(v, p)
	if err != nil {
		t.Fatal(err)
	}
	if err := v.Close(); err != nil {
		t.Fatal(err)
	}
	return r
}

// The digest depends on what was compressed, not on how many goroutines did it, in what order, or by
// which variant: that is what lets the runner compare variants.
func TestDigestIndependentOfScheduling(t *testing.T) {
	mixed := workload.Mixed()
	ref := run(t, "control", params(mixed, 1, Cold, 48, 0))
	for _, tt := range []struct {
		variant string
		p       Params
	}{
		{"control", params(mixed, 3, Cold, 48, 0)},
		{"pooled", params(mixed, 4, Cold, 48, 0)},
		{"pooled", params(mixed, 2, Warm, 48, 30)},
	} {
		r := run(t, tt.variant, tt.p)
		if r.Digest != ref.Digest || r.OutputBytes != ref.OutputBytes {
			t.Errorf("%s dop=%d %s: %d bytes digest %s; control dop=1 cold: %d bytes digest %s",
				tt.variant, tt.p.DOP, tt.p.Phase, r.OutputBytes, r.Digest, ref.OutputBytes, ref.Digest)
		}
	}
	other := run(t, "control", params(mixed, 1, Cold, 47, 0))
	if other.Digest == ref.Digest {
		t.Error("47 and 48 operations gave the same digest")
	}
}

func TestRunResult(t *testing.T) {
	r := run(t, "control", params(workload.Fixed(), 2, Warm, 40, 10))
	if r.Variant != "control" || r.Workload != "fixed" || r.DOP != 2 || r.Phase != Warm || r.Ops != 40 || r.Warmup != 10 || r.Backend != "goheap" {
		t.Errorf("result does not describe the sample: %+v", r)
	}
	if r.ElapsedNs <= 0 || r.OutputBytes <= 0 || len(r.Digest) != 16 {
		t.Errorf("elapsed %d, output %d, digest %q", r.ElapsedNs, r.OutputBytes, r.Digest)
	}
	// control allocates and frees its state per operation; only the measured 40 are counted.
	if r.NativeAllocs < 40 || r.NativeAllocs != r.NativeFrees || r.PoolHits != 0 || r.IdleBytes != 0 {
		t.Errorf("control counters: %d allocs, %d frees, %d hits, %d idle bytes", r.NativeAllocs, r.NativeFrees, r.PoolHits, r.IdleBytes)
	}
	p := run(t, "pooled", params(workload.Fixed(), 1, Warm, 40, 10))
	if p.PoolCapacity != 8 || r.PoolCapacity != 0 {
		t.Errorf("pool capacity: pooled %d, control %d; want 8 (the default) and 0", p.PoolCapacity, r.PoolCapacity)
	}
	if p.PoolHits != 40 || p.NativeAllocs != 0 || p.NativeResets != 40 || p.IdleBytes <= 0 {
		t.Errorf("warm pooled counters: %d hits, %d allocs, %d resets, %d idle bytes", p.PoolHits, p.NativeAllocs, p.NativeResets, p.IdleBytes)
	}
	if r.Env.GOOS == "" || r.Env.GoVersion == "" || r.Env.NumCPU < 1 || r.Env.GOMAXPROCS < 1 {
		t.Errorf("env %+v", r.Env)
	}
}

func TestParamsValidate(t *testing.T) {
	fixed := workload.Fixed()
	tests := []struct {
		p    Params
		want string
	}{
		{params(fixed, 0, Cold, 10, 0), "DOP 0 is outside 1..1024"},
		{params(fixed, MaxDOP+1, Cold, 10, 0), "DOP 1025 is outside 1..1024"},
		{params(fixed, 1, "hot", 10, 0), `phase "hot" is not one of [cold warm]`},
		{params(fixed, 1, Cold, 0, 0), "ops 0 is below 1"},
		{params(fixed, 1, Warm, 10, -1), "warmup -1 is negative"},
		{params(fixed, 1, Cold, 10, 5), "warmup 5 with phase cold"},
		{params(workload.Workload{Name: "empty"}, 1, Cold, 10, 0), `workload "empty" has no configurations`},
	}
	for _, tt := range tests {
		if err := tt.p.Validate(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Validate() = %v, want %q", err, tt.want)
		}
	}
}

// The loop's own code inside the measured region - the shared counter, the configuration, the sink's
// copy and check, the clock and the timeline - must not allocate once the sink's buffers hold the largest
// output: only the variant may.
func TestLoopDoesNotAllocate(t *testing.T) {
	out := make([]byte, 3000)
	l := newLoop(noOp(out), workload.Mixed(), Configs(workload.Mixed(), deflate.ZlibNG225), out, 1)
	var next atomic.Int64
	allocs := testing.AllocsPerRun(20, func() {
		next.Store(0)
		l.work(l.sinks[0], &next, 100, true)
		next.Store(0)
		l.work(l.sinks[0], &next, 10, false)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per 110 operations", allocs)
	}
	if err := l.err(); err != nil {
		t.Fatal(err)
	}
}

// The digest is the sum of every output's CRC-64, whatever the order, whichever configuration index the
// output came under, and whether or not it matched the configuration's first output.
func TestSinkDigestIsASum(t *testing.T) {
	type out struct {
		ci   int
		data string
	}
	tests := []struct {
		name string
		outs []out
	}{
		{"one config", []out{{0, "a"}, {0, "a"}, {0, "a"}}},
		{"two configs", []out{{0, "a"}, {1, "bb"}, {0, "a"}, {1, "bb"}}},
		{"odd output", []out{{0, "a"}, {0, "zz"}, {0, "a"}}},
		{"first output odd", []out{{1, "q"}, {1, "bb"}, {1, "bb"}}},
		{"empty output", []out{{0, ""}, {0, ""}}},
	}
	for _, tt := range tests {
		var want uint64
		var bytes int64
		s := newSink(16, 2)
		for _, o := range tt.outs {
			want += crc64.Checksum([]byte(o.data), crcTable)
			bytes += int64(len(o.data))
			s.Write([]byte(o.data))
			s.finish(o.ci)
		}
		if got := s.digest(); got != want || s.bytes != bytes {
			t.Errorf("%s: digest %x, %d bytes; want %x, %d", tt.name, got, s.bytes, want, bytes)
		}
	}
	// xor would cancel the two "a"s and match {"bb", "ccc"}.
	sum := func(outs ...string) uint64 {
		s := newSink(8, 1)
		for _, o := range outs {
			s.Write([]byte(o))
			s.finish(0)
		}
		return s.digest()
	}
	if sum("a", "bb", "a", "ccc") == sum("bb", "ccc") {
		t.Error("two equal outputs cancelled out")
	}
	if sum("a", "bb", "a", "ccc") != sum("ccc", "a", "a", "bb") {
		t.Error("order changed the digest")
	}
}

// TestStreamOperation: a stream operation is one zlib stream holding the 1,000 random bytes 100 times,
// the same bytes under every variant and DOP, and the result says what was written.
func TestStreamOperation(t *testing.T) {
	w := workload.Stream()
	input, err := w.InputOf(workload.DefaultSeed, workload.DefaultSize, workload.DefaultRandFrac)
	if err != nil {
		t.Fatal(err)
	}
	// The reference: the engine through its Writer, 100 writes, then Close.
	st, err := deflate.New(Configs(w, deflate.ZlibNG225)[0], deflate.GoHeap, deflate.Consolidated)
	if err != nil {
		t.Fatal(err)
	}
	var ref bytes.Buffer
	zw := deflate.NewWriter(&ref, st)
	for range 100 {
		zw.Write(input)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	st.End()
	zr, err := zlib.NewReader(bytes.NewReader(ref.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(plain, bytes.Repeat(input, 100)) {
		t.Fatalf("the reference stream does not decode to 100 copies of the input: %d bytes, %v", len(plain), err)
	}
	const ops = 6
	want := fmt.Sprintf("%016x", uint64(ops)*crc64.Checksum(ref.Bytes(), crcTable))
	for _, tt := range []struct {
		variant string
		p       Params
	}{
		{"control", params(w, 1, Cold, ops, 0)},
		{"pooled", params(w, 2, Warm, ops, 3)},
	} {
		r := run(t, tt.variant, tt.p)
		if r.Workload != "stream" || r.Writes != 100 || r.PayloadSize != 1000 || r.PayloadRandFrac != 1 {
			t.Errorf("%s: result says workload %q, %d writes of %d bytes (random %v); want stream, 100 of 1000 (1)",
				tt.variant, r.Workload, r.Writes, r.PayloadSize, r.PayloadRandFrac)
		}
		if r.OutputBytes != int64(ops*ref.Len()) || r.Digest != want {
			t.Errorf("%s dop %d: %d output bytes, digest %s; want %d and %s", tt.variant, tt.p.DOP, r.OutputBytes, r.Digest, ops*ref.Len(), want)
		}
	}
	if r := run(t, "control", params(workload.Fixed(), 1, Cold, 2, 0)); r.Writes != 1 || r.PayloadSize != workload.DefaultSize {
		t.Errorf("fixed: %d writes of %d bytes, want 1 of %d", r.Writes, r.PayloadSize, workload.DefaultSize)
	}
}
