package deflate

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"unsafe"
)

// TestLayoutTable checks every WindowBits/MemLevel pair against zlib-ng's alloc_deflate arithmetic,
// for both layouts, and that a live State's regions sit 64-byte aligned inside their blocks without
// overlapping.
func TestLayoutTable(t *testing.T) {
	for wbits := 9; wbits <= 15; wbits++ {
		for memLevel := 1; memLevel <= 9; memLevel++ {
			cfg := Config{Level: 6, WindowBits: -wbits, MemLevel: memLevel}
			wsize, lit := 1<<wbits, 1<<(memLevel+6)
			pending := 4*wsize + headBytes
			state := pad64(pending + 5*lit)
			book := state + stateBytes
			wantTotal := pad64(book + bookkeepingSize + 63)
			want := map[Region][2]int{
				WindowRegion:      {0, 2 * wsize},
				PrevRegion:        {2 * wsize, 2 * wsize},
				HeadRegion:        {4 * wsize, headBytes},
				PendingRegion:     {pending, 5 * lit},
				StateRegion:       {state, stateBytes},
				BookkeepingRegion: {book, bookkeepingSize},
			}
			p := Consolidated.Plan(cfg)
			if len(p.Blocks) != 1 || p.Blocks[0] != wantTotal {
				t.Errorf("%v: consolidated blocks %v, want [%d]", cfg, p.Blocks, wantTotal)
			}
			for r, w := range want {
				if sp := p.Span(r); sp.Offset != w[0] || sp.Size != w[1] || sp.Block != 0 {
					t.Errorf("%v: %v at %+v, want offset %d size %d", cfg, r, sp, w[0], w[1])
				}
			}
			sp := SplitHead.Plan(cfg)
			if len(sp.Blocks) != 2 || sp.Blocks[1] != headBytes+63 || sp.Blocks[0] != wantTotal-headBytes {
				t.Errorf("%v: split blocks %v, want [%d %d]", cfg, sp.Blocks, wantTotal-headBytes, headBytes+63)
			}
			for _, layout := range []Layout{Consolidated, SplitHead} {
				checkRegions(t, cfg, layout)
			}
		}
	}
}

func checkRegions(t *testing.T, cfg Config, layout Layout) {
	t.Helper()
	s, err := New(cfg, GoHeap, layout)
	if err != nil {
		t.Fatal(err)
	}
	defer s.End()
	views := s.Regions()
	if len(views) != int(numRegions) {
		t.Fatalf("%v/%s: %d regions", cfg, layout.Name(), len(views))
	}
	for i, v := range views {
		block := s.blocks[v.Block]
		lo := uintptr(unsafe.Pointer(&block[0]))
		if v.Addr%64 != 0 || v.Addr < lo || v.Addr+uintptr(v.Size) > lo+uintptr(len(block)) {
			t.Errorf("%v/%s: %v at %#x+%d outside block %d [%#x, %#x) or unaligned", cfg, layout.Name(), v.Region, v.Addr, v.Size, v.Block, lo, lo+uintptr(len(block)))
		}
		for _, w := range views[:i] {
			if w.Block == v.Block && w.Addr < v.Addr+uintptr(v.Size) && v.Addr < w.Addr+uintptr(w.Size) {
				t.Errorf("%v/%s: %v overlaps %v", cfg, layout.Name(), v.Region, w.Region)
			}
		}
	}
	if s.BlockBytes() != s.Plan().TotalBytes() {
		t.Errorf("BlockBytes %d, want %d", s.BlockBytes(), s.Plan().TotalBytes())
	}
}

// TestNewClearsPrevAndHead: New clears prev and head but leaves the window as the allocator gave it.
func TestNewClearsPrevAndHead(t *testing.T) {
	a := newCountingAlloc()
	a.fill = 0xA5
	s, err := New(DefaultConfig(), a, Consolidated)
	if err != nil {
		t.Fatal(err)
	}
	defer s.End()
	for _, r := range []Region{PrevRegion, HeadRegion} {
		if i := bytes.IndexFunc(s.region(r), func(c rune) bool { return c != 0 }); i >= 0 {
			t.Errorf("%v byte %d not cleared", r, i)
		}
	}
	if s.region(WindowRegion)[0] != 0xA5 {
		t.Error("New touched the window")
	}
}

// TestDirtyMemoryIsInvisible: the output depends only on the input and Config, never on what the
// allocator's memory or a previous stream left in the blocks. The lab compares output digests across
// variants that reuse states and variants that allocate fresh ones.
func TestDirtyMemoryIsInvisible(t *testing.T) {
	data := append(payload5k(), text1M(t)[:50000]...)
	for _, cfg := range []Config{DefaultConfig(), {Level: 1, WindowBits: 31, MemLevel: 8}, {Level: 9, WindowBits: 9, MemLevel: 1}, {Level: 0, WindowBits: -15, MemLevel: 7}} {
		clean, err := New(cfg, GoHeap, Consolidated)
		if err != nil {
			t.Fatal(err)
		}
		want := compress(t, clean, data)
		clean.End()

		a := newCountingAlloc()
		a.fill = 0xff
		dirty, err := New(cfg, a, SplitHead)
		if err != nil {
			t.Fatal(err)
		}
		compress(t, dirty, bytes.Repeat([]byte("previous stream "), 9000))
		for round := range 2 {
			if err := dirty.Reset(); err != nil {
				t.Fatal(err)
			}
			if got := compress(t, dirty, data); !bytes.Equal(got, want) {
				t.Errorf("%v round %d: output differs from a fresh zeroed state (%d vs %d bytes)", cfg, round, len(got), len(want))
			}
		}
		dirty.End()
	}
}

// TestResetAllocatesNothing uses a counting allocator and the Go allocator's counts: Reset, Deflate
// and the Writer's methods allocate nothing.
func TestResetAllocatesNothing(t *testing.T) {
	a := newCountingAlloc()
	s, err := New(DefaultConfig(), a, Consolidated)
	if err != nil {
		t.Fatal(err)
	}
	data := payload5k()
	w := NewWriter(io.Discard, s)
	n := testing.AllocsPerRun(20, func() {
		w.Reset(io.Discard)
		w.Write(data)
		w.Flush()
		w.Write(data)
		w.Close()
	})
	if n != 0 {
		t.Errorf("Reset+Write+Flush+Close: %v Go allocations per run, want 0", n)
	}
	if a.allocs != 1 {
		t.Errorf("native allocations after New and 20 Resets: %d, want 1", a.allocs)
	}
	if err := s.End(); err != nil {
		t.Fatal(err)
	}
	if !a.balanced() {
		t.Errorf("after End: %v", a)
	}
}

// TestCopyIsIndependent: a copy taken mid-stream finishes the stream exactly as the source would
// have, after the source is ended and its blocks freed.
func TestCopyIsIndependent(t *testing.T) {
	data := text1M(t)[:300000]
	for _, layout := range []Layout{Consolidated, SplitHead} {
		for _, cfg := range []Config{DefaultConfig(), {Level: 2, WindowBits: 15, MemLevel: 1}, {Level: 9, WindowBits: 31, MemLevel: 9, Strategy: Filtered}} {
			ref, _ := New(cfg, GoHeap, layout)
			want := compress(t, ref, data)
			ref.End()

			a := newCountingAlloc()
			src, err := New(cfg, a, layout)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			w := NewWriter(&out, src)
			w.Write(data[:123457])
			cp, err := src.Copy()
			if err != nil {
				t.Fatal(err)
			}
			if err := src.End(); err != nil {
				t.Fatal(err)
			}
			if a.allocs != 2*len(src.Plan().Blocks) || a.frees != len(src.Plan().Blocks) {
				t.Errorf("%v: after Copy and End of the source: %v", cfg, a)
			}
			w.Bind(&out, cp)
			w.Write(data[123457:])
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("%v/%s: source+copy output differs from one State's", cfg, layout.Name())
			}
			cp.End()
			if !a.balanced() {
				t.Errorf("%v: %v", cfg, a)
			}
		}
	}
}

// TestAllocationFailures fails each allocation of New and Copy in turn: the error comes back, nothing
// leaks, nothing is freed twice.
func TestAllocationFailures(t *testing.T) {
	for _, layout := range []Layout{Consolidated, SplitHead} {
		blocks := len(layout.Plan(DefaultConfig()).Blocks)
		for k := 1; k <= blocks; k++ {
			a := newCountingAlloc()
			a.failAt = k
			if s, err := New(DefaultConfig(), a, layout); !errors.Is(err, errInjected) || s != nil {
				t.Errorf("%s: New with Alloc %d failing: %v, %v", layout.Name(), k, s, err)
			}
			if !a.balanced() {
				t.Errorf("%s: New with Alloc %d failing: %v", layout.Name(), k, a)
			}

			a = newCountingAlloc()
			s, err := New(DefaultConfig(), a, layout)
			if err != nil {
				t.Fatal(err)
			}
			a.failAt = blocks + k
			if c, err := s.Copy(); !errors.Is(err, errInjected) || c != nil {
				t.Errorf("%s: Copy with Alloc %d failing: %v, %v", layout.Name(), k, c, err)
			}
			s.End()
			if !a.balanced() {
				t.Errorf("%s: Copy with Alloc %d failing: %v", layout.Name(), k, a)
			}
		}
	}
}

// shortAlloc returns less memory than asked for.
type shortAlloc struct{ freed int }

func (a *shortAlloc) Alloc(n int) ([]byte, error) { return make([]byte, n/2), nil }
func (a *shortAlloc) Free([]byte)                 { a.freed++ }

func TestShortAllocation(t *testing.T) {
	a := &shortAlloc{}
	if _, err := New(DefaultConfig(), a, nil); err == nil || a.freed != 1 {
		t.Errorf("short block: err %v, freed %d", err, a.freed)
	}
}

// failingWriter fails every write after the first n bytes.
type failingWriter struct{ n int }

var errDestination = errors.New("destination is full")

func (f *failingWriter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		return 0, errDestination
	}
	f.n -= len(p)
	return len(p), nil
}

// TestBadUse: destination errors come back from Write and Close and leave the State usable; every call
// after End reports ErrEnded; bad arguments are errors, not panics.
func TestBadUse(t *testing.T) {
	a := newCountingAlloc()
	s, err := New(DefaultConfig(), a, SplitHead)
	if err != nil {
		t.Fatal(err)
	}
	data := text1M(t)[:200000]
	w := NewWriter(&failingWriter{n: 100}, s)
	_, werr := w.Write(data)
	cerr := w.Close()
	if !errors.Is(werr, errDestination) || !errors.Is(cerr, errDestination) {
		t.Errorf("Write: %v, Close: %v; want the destination's error", werr, cerr)
	}
	var out bytes.Buffer
	w.Reset(&out)
	w.Write(data)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	checkDecodes(t, Raw, out.Bytes(), data)

	if _, _, err := s.Deflate(nil, data, NoFlush); !errors.Is(err, ErrNoOutputSpace) {
		t.Errorf("Deflate into empty dst: %v", err)
	}
	if _, _, err := s.Deflate(make([]byte, 10), data, NoFlush); !errors.Is(err, ErrFinished) {
		t.Errorf("Deflate after Finish: %v", err)
	}
	if _, _, err := s.Deflate(make([]byte, 10), nil, Flush(1)); err == nil {
		t.Error("Deflate accepted flush 1")
	}
	if err := w.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}

	if err := s.End(); err != nil {
		t.Fatal(err)
	}
	if !a.balanced() {
		t.Errorf("after End: %v", a)
	}
	if _, _, err := s.Deflate(make([]byte, 10), nil, Finish); !errors.Is(err, ErrEnded) {
		t.Errorf("Deflate after End: %v", err)
	}
	if err := s.Reset(); !errors.Is(err, ErrEnded) {
		t.Errorf("Reset after End: %v", err)
	}
	if c, err := s.Copy(); !errors.Is(err, ErrEnded) || c != nil {
		t.Errorf("Copy after End: %v", err)
	}
	if err := s.End(); !errors.Is(err, ErrEnded) {
		t.Errorf("second End: %v", err)
	}
	if s.BlockBytes() != 0 || s.Regions() != nil || s.Finished() {
		t.Error("an ended State still reports blocks")
	}
	w.Reset(io.Discard)
	if _, err := w.Write(data); !errors.Is(err, ErrEnded) {
		t.Errorf("Writer on an ended State: %v", err)
	}
	if !a.balanced() {
		t.Errorf("after misuse: %v", a)
	}

	w.Bind(nil, nil)
	if _, err := w.Write(data); !errors.Is(err, ErrNoState) {
		t.Errorf("unbound Writer: %v", err)
	}
	if _, err := New(DefaultConfig(), nil, nil); err == nil {
		t.Error("New accepted a nil Allocator")
	}
	if _, err := New(Config{Level: 6, WindowBits: 16, MemLevel: 8}, GoHeap, nil); !errors.Is(err, ErrConfig) {
		t.Errorf("New with WindowBits 16: %v", err)
	}
}

// TestSlideLinks compares the platform's slide and the four-lane one with zlib's one-entry rule on
// every value an entry can hold (below 2*wsize; the platform's, saturating, on every 16-bit value).
func TestSlideLinks(t *testing.T) {
	for _, impl := range []struct {
		name  string
		slide func([]uint16, int)
		max   func(w int) int // entries hold 0..max-1
	}{
		{"platform", slideLinks, func(w int) int { return 2 * w }},
		{"words", slideLinksWords, func(w int) int { return 2 * w }},
	} {
		for wbits := 9; wbits <= 15; wbits++ {
			w := 1 << wbits
			links := make([]uint16, impl.max(w))
			for i := range links {
				links[i] = uint16(i)
			}
			impl.slide(links, wbits)
			for i, got := range links {
				want := 0
				if i >= w {
					want = i - w
				}
				if int(got) != want {
					t.Fatalf("%s, wbits %d: entry %d slid to %d, want %d", impl.name, wbits, i, got, want)
				}
			}
		}
	}
}

// brokenLayout returns a plan that violates one invariant.
type brokenLayout struct {
	name   string
	mutate func(*Plan)
}

func (b brokenLayout) Name() string { return b.name }
func (b brokenLayout) Plan(cfg Config) Plan {
	p := Consolidated.Plan(cfg)
	b.mutate(&p)
	return p
}

// TestFaultyLayoutIsAnError: a Layout whose plan cannot hold the state is rejected before anything is
// allocated.
func TestFaultyLayoutIsAnError(t *testing.T) {
	for _, l := range []brokenLayout{
		{"short-block", func(p *Plan) { p.Blocks[0] -= 64 }},
		{"small-head", func(p *Plan) { p.Spans[HeadRegion].Size = 1024 }},
		{"unaligned", func(p *Plan) { p.Spans[PendingRegion].Offset++ }},
		{"missing-span", func(p *Plan) { p.Spans = p.Spans[:3] }},
		{"double-free", func(p *Plan) { p.FreeOrder = []int{0, 0} }},
		{"no-block", func(p *Plan) { p.Spans[StateRegion].Block = 2 }},
	} {
		a := newCountingAlloc()
		if s, err := New(DefaultConfig(), a, l); err == nil || s != nil || a.allocs != 0 {
			t.Errorf("%s: New returned %v, %v after %d allocations", l.name, s, err, a.allocs)
		}
	}
}

// BenchmarkSlideHash is one slide of a 32 KiB window's head and prev (98,304 entries), which zlib-ng
// does with slide_hash_avx2 and the engine with slideLinks.
func BenchmarkSlideHash(b *testing.B) {
	s, err := New(DefaultConfig(), GoHeap, Consolidated)
	if err != nil {
		b.Fatal(err)
	}
	defer s.End()
	for b.Loop() {
		s.slideHash()
	}
}
