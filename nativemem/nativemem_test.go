package nativemem

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
)

// errReporter is implemented by native backends whose Free can fail.
type errReporter interface{ Err() error }

// openAll opens every backend available in this build.
func openAll(t *testing.T) map[string]Allocator {
	t.Helper()
	out := map[string]Allocator{}
	for _, name := range Available() {
		a, err := Open(name)
		if err != nil {
			t.Fatalf("Open(%q) of an available backend: %v", name, err)
		}
		out[name] = a
	}
	return out
}

func TestRegistry(t *testing.T) {
	avail := Available()
	if !slices.Contains(avail, "goheap") || !slices.Contains(avail, "pages") {
		t.Errorf("Available() = %v, want goheap and pages on every supported platform", avail)
	}
	for _, n := range avail {
		if !slices.Contains(Names(), n) {
			t.Errorf("Available() has %q, which Names() %v lacks", n, Names())
		}
	}
	if d := Default(); !slices.Contains(avail, d) {
		t.Errorf("Default() = %q, not in Available() %v", d, avail)
	}
	t.Logf("available %v, default %s", avail, Default())
}

func TestOpenErrors(t *testing.T) {
	want := strings.Join(Available(), ", ")
	names := []string{"", "heap", "PAGES"}
	for _, n := range Names() {
		if !slices.Contains(Available(), n) {
			names = append(names, n)
		}
	}
	for _, name := range names {
		a, err := Open(name)
		if err == nil {
			t.Errorf("Open(%q) = %v, want an error", name, a)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, fmt.Sprintf("%q", name)) || !strings.Contains(msg, "available: "+want) {
			t.Errorf("Open(%q) error %q should quote the name and list %q", name, msg, want)
		}
		if slices.Contains(Names(), name) && !strings.Contains(msg, "needs "+needs[name]) {
			t.Errorf("Open(%q) error %q should say it needs %s", name, msg, needs[name])
		}
	}
}

func TestAllocFree(t *testing.T) {
	page := os.Getpagesize()
	// 350,336 and 432,256 are zlib-ng's state blocks at memLevel 8 and 9.
	sizes := []int{1, 63, 4096, 131072 + 63, 350336, 432256}
	for name, a := range openAll(t) {
		for _, n := range sizes {
			t.Run(fmt.Sprintf("backend=%s/size=%d", name, n), func(t *testing.T) {
				b, err := a.Alloc(n)
				if err != nil {
					t.Fatal(err)
				}
				if len(b) != n || cap(b) != n {
					t.Fatalf("Alloc(%d): len %d cap %d", n, len(b), cap(b))
				}
				align := map[string]int{"pages": page, "crt": 64, "libc": 64}[name]
				if align != 0 && base(b)%uintptr(align) != 0 {
					t.Errorf("Alloc(%d) at %#x, want %d-byte alignment", n, base(b), align)
				}
				for i := range b {
					b[i] = byte(i)
				}
				for i := range b {
					if b[i] != byte(i) {
						t.Fatalf("byte %d reads %d after writing %d", i, b[i], byte(i))
					}
				}
				a.Free(b)
				a.Free(nil) // a no-op, like free(NULL)
				if r, ok := a.(errReporter); ok && r.Err() != nil {
					t.Errorf("Free: %v", r.Err())
				}
			})
		}
	}
}

func TestPagesStartZeroed(t *testing.T) {
	a, err := Open("pages")
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		b, err := a.Alloc(350336)
		if err != nil {
			t.Fatal(err)
		}
		if i := slices.IndexFunc(b, func(c byte) bool { return c != 0 }); i >= 0 {
			t.Fatalf("fresh pages block has byte %d = %d, want all zero", i, b[i])
		}
		clear(b)
		b[0], b[len(b)-1] = 1, 1
		a.Free(b)
	}
}

func TestAllocBadSize(t *testing.T) {
	for name, a := range openAll(t) {
		for _, n := range []int{0, -1, MaxBlock + 1} {
			b, err := a.Alloc(n)
			if err == nil {
				a.Free(b)
				t.Errorf("%s: Alloc(%d) succeeded, want an error", name, n)
				continue
			}
			if !errors.Is(err, ErrSize) || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), fmt.Sprint(n)) {
				t.Errorf("%s: Alloc(%d) error %q should wrap ErrSize and name the backend and size", name, n, err)
			}
		}
	}
}

func TestCountingConcurrent(t *testing.T) {
	const goroutines, rounds, size = 8, 200, 350336
	c := NewCounting(NewGuard(must(Open(Default()))))
	var wg sync.WaitGroup
	for range goroutines {
		wg.Go(func() {
			for range rounds {
				b, err := c.Alloc(size)
				if err != nil {
					t.Error(err)
					return
				}
				b[0], b[size-1] = 1, 2
				c.Free(b)
			}
		})
	}
	wg.Wait()
	s := c.Stats()
	want := int64(goroutines * rounds)
	if s.Allocs != want || s.Frees != want || s.LiveBytes != 0 || s.Failures != 0 {
		t.Errorf("Stats() = %+v, want %d allocs and frees, 0 live, 0 failures", s, want)
	}
	if s.PeakLiveBytes < size || s.PeakLiveBytes > goroutines*size {
		t.Errorf("PeakLiveBytes = %d, want between %d and %d", s.PeakLiveBytes, size, goroutines*size)
	}
	if err := c.Inner().(*Guard).Err(); err != nil {
		t.Error(err)
	}
}

func TestCountingPeak(t *testing.T) {
	c := NewCounting(must(Open("goheap")))
	a, _ := c.Alloc(100)
	b, _ := c.Alloc(50)
	c.Free(a)
	d, _ := c.Alloc(10)
	if _, err := c.Alloc(0); err == nil {
		t.Error("Alloc(0) succeeded")
	}
	c.Free(b)
	c.Free(d)
	got := c.Stats()
	want := CountingStats{Allocs: 3, Frees: 3, LiveBytes: 0, PeakLiveBytes: 150, Failures: 1}
	if got != want {
		t.Errorf("Stats() = %+v, want %+v", got, want)
	}
}

func TestFailing(t *testing.T) {
	for _, k := range []int{0, 1, 3} {
		c := NewCounting(must(Open("goheap")))
		f := NewFailing(c, k)
		for i := 1; i <= 5; i++ {
			b, err := f.Alloc(64)
			if failed := err != nil; failed != (i == k) {
				t.Errorf("k=%d: Alloc #%d error %v, want failure only at #%d", k, i, err, k)
			}
			if err != nil && !errors.Is(err, ErrInjected) {
				t.Errorf("k=%d: error %v does not wrap ErrInjected", k, err)
			}
			f.Free(b)
		}
		if s := c.Stats(); s.LiveBytes != 0 || f.Calls() != 5 {
			t.Errorf("k=%d: inner stats %+v after %d calls, want 0 live after 5", k, s, f.Calls())
		}
	}
}

func TestGuard(t *testing.T) {
	tests := []struct {
		name string
		run  func(g *Guard) // misuses g once
		want error          // nil: the misuse is a size mismatch
	}{
		{"double free", func(g *Guard) { b, _ := g.Alloc(4096); g.Free(b); g.Free(b) }, ErrDoubleFree},
		{"foreign free", func(g *Guard) { g.Free(make([]byte, 10)) }, ErrForeignFree},
		{"interior slice", func(g *Guard) { b, _ := g.Alloc(4096); g.Free(b[64:]); g.Free(b) }, ErrForeignFree},
		{"short cap", func(g *Guard) { b, _ := g.Alloc(4096); g.Free(b[:10:10]) }, nil},
	}
	for name, a := range openAll(t) {
		for _, tt := range tests {
			t.Run(name+"/"+tt.name, func(t *testing.T) {
				c := NewCounting(a)
				g := NewGuard(c)
				tt.run(g)
				err := g.Err()
				if err == nil {
					t.Fatal("Err() = nil after a bad free")
				}
				if tt.want != nil && !errors.Is(err, tt.want) {
					t.Errorf("Err() = %v, want %v", err, tt.want)
				}
				if s := c.Stats(); g.Live() != 0 || s.LiveBytes != 0 || s.Frees != s.Allocs {
					t.Errorf("after the bad free: %d live in guard, inner %+v; want every block freed exactly once", g.Live(), s)
				}
			})
		}
	}
}

func TestGuardManyErrors(t *testing.T) {
	g := NewGuard(must(Open("goheap")))
	for range maxGuardErrors + 5 {
		g.Free(make([]byte, 1))
	}
	if err := g.Err(); err == nil || !strings.Contains(err.Error(), "and 5 more bad frees") {
		t.Errorf("Err() = %v, want the first %d and a count of the rest", err, maxGuardErrors)
	}
}

func must(a Allocator, err error) Allocator {
	if err != nil {
		panic(err)
	}
	return a
}

func TestNativeAllocDoesNotAllocateGoMemory(t *testing.T) {
	for name, a := range openAll(t) {
		if name == "goheap" {
			continue
		}
		allocs := testing.AllocsPerRun(100, func() {
			b, err := a.Alloc(350336)
			if err != nil {
				t.Fatal(err)
			}
			a.Free(b)
		})
		if allocs != 0 {
			t.Errorf("%s: %v Go allocations per Alloc+Free, want 0", name, allocs)
		}
	}
}
