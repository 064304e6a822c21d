package pooled_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/variants"
	"github.com/deflatelab/deflatelab/variants/pooled"
	"github.com/deflatelab/deflatelab/variants/varianttest"
)

// The pool suite re-runs seed 001's seven focused pool tests, with the native counters the seed lacked.

// defaultStateBytes is zlib-ng 2.2.2's consolidated block at windowBits 15, memLevel 8 (alloc_deflate,
// measured; see shared reference): the idle budget per default state.
const defaultStateBytes = 350336

// newPooled opens a pooled variant over a recorder; cleanup closes it and checks that every block was
// freed exactly once.
func newPooled(t testing.TB, capacity int) (*variants.Variant, *varianttest.Recorder) {
	t.Helper()
	return varianttest.OpenRecorded(t, pooled.Name, variants.Options{PoolCapacity: capacity}, nil)
}

// compressOp is one open-write-close on a fresh buffer; the output must round-trip.
var compressOp = varianttest.CompressChecked

// checkCounters compares the counters a pool test predicts with got.
func checkCounters(t *testing.T, got variants.Counters, allocs, hits, misses, evictions, idle int64) {
	t.Helper()
	if got.NativeAllocs != allocs || got.PoolHits != hits || got.PoolMisses != misses || got.PoolEvictions != evictions || got.IdleStates != idle {
		t.Fatalf("counters %+v; want allocs %d, hits %d, misses %d, evictions %d, idle %d", got, allocs, hits, misses, evictions, idle)
	}
}

func TestSequentialReuse(t *testing.T) {
	v, _ := newPooled(t, 0)
	cfg, payload := deflate.DefaultConfig(), varianttest.Payload()
	first := compressOp(t, v, cfg, payload)
	second := compressOp(t, v, cfg, payload)
	if !bytes.Equal(first, second) {
		t.Fatal("the reused state produced other bytes than the fresh one")
	}
	c := v.Counters()
	checkCounters(t, c, 1, 1, 1, 0, 1)
	if c.Resets != 2 || c.NativeFrees != 0 {
		t.Fatalf("counters %+v: want 2 resets (one per return) and no frees", c)
	}
}

func TestSettingsSeparation(t *testing.T) {
	base := deflate.DefaultConfig()
	payload := varianttest.Payload()
	for _, tt := range varianttest.OneFieldApart() {
		t.Run(tt.Name, func(t *testing.T) {
			v, _ := newPooled(t, 0)
			compressOp(t, v, base, payload)
			compressOp(t, v, tt.Other, payload) // must not take base's idle state
			checkCounters(t, v.Counters(), 2, 0, 2, 0, 2)
			compressOp(t, v, base, payload)
			compressOp(t, v, tt.Other, payload)
			checkCounters(t, v.Counters(), 2, 2, 2, 0, 2)
		})
	}
}

// distinctConfigs returns n configurations with pairwise different pool keys.
func distinctConfigs(n int) []deflate.Config {
	var out []deflate.Config
	for _, cfg := range varianttest.AllConfigs() {
		if len(out) == n {
			break
		}
		out = append(out, cfg)
	}
	return out
}

func TestReplacementRotates(t *testing.T) {
	v, _ := newPooled(t, pooled.DefaultCapacity)
	payload := varianttest.Payload()
	keys := distinctConfigs(pooled.DefaultCapacity + 1)
	for _, cfg := range keys {
		compressOp(t, v, cfg, payload)
	}
	// The ninth return found the pool full and replaced slot 0: keys[0]'s state.
	checkCounters(t, v.Counters(), 9, 0, 9, 1, 8)
	for _, cfg := range keys[1:] {
		compressOp(t, v, cfg, payload)
	}
	checkCounters(t, v.Counters(), 9, 8, 9, 1, 8)
	compressOp(t, v, keys[0], payload) // evicted: a miss, whose return replaces slot 1 (keys[1])
	checkCounters(t, v.Counters(), 10, 8, 10, 2, 8)
	compressOp(t, v, keys[1], payload)
	checkCounters(t, v.Counters(), 11, 8, 11, 3, 8)
}

// TestCyclingTwelveKeys is the seed's known limitation: the mixed workload's twelve configurations cycle
// through eight slots, so with rotating replacement every operation misses and every return evicts -
// and nothing leaks.
func TestCyclingTwelveKeys(t *testing.T) {
	v, rec := newPooled(t, 0)
	payload := varianttest.Payload()
	var mixed []deflate.Config
	for _, level := range []int{0, 1, 6, 9} {
		for _, wbits := range []int{-15, 15, 31} {
			mem := 8
			if level == 0 {
				mem = 7 // .NET's NoCompression
			}
			mixed = append(mixed, deflate.Config{Level: level, WindowBits: wbits, MemLevel: mem})
		}
	}
	const rounds = 4
	for range rounds {
		for _, cfg := range mixed {
			compressOp(t, v, cfg, payload)
		}
	}
	ops := int64(rounds * len(mixed))
	c := v.Counters()
	checkCounters(t, c, ops, 0, ops, ops-pooled.DefaultCapacity, pooled.DefaultCapacity)
	if live := c.NativeAllocs - c.NativeFrees; live != c.IdleStates {
		t.Fatalf("%d states live, %d idle: a state leaked", live, c.IdleStates)
	}
	if got := int64(rec.LiveBytes()); got != c.IdleBytes {
		t.Fatalf("recorder holds %d live bytes, IdleBytes says %d", got, c.IdleBytes)
	}
}

// TestSimultaneousOwnership keeps more compressors of one key open than the pool holds, half of them
// served from the pool: no two may share a state (distinct window addresses), and each stream, written
// interleaved with the others and carrying its own canary, must decode to its own input.
func TestSimultaneousOwnership(t *testing.T) {
	v, _ := newPooled(t, 0)
	cfg := deflate.DefaultConfig()
	payload := varianttest.Payload()
	fillPool(t, v, cfg) // the first DefaultCapacity opens below are hits, the rest misses
	const live = pooled.DefaultCapacity + 2
	comps := make([]variants.Compressor, live)
	outs := make([]bytes.Buffer, live)
	inputs := make([][]byte, live)
	windows := map[uintptr]int{}
	for i := range comps {
		c, err := v.Open(&outs[i], cfg)
		if err != nil {
			t.Fatal(err)
		}
		comps[i] = c
		regions, err := c.Regions()
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range regions {
			if r.Region == deflate.WindowRegion {
				if j, dup := windows[r.Addr]; dup {
					t.Fatalf("compressors %d and %d share the state at %#x", j, i, r.Addr)
				}
				windows[r.Addr] = i
			}
		}
		inputs[i] = append([]byte(fmt.Sprintf("canary %d|", i)), payload...)
	}
	for chunk := 0; chunk < len(inputs[0]); chunk += 1000 {
		for i, c := range comps {
			if _, err := c.Write(inputs[i][chunk:min(chunk+1000, len(inputs[i]))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i, c := range comps {
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
		if err := varianttest.CheckRoundTrip(cfg, outs[i].Bytes(), inputs[i]); err != nil {
			t.Fatalf("compressor %d: %v", i, err)
		}
	}
	checkCounters(t, v.Counters(), live, pooled.DefaultCapacity, live, live-pooled.DefaultCapacity, pooled.DefaultCapacity)
}

func TestReuseAfterDestinationFailure(t *testing.T) {
	v, _ := newPooled(t, 0)
	cfg := deflate.DefaultConfig()
	payload := varianttest.Payload()
	want := compressOp(t, v, cfg, payload)

	if err := varianttest.Compress(v, varianttest.FailingWriter{}, cfg, payload); !errors.Is(err, varianttest.ErrDestination) {
		t.Fatalf("write and close into a failing destination: %v, want the destination's error", err)
	}
	checkCounters(t, v.Counters(), 1, 1, 1, 0, 1) // the state went back to the pool
	got := compressOp(t, v, cfg, payload)         // and its next user gets a clean stream
	if !bytes.Equal(got, want) {
		t.Fatal("the state reused after a destination failure produced other bytes")
	}
	checkCounters(t, v.Counters(), 1, 2, 1, 0, 1)
}

func TestConcurrentRentReturn(t *testing.T) {
	v, rec := newPooled(t, 0)
	payload := varianttest.Payload()
	keys := distinctConfigs(3)
	const goroutines, opsEach = 16, 40
	var wg sync.WaitGroup
	var verified atomic.Int64 // outputs that round-tripped
	errs := make(chan error, goroutines)
	for g := range goroutines {
		wg.Go(func() {
			for i := range opsEach {
				cfg := keys[(g+i)%len(keys)]
				var buf bytes.Buffer
				in := payload[(g*opsEach+i)%len(payload):]
				if err := varianttest.Compress(v, &buf, cfg, in); err != nil {
					errs <- err
					return
				}
				if err := varianttest.CheckRoundTrip(cfg, buf.Bytes(), in); err != nil {
					errs <- fmt.Errorf("goroutine %d op %d: %w", g, i, err)
					return
				}
				verified.Add(1)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	c := v.Counters()
	if c.PoolHits+c.PoolMisses != goroutines*opsEach || c.Resets != goroutines*opsEach {
		t.Fatalf("counters %+v: want %d opens and resets", c, goroutines*opsEach)
	}
	if live := c.NativeAllocs - c.NativeFrees; live != c.IdleStates || c.IdleStates > pooled.DefaultCapacity {
		t.Fatalf("counters %+v: %d states live after every compressor closed", c, live)
	}
	if got := int64(rec.LiveBytes()); got != c.IdleBytes {
		t.Fatalf("recorder holds %d live bytes, IdleBytes says %d", got, c.IdleBytes)
	}
	t.Logf("%d goroutines x %d ops: %d outputs round-tripped; %d hits, %d misses, %d evictions",
		goroutines, opsEach, verified.Load(), c.PoolHits, c.PoolMisses, c.PoolEvictions)
	if verified.Load() != goroutines*opsEach {
		t.Fatalf("%d of %d outputs round-tripped", verified.Load(), goroutines*opsEach)
	}
}

// TestCleanupIsUnconditional closes the variant while compressors are still open: idle states are freed
// at once, the open ones when they close, and nothing can be opened afterwards.
func TestCleanupIsUnconditional(t *testing.T) {
	v, rec := newPooled(t, 0)
	cfg := deflate.DefaultConfig()
	payload := varianttest.Payload()
	for _, other := range distinctConfigs(3) {
		compressOp(t, v, other, payload)
	}
	if err := varianttest.CloseWithOneOpen(v, v, rec, cfg, payload); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := v.Open(&buf, cfg); !errors.Is(err, variants.ErrClosed) {
		t.Fatalf("Open after Close = %v, want ErrClosed", err)
	}
}

// TestIdleBudgetAtCapacity measures the idle memory the seed estimated at "about 2.6 MiB": eight idle
// default states hold exactly eight consolidated blocks.
func TestIdleBudgetAtCapacity(t *testing.T) {
	v, rec := newPooled(t, 0)
	fillPool(t, v, deflate.DefaultConfig())
	c := v.Counters()
	want := int64(pooled.DefaultCapacity * defaultStateBytes)
	if c.IdleStates != pooled.DefaultCapacity || c.IdleBytes != want {
		t.Fatalf("idle %d states, %d bytes; want %d states, %d bytes", c.IdleStates, c.IdleBytes, pooled.DefaultCapacity, want)
	}
	if got := int64(rec.LiveBytes()); got != want {
		t.Fatalf("the allocator holds %d bytes for the idle pool, want %d", got, want)
	}
	t.Logf("idle budget at capacity %d: %d bytes (%.2f MiB)", pooled.DefaultCapacity, c.IdleBytes, float64(c.IdleBytes)/(1<<20))
}

// TestSteadyStateAllocatesNothing: once a state is idle, an open-write-close makes no Go heap allocation
// and no native one (sync.Pool drops items at random under the race detector, so it is skipped there).
func TestSteadyStateAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items at random under -race")
	}
	v, _ := newPooled(t, 0)
	cfg := deflate.DefaultConfig()
	payload := varianttest.Payload()
	var sink varianttest.Discard
	op := func() {
		if err := varianttest.Compress(v, &sink, cfg, payload); err != nil {
			t.Fatal(err)
		}
	}
	op()
	before := v.Counters()
	if allocs := testing.AllocsPerRun(100, op); allocs != 0 {
		t.Errorf("%v Go allocations per pooled operation, want 0", allocs)
	}
	if after := v.Counters(); after.NativeAllocs != before.NativeAllocs {
		t.Errorf("%d native allocations in steady state, want 0", after.NativeAllocs-before.NativeAllocs)
	}
}

// fillPool opens DefaultCapacity compressors of cfg at once and closes them all, leaving as many idle
// states.
func fillPool(t *testing.T, v *variants.Variant, cfg deflate.Config) {
	t.Helper()
	comps := make([]variants.Compressor, pooled.DefaultCapacity)
	for i := range comps {
		c, err := v.Open(io.Discard, cfg)
		if err != nil {
			t.Fatal(err)
		}
		comps[i] = c
	}
	for _, c := range comps {
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCapacityOption: Options.PoolCapacity bounds the idle states, for experiments other than the seed's.
func TestCapacityOption(t *testing.T) {
	payload := varianttest.Payload()
	for _, capacity := range []int{1, 3, 16} {
		t.Run(fmt.Sprint(capacity), func(t *testing.T) {
			v, _ := newPooled(t, capacity)
			n := int64(capacity + 1)
			for _, cfg := range distinctConfigs(capacity + 1) {
				compressOp(t, v, cfg, payload)
			}
			checkCounters(t, v.Counters(), n, 0, n, 1, int64(capacity))
		})
	}
}

// TestReturnDropsTheDestination: once a compressor is closed, neither the pooled state nor the recycled
// Go-side session may keep the caller's destination alive (the seed cleared I/O pointers before pooling).
func TestReturnDropsTheDestination(t *testing.T) {
	v, _ := newPooled(t, 0)
	cfg := deflate.DefaultConfig()
	collected := make(chan struct{})
	func() {
		dst := &bytes.Buffer{}
		runtime.AddCleanup(dst, func(ch chan struct{}) { close(ch) }, collected)
		if err := varianttest.Compress(v, dst, cfg, varianttest.Payload()); err != nil {
			t.Fatal(err)
		}
	}()
	// One collection only: sync.Pool keeps the recycled session through the first GC (in its victim
	// cache), so a session still pointing at dst would keep it alive past this one.
	runtime.GC()
	select {
	case <-collected:
	case <-time.After(2 * time.Second):
		t.Fatal("the destination of a closed compressor survived a collection: something still references it")
	}
	if c := v.Counters(); c.IdleStates != 1 {
		t.Fatalf("counters %+v: the state should be idle in the pool", c)
	}
}

// TestCloseWhileWorking closes the pool while workers are mid-operation (varianttest.CloseWhileWorking);
// newPooled's cleanup checks that every block was freed exactly once.
func TestCloseWhileWorking(t *testing.T) {
	v, _ := newPooled(t, 0)
	if err := varianttest.CloseWhileWorking(v, varianttest.HarnessConfigs()[:2], varianttest.Payload()[:2000]); err != nil {
		t.Fatal(err)
	}
}
