package all_test

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/nativemem"
	"github.com/deflatelab/deflatelab/variants/control"
	"github.com/deflatelab/deflatelab/variants/splitalloc"
	"github.com/deflatelab/deflatelab/variants/varianttest"
)

// The contract harness re-runs seed 000's session-local C harness against the engine, for the two layouts
// the unpooled variants use. It drives deflate.State directly, as the seed drove deflateInit2 and
// deflateCopy, with every block going through a varianttest.Recorder over a nativemem.Guard.

// seedHarnessConfigs is how many configurations seed 000's harness passed; ours must not run fewer.
const seedHarnessConfigs = 162

// alignment is zlib-ng's region alignment (PAD_64).
const alignment = 64

var harnessSubjects = []struct {
	name   string
	layout deflate.Layout
}{
	{"control", control.Layout},
	{"splitalloc-forced", splitalloc.Layout(true)},
}

func TestContractHarness(t *testing.T) {
	cfgs := varianttest.HarnessConfigs()
	passed := 0
	for _, sub := range harnessSubjects {
		for _, cfg := range cfgs {
			if t.Run(sub.name+"/"+cfg.String(), func(t *testing.T) { checkContract(t, sub.layout, cfg) }) {
				passed++
			}
		}
	}
	want := len(harnessSubjects) * len(cfgs)
	t.Logf("contract harness: %d of %d configurations passed every check (%d layouts x %d configs; seed ran %d)",
		passed, want, len(harnessSubjects), len(cfgs), seedHarnessConfigs)
	if passed != want || want < seedHarnessConfigs {
		t.Errorf("contract harness passed %d configurations, want all %d and at least %d", passed, want, seedHarnessConfigs)
	}
}

// TestContractOnEveryBackend runs the lifecycle checks (block shapes, region alignment and placement,
// Reset, Copy, frees and their order) on every native backend of this build: the harness above uses the
// Go heap, whose blocks happen to be page aligned; native heaps hand out 16-byte aligned blocks.
func TestContractOnEveryBackend(t *testing.T) {
	payload := varianttest.Payload()
	cfgs := []deflate.Config{deflate.DefaultConfig(), {Level: 9, WindowBits: 31, MemLevel: 9}, {Level: 1, WindowBits: 9, MemLevel: 1}}
	backends := nativemem.Available()
	passed := 0
	for _, backend := range backends {
		for _, sub := range harnessSubjects {
			for _, cfg := range cfgs {
				ok := t.Run(backend+"/"+sub.name+"/"+cfg.String(), func(t *testing.T) {
					rec, err := varianttest.NewBackendRecorder(backend)
					if err != nil {
						t.Fatal(err)
					}
					checkLifecycleWith(t, rec, sub.layout, cfg, sub.layout.Plan(cfg), payload)
				})
				if ok {
					passed++
				}
			}
		}
	}
	want := len(backends) * len(harnessSubjects) * len(cfgs)
	t.Logf("contract on backends %v: %d of %d configurations passed", backends, passed, want)
	if passed != want {
		t.Errorf("%d of %d backend configurations passed", passed, want)
	}
}

// checkContract runs every property of the seed's harness for one layout and configuration.
func checkContract(t *testing.T, layout deflate.Layout, cfg deflate.Config) {
	plan := layout.Plan(cfg)
	payload := varianttest.Payload()
	for _, during := range []string{"New", "Copy"} {
		for k := 1; k <= 2; k++ {
			t.Run(fmt.Sprintf("fail=%s/alloc=%d", during, k), func(t *testing.T) {
				checkAllocFailure(t, layout, cfg, during, k, payload)
			})
		}
	}
	t.Run("lifecycle", func(t *testing.T) { checkLifecycle(t, layout, cfg, plan, payload) })
	t.Run("end-pending", func(t *testing.T) { checkEndWithPendingOutput(t, layout, cfg, plan, payload) })
	t.Run("end-after-failed-write", func(t *testing.T) { checkEndAfterFailedWrite(t, layout, cfg, plan, payload) })
}

// checkAllocFailure refuses the k-th allocation of New or Copy: the operation must return the error and
// free what it had allocated; an operation that makes fewer than k allocations must succeed. Either way
// the source state stays usable and everything is freed once at the end.
func checkAllocFailure(t *testing.T, layout deflate.Layout, cfg deflate.Config, during string, k int, payload []byte) {
	rec := varianttest.NewGoHeapRecorder()
	defer assertClean(t, rec)
	blocks := len(layout.Plan(cfg).Blocks)
	if during == "New" {
		mark := rec.Mark()
		rec.FailAfter(k)
		st, err := deflate.New(cfg, rec, layout)
		if k > blocks {
			if err != nil {
				t.Fatalf("New with %d blocks failed when allocation %d was refused: %v", blocks, k, err)
			}
			if err := st.End(); err != nil {
				t.Fatal(err)
			}
			return
		}
		if !errors.Is(err, varianttest.ErrRefused) || st != nil {
			t.Fatalf("New with allocation %d refused = (%v, %v), want (nil, the refusal)", k, st, err)
		}
		ev := rec.Since(mark)
		if len(ev) != 2*(k-1) {
			t.Fatalf("after refusing allocation %d of New: events %v, want %d allocs each freed", k, ev, k-1)
		}
		return
	}
	st, err := deflate.New(cfg, rec, layout)
	if err != nil {
		t.Fatal(err)
	}
	head, err := deflateAll(st, payload[:len(payload)/2], deflate.NoFlush)
	if err != nil {
		t.Fatal(err)
	}
	rec.FailAfter(k)
	cp, err := st.Copy()
	rec.FailAfter(0)
	switch {
	case k > blocks && err != nil:
		t.Fatalf("Copy with %d blocks failed when allocation %d was refused: %v", blocks, k, err)
	case k > blocks:
		if err := cp.End(); err != nil {
			t.Fatal(err)
		}
	case !errors.Is(err, varianttest.ErrRefused) || cp != nil:
		t.Fatalf("Copy with allocation %d refused = (%v, %v), want (nil, the refusal)", k, cp, err)
	}
	// The source survives a failed copy: finishing it still gives the whole payload back.
	tail, err := deflateAll(st, payload[len(payload)/2:], deflate.Finish)
	if err != nil {
		t.Fatal(err)
	}
	if err := varianttest.CheckRoundTrip(cfg, append(head, tail...), payload); err != nil {
		t.Fatal(err)
	}
	if err := st.End(); err != nil {
		t.Fatal(err)
	}
}

// checkLifecycle follows one state through New, Reset, round trips, Copy, End of the source and of the
// copy, checking block shapes, region placement, frees and their order.
func checkLifecycle(t *testing.T, layout deflate.Layout, cfg deflate.Config, plan deflate.Plan, payload []byte) {
	checkLifecycleWith(t, varianttest.NewGoHeapRecorder(), layout, cfg, plan, payload)
}

func checkLifecycleWith(t *testing.T, rec *varianttest.Recorder, layout deflate.Layout, cfg deflate.Config, plan deflate.Plan, payload []byte) {
	defer assertClean(t, rec)

	mark := rec.Mark()
	st, err := deflate.New(cfg, rec, layout)
	if err != nil {
		t.Fatal(err)
	}
	ids := assertAllocated(t, "New", rec.Since(mark), plan)
	if got := st.Plan(); !reflect.DeepEqual(got, plan) {
		t.Fatalf("State.Plan() = %+v, want the layout's %+v", got, plan)
	}
	if got := st.BlockBytes(); got != plan.TotalBytes() {
		t.Fatalf("BlockBytes() = %d, want %d", got, plan.TotalBytes())
	}
	assertRegions(t, rec, st, plan, ids)

	// Round trip, then Reset (no allocation, no free) and the same bytes again.
	first := compressWhole(t, st, payload)
	if err := varianttest.CheckRoundTrip(cfg, first, payload); err != nil {
		t.Fatal(err)
	}
	mark = rec.Mark()
	if err := st.Reset(); err != nil {
		t.Fatal(err)
	}
	if ev := rec.Since(mark); len(ev) != 0 {
		t.Fatalf("Reset touched the allocator: %v", ev)
	}
	if again := compressWhole(t, st, payload); !bytes.Equal(again, first) {
		t.Fatalf("after Reset the output differs (%d bytes, first run %d)", len(again), len(first))
	}
	if err := st.Reset(); err != nil {
		t.Fatal(err)
	}
	// The reference for the copy: the same two calls without a copy (stored blocks follow the calls, so
	// an uninterrupted single call is not the reference at level 0).
	split := compressInTwo(t, st, payload)
	if err := st.Reset(); err != nil {
		t.Fatal(err)
	}

	// Copy mid-stream: same block shape; independent of the source once the source is ended.
	head, err := deflateAll(st, payload[:len(payload)/2], deflate.NoFlush)
	if err != nil {
		t.Fatal(err)
	}
	mark = rec.Mark()
	cp, err := st.Copy()
	if err != nil {
		t.Fatal(err)
	}
	cpIDs := assertAllocated(t, "Copy", rec.Since(mark), plan)
	assertRegions(t, rec, cp, plan, cpIDs)
	mark = rec.Mark()
	if err := st.End(); err != nil {
		t.Fatal(err)
	}
	assertFreed(t, "End of the source", rec.Since(mark), plan, ids)
	if err := st.End(); !errors.Is(err, deflate.ErrEnded) {
		t.Fatalf("second End = %v, want ErrEnded", err)
	}
	if _, _, err := st.Deflate(make([]byte, 64), payload, deflate.NoFlush); !errors.Is(err, deflate.ErrEnded) {
		t.Fatalf("Deflate after End = %v, want ErrEnded", err)
	}
	tail, err := deflateAll(cp, payload[len(payload)/2:], deflate.Finish)
	if err != nil {
		t.Fatal(err)
	}
	if stream := append(head, tail...); !bytes.Equal(stream, split) {
		t.Fatalf("source+copy stream differs from the same calls on one state (%d bytes vs %d)", len(stream), len(split))
	}
	mark = rec.Mark()
	if err := cp.End(); err != nil {
		t.Fatal(err)
	}
	assertFreed(t, "End of the copy", rec.Since(mark), plan, cpIDs)
	if ev := rec.Since(mark); len(ev) != len(plan.Blocks) {
		t.Fatalf("second End freed again: %v", ev)
	}
}

// checkEndWithPendingOutput ends a state whose output did not fit its destination: every block is still
// freed exactly once.
func checkEndWithPendingOutput(t *testing.T, layout deflate.Layout, cfg deflate.Config, plan deflate.Plan, payload []byte) {
	rec := varianttest.NewGoHeapRecorder()
	defer assertClean(t, rec)
	st, err := deflate.New(cfg, rec, layout)
	if err != nil {
		t.Fatal(err)
	}
	small := make([]byte, 16) // far less than any level's output for the payload: output stays pending
	nDst, _, err := st.Deflate(small, payload, deflate.Finish)
	if err != nil {
		t.Fatal(err)
	}
	if nDst != len(small) {
		t.Fatalf("Deflate wrote %d of %d bytes: expected output to be left pending", nDst, len(small))
	}
	mark := rec.Mark()
	_ = st.End() // zlib reports Z_DATA_ERROR here; what matters is that nothing leaks
	if ev := rec.Since(mark); len(ev) != len(plan.Blocks) {
		t.Fatalf("End with pending output: events %v, want %d frees", ev, len(plan.Blocks))
	}
}

// checkEndAfterFailedWrite finishes a stream into a destination that fails, then ends the state.
func checkEndAfterFailedWrite(t *testing.T, layout deflate.Layout, cfg deflate.Config, plan deflate.Plan, payload []byte) {
	rec := varianttest.NewGoHeapRecorder()
	defer assertClean(t, rec)
	st, err := deflate.New(cfg, rec, layout)
	if err != nil {
		t.Fatal(err)
	}
	w := deflate.NewWriter(varianttest.FailingWriter{}, st)
	_, werr := w.Write(payload)
	cerr := w.Close()
	if !errors.Is(errors.Join(werr, cerr), varianttest.ErrDestination) {
		t.Fatalf("Write, Close into a failing destination = %v, %v; want the destination's error", werr, cerr)
	}
	mark := rec.Mark()
	if err := st.End(); err != nil {
		t.Fatalf("End after a failed write: %v", err)
	}
	if ev := rec.Since(mark); len(ev) != len(plan.Blocks) {
		t.Fatalf("End after a failed write: events %v, want %d frees", ev, len(plan.Blocks))
	}
}

// assertAllocated checks that events are exactly the plan's block requests, in order, and returns the
// recorder's block numbers indexed by plan block.
func assertAllocated(t *testing.T, what string, ev []varianttest.Event, plan deflate.Plan) []int {
	t.Helper()
	if len(ev) != len(plan.Blocks) {
		t.Fatalf("%s: events %v, want %d allocations %v", what, ev, len(plan.Blocks), plan.Blocks)
	}
	ids := make([]int, len(ev))
	for i, e := range ev {
		if e.Op != varianttest.AllocOp || e.Size != plan.Blocks[i] {
			t.Fatalf("%s: event %d is %v of %d bytes, want alloc of %d", what, i, e.Op, e.Size, plan.Blocks[i])
		}
		ids[i] = e.Block
	}
	return ids
}

// assertFreed checks that events free the state's blocks once each, in the plan's FreeOrder (for the
// split layout: the head block before its owner).
func assertFreed(t *testing.T, what string, ev []varianttest.Event, plan deflate.Plan, ids []int) {
	t.Helper()
	if len(ev) != len(plan.FreeOrder) {
		t.Fatalf("%s: events %v, want %d frees", what, ev, len(plan.FreeOrder))
	}
	for i, b := range plan.FreeOrder {
		if ev[i].Op != varianttest.FreeOp || ev[i].Block != ids[b] {
			t.Fatalf("%s: event %d is %v of block %d, want free of plan block %d (recorder block %d)", what, i, ev[i].Op, ev[i].Block, b, ids[b])
		}
	}
}

// assertRegions checks every region against the blocks the recorder handed out: 64-byte aligned, inside
// its block at the plan's offset from the block's aligned start, no two overlapping, window and prev
// adjacent in one block.
func assertRegions(t *testing.T, rec *varianttest.Recorder, st *deflate.State, plan deflate.Plan, ids []int) {
	t.Helper()
	views := st.Regions()
	if len(views) != len(plan.Spans) {
		t.Fatalf("Regions() has %d regions, plan %d", len(views), len(plan.Spans))
	}
	byRegion := map[deflate.Region]deflate.RegionView{}
	for _, v := range views {
		span := plan.Span(v.Region)
		if v.Addr%alignment != 0 {
			t.Errorf("%v at %#x is not %d-byte aligned", v.Region, v.Addr, alignment)
		}
		if v.Block != span.Block || v.Size != span.Size {
			t.Errorf("%v: block %d size %d, plan says block %d size %d", v.Region, v.Block, v.Size, span.Block, span.Size)
		}
		id, base, _, ok := rec.Block(v.Addr, v.Size)
		if !ok || id != ids[span.Block] {
			t.Errorf("%v [%#x, +%d) is not inside plan block %d (recorder block %d)", v.Region, v.Addr, v.Size, span.Block, ids[span.Block])
			continue
		}
		aligned := (base + alignment - 1) &^ (alignment - 1)
		if off := int(v.Addr - aligned); off != span.Offset {
			t.Errorf("%v at offset %d from its block's aligned start, plan says %d", v.Region, off, span.Offset)
		}
		byRegion[v.Region] = v
	}
	for i, a := range views {
		for _, b := range views[i+1:] {
			if a.Addr < b.Addr+uintptr(b.Size) && b.Addr < a.Addr+uintptr(a.Size) {
				t.Errorf("regions %v and %v overlap", a.Region, b.Region)
			}
		}
	}
	w, p := byRegion[deflate.WindowRegion], byRegion[deflate.PrevRegion]
	if w.Block != p.Block || w.Addr+uintptr(w.Size) != p.Addr {
		t.Errorf("window %+v and prev %+v are not adjacent in one block", w, p)
	}
	if t.Failed() {
		t.FailNow()
	}
}

// compressWhole compresses payload as one finished stream with st and returns it.
func compressWhole(t *testing.T, st *deflate.State, payload []byte) []byte {
	t.Helper()
	out, err := deflateAll(st, payload, deflate.Finish)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// compressInTwo compresses the payload's first half with NoFlush and the rest with Finish, as the copy
// checks do across a source and its copy.
func compressInTwo(t *testing.T, st *deflate.State, payload []byte) []byte {
	t.Helper()
	head, err := deflateAll(st, payload[:len(payload)/2], deflate.NoFlush)
	if err != nil {
		t.Fatal(err)
	}
	return append(head, compressWhole(t, st, payload[len(payload)/2:])...)
}

// deflateAll feeds src to st with flush and collects the output until the engine stops filling dst, as
// zlib callers loop while avail_out == 0.
func deflateAll(st *deflate.State, src []byte, flush deflate.Flush) ([]byte, error) {
	var out []byte
	dst := make([]byte, 4096)
	for {
		nDst, nSrc, err := st.Deflate(dst, src, flush)
		out = append(out, dst[:nDst]...)
		src = src[nSrc:]
		if err != nil {
			return out, err
		}
		if len(src) == 0 && nDst < len(dst) {
			return out, nil
		}
	}
}

func assertClean(t *testing.T, rec *varianttest.Recorder) {
	t.Helper()
	if err := rec.CheckClean(); err != nil {
		t.Error(err)
	}
}
