package reuse_test

import (
	"bytes"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/nativemem"
	"github.com/deflatelab/deflatelab/variants"
	"github.com/deflatelab/deflatelab/variants/reuse"
	"github.com/deflatelab/deflatelab/variants/varianttest"
)

// The reuse suite is the pool's, for owned states: settings separation, a failed creation or Reset keeps
// nothing, cleanup frees every block exactly once, concurrent workers never share a state, and a warm
// operation allocates nothing.

// defaultStateBytes is zlib-ng's consolidated block at windowBits 15, memLevel 8 (pooled's suite measures
// it): the idle budget per default state.
const defaultStateBytes = 350336

// newReuse opens a reuse variant over a recorder (wrapped by wrap, when set); cleanup closes it and
// checks that every block was freed exactly once.
func newReuse(t testing.TB, wrap func(deflate.Allocator) deflate.Allocator) (*variants.Variant, *varianttest.Recorder) {
	t.Helper()
	return varianttest.OpenRecorded(t, reuse.Name, variants.Options{}, wrap)
}

// compressOp is one open-write-close on a fresh buffer; the output must round-trip.
var compressOp = varianttest.CompressChecked

// checkCounters compares the counters a test predicts with got.
func checkCounters(t *testing.T, got variants.Counters, allocs, frees, hits, misses, idle int64) {
	t.Helper()
	if got.NativeAllocs != allocs || got.NativeFrees != frees || got.PoolHits != hits || got.PoolMisses != misses || got.IdleStates != idle {
		t.Fatalf("counters %+v; want allocs %d, frees %d, hits %d, misses %d, idle %d", got, allocs, frees, hits, misses, idle)
	}
	if got.PoolCapacity != 0 || got.PoolEvictions != 0 || !got.Reusing {
		t.Fatalf("counters %+v: reuse has no capacity and evicts nothing, and it reuses", got)
	}
}

// windowOf is the address of an open compressor's window: which state it holds.
func windowOf(t *testing.T, c variants.Compressor) uintptr {
	t.Helper()
	regions, err := c.Regions()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range regions {
		if r.Region == deflate.WindowRegion {
			return r.Addr
		}
	}
	t.Fatal("no window region")
	return 0
}

func TestWorkerReusesItsState(t *testing.T) {
	v, rec := newReuse(t, nil)
	w := v.Worker()
	cfg, payload := deflate.DefaultConfig(), varianttest.Payload()
	first := compressOp(t, w, cfg, payload)
	second := compressOp(t, w, cfg, payload)
	if !bytes.Equal(first, second) {
		t.Fatal("the reset state produced other bytes than the fresh one")
	}
	c := v.Counters()
	checkCounters(t, c, 1, 0, 1, 1, 1)
	if c.Resets != 2 || c.IdleBytes != defaultStateBytes || int64(rec.LiveBytes()) != c.IdleBytes {
		t.Fatalf("counters %+v, allocator holds %d bytes: want 2 resets and one idle default state of %d bytes",
			c, rec.LiveBytes(), defaultStateBytes)
	}
}

// TestOpenWithoutWorker: a compressor opened on the Variant has no owner, so its state is created and
// ended, as a DeflateStream built without an encoder.
func TestOpenWithoutWorker(t *testing.T) {
	v, _ := newReuse(t, nil)
	cfg, payload := deflate.DefaultConfig(), varianttest.Payload()
	compressOp(t, v, cfg, payload)
	compressOp(t, v, cfg, payload)
	checkCounters(t, v.Counters(), 2, 2, 0, 2, 0)
}

func TestSettingsSeparation(t *testing.T) {
	base := deflate.DefaultConfig()
	payload := varianttest.Payload()
	for _, tt := range varianttest.OneFieldApart() {
		t.Run(tt.Name, func(t *testing.T) {
			v, _ := newReuse(t, nil)
			w := v.Worker()
			window := map[deflate.Config]uintptr{}
			for round := range 2 {
				for _, cfg := range []deflate.Config{base, tt.Other} {
					var buf bytes.Buffer
					c, err := w.Open(&buf, cfg)
					if err != nil {
						t.Fatal(err)
					}
					addr := windowOf(t, c)
					if round == 0 {
						window[cfg] = addr
					} else if addr != window[cfg] {
						t.Errorf("round 2, %v: window at %#x, want its own state's %#x", cfg, addr, window[cfg])
					}
					if _, err := c.Write(payload); err != nil {
						t.Fatal(err)
					}
					if err := c.Close(); err != nil {
						t.Fatal(err)
					}
					if err := varianttest.CheckRoundTrip(cfg, buf.Bytes(), payload); err != nil {
						t.Fatal(err)
					}
				}
			}
			if window[base] == window[tt.Other] {
				t.Fatalf("%v and %v ran on the same state", base, tt.Other)
			}
			checkCounters(t, v.Counters(), 2, 0, 2, 2, 2)
		})
	}
}

// TestFailedCreationKeepsNothing: a worker whose state creation fails (nativemem.Failing refuses the
// second state's block) gets the error, holds nothing for that configuration, leaks nothing, and creates
// the state at its next open.
func TestFailedCreationKeepsNothing(t *testing.T) {
	v, _ := newReuse(t, func(a deflate.Allocator) deflate.Allocator { return nativemem.NewFailing(a, 2) })
	w := v.Worker()
	payload := varianttest.Payload()
	a, b := deflate.DefaultConfig(), deflate.Config{Level: 1, WindowBits: 15, MemLevel: 8}
	compressOp(t, w, a, payload)
	if err := varianttest.Compress(w, &varianttest.Discard{}, b, payload); !errors.Is(err, nativemem.ErrInjected) {
		t.Fatalf("open with the allocation refused: %v, want ErrInjected", err)
	}
	c := v.Counters()
	if live := c.NativeAllocs - c.NativeFrees; live != 1 || c.IdleStates != 1 {
		t.Fatalf("counters %+v: want a's state alone live and idle", c)
	}
	compressOp(t, w, b, payload)
	compressOp(t, w, b, payload)
	c = v.Counters()
	if c.IdleStates != 2 || c.PoolHits != 1 || c.PoolMisses != 3 {
		t.Fatalf("counters %+v: want b's state created once at the next open, then reused", c)
	}
}

// TestDestinationFailure: a compressor whose destination failed still hands its state back, and the
// next operation on it writes a clean stream.
func TestDestinationFailure(t *testing.T) {
	v, _ := newReuse(t, nil)
	w := v.Worker()
	cfg, payload := deflate.DefaultConfig(), varianttest.Payload()
	want := compressOp(t, w, cfg, payload)
	if err := varianttest.Compress(w, varianttest.FailingWriter{}, cfg, payload); !errors.Is(err, varianttest.ErrDestination) {
		t.Fatalf("write and close into a failing destination: %v, want the destination's error", err)
	}
	if got := compressOp(t, w, cfg, payload); !bytes.Equal(got, want) {
		t.Fatal("the state reused after a destination failure produced other bytes")
	}
	checkCounters(t, v.Counters(), 1, 0, 2, 1, 1)
}

// TestTwoOpenAtOnce: a worker with two compressors of one configuration open keeps one state and ends
// the other when both return: one per configuration.
func TestTwoOpenAtOnce(t *testing.T) {
	v, _ := newReuse(t, nil)
	w := v.Worker()
	cfg, payload := deflate.DefaultConfig(), varianttest.Payload()
	compressOp(t, w, cfg, payload)
	var b1, b2 bytes.Buffer
	c1, err := w.Open(&b1, cfg)
	if err != nil {
		t.Fatal(err)
	}
	c2, err := w.Open(&b2, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if windowOf(t, c1) == windowOf(t, c2) {
		t.Fatal("two open compressors share a state")
	}
	for _, c := range []variants.Compressor{c1, c2} {
		if _, err := c.Write(payload); err != nil {
			t.Fatal(err)
		}
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
	checkCounters(t, v.Counters(), 2, 1, 1, 2, 1)
}

// TestCleanup closes the variant with states idle in several workers and one compressor open: the idle
// ones are freed at once, the open one when it closes, each block exactly once (newReuse's cleanup), and
// nothing opens afterwards.
func TestCleanup(t *testing.T) {
	v, rec := newReuse(t, nil)
	payload := varianttest.Payload()
	cfgs := varianttest.HarnessConfigs()[:3]
	ws := []*variants.Worker{v.Worker(), v.Worker(), v.Worker()}
	for _, w := range ws {
		for _, cfg := range cfgs {
			compressOp(t, w, cfg, payload)
		}
	}
	if c := v.Counters(); c.IdleStates != int64(len(ws)*len(cfgs)) || int64(rec.LiveBytes()) != c.IdleBytes {
		t.Fatalf("counters %+v, allocator holds %d bytes: want %d idle states holding every live byte", c, rec.LiveBytes(), len(ws)*len(cfgs))
	}
	if err := varianttest.CloseWithOneOpen(v, ws[0], rec, cfgs[0], payload); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	for _, o := range []variants.Opener{v, ws[1]} {
		if _, err := o.Open(&buf, cfgs[0]); !errors.Is(err, variants.ErrClosed) {
			t.Fatalf("Open after Close = %v, want ErrClosed", err)
		}
	}
}

// TestConcurrentWorkersNeverShare: goroutines, each with its own worker, compress the same
// configurations at once. Each marks the state it runs on with its number; a state that carries another
// goroutine's mark would be shared. Every output round-trips and each worker creates exactly one state
// per configuration. Under -race (the race set) the detector also watches every access.
func TestConcurrentWorkersNeverShare(t *testing.T) {
	v, rec := newReuse(t, nil)
	payload := varianttest.Payload()
	cfgs := varianttest.HarnessConfigs()[:3]
	const goroutines, opsEach = 8, 30
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for g := range goroutines {
		w := v.Worker()
		wg.Go(func() {
			for i := range opsEach {
				cfg := cfgs[(g+i)%len(cfgs)]
				in := payload[(g*opsEach+i)%len(payload):]
				var buf bytes.Buffer
				c, err := w.Open(&buf, cfg)
				if err != nil {
					errs <- err
					return
				}
				if prev, _ := c.SwapMark(int64(g + 1)); prev != 0 && prev != int64(g+1) {
					errs <- fmt.Errorf("goroutine %d op %d: state last used by goroutine %d", g, i, prev-1)
				}
				_, werr := c.Write(in)
				if err := errors.Join(werr, c.Close()); err != nil {
					errs <- err
					return
				}
				if err := varianttest.CheckRoundTrip(cfg, buf.Bytes(), in); err != nil {
					errs <- fmt.Errorf("goroutine %d op %d: %w", g, i, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	c := v.Counters()
	states := int64(goroutines * len(cfgs))
	checkCounters(t, c, states, 0, goroutines*opsEach-states, states, states)
	if got := int64(rec.LiveBytes()); got != c.IdleBytes {
		t.Fatalf("the allocator holds %d live bytes, IdleBytes says %d", got, c.IdleBytes)
	}
}

// TestCloseWhileWorking closes the variant while workers are mid-operation (varianttest.CloseWhileWorking);
// newReuse's cleanup checks that every block was freed exactly once.
func TestCloseWhileWorking(t *testing.T) {
	v, _ := newReuse(t, nil)
	if err := varianttest.CloseWhileWorking(v, varianttest.HarnessConfigs()[:2], varianttest.Payload()[:2000]); err != nil {
		t.Fatal(err)
	}
}

// TestWarmAllocatesNothing: once a worker has met every configuration of the mixed workload's twelve, an
// open-write-close of any of them makes no native allocation and no Go heap allocation (sync.Pool drops
// items at random under the race detector, so the Go count is skipped there).
func TestWarmAllocatesNothing(t *testing.T) {
	v, _ := newReuse(t, nil)
	w := v.Worker()
	cfgs := varianttest.AllConfigs()[:12]
	payload := varianttest.Payload()
	var sink varianttest.Discard
	i := 0
	op := func() {
		if err := varianttest.Compress(w, &sink, cfgs[i%len(cfgs)], payload); err != nil {
			t.Fatal(err)
		}
		i++
	}
	for range cfgs {
		op()
	}
	before := v.Counters()
	allocs := testing.AllocsPerRun(120, op)
	after := v.Counters()
	if d := after.Sub(before); d.NativeAllocs != 0 || d.NativeFrees != 0 || d.PoolMisses != 0 {
		t.Errorf("warm over %d configurations: %+v, want no native allocation, free or miss", len(cfgs), d)
	}
	if !raceEnabled && allocs != 0 {
		t.Errorf("%v Go allocations per warm operation, want 0", allocs)
	}
}
