package nativemem

import (
	"strings"
	"sync/atomic"
	"testing"
)

func TestPrivateHeapIsPrivate(t *testing.T) {
	a, err := Open("privateheap")
	if err != nil {
		t.Fatal(err)
	}
	p := a.(*privateHeap)
	b, err := p.Alloc(4096)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Free(b)
	if p.UsesProcessHeap() || !strings.Contains(p.String(), "HeapCreate heap") {
		t.Errorf("privateheap fell back: %v", p)
	}
	// The heap is one per process: a second Open shares it.
	if b := must(Open("privateheap")).(*privateHeap); b.heap != p.heap {
		t.Errorf("second Open got heap %p, first %p", b.heap, p.heap)
	}
	t.Log(p)
}

// The heap is created by the first Alloc, as .NET creates it in the first compressor's initialisation:
// not by Open, and not again by later Allocs.
func TestPrivateHeapCreatedByFirstAlloc(t *testing.T) {
	var creations atomic.Int32
	p := &privateHeap{heap: &lazyHeap{create: func() (uintptr, string, error) {
		creations.Add(1)
		return createPrivateHeap()
	}}}
	if creations.Load() != 0 || !strings.Contains(p.String(), "on first Alloc") {
		t.Fatalf("heap made before any Alloc: %d creations, %v", creations.Load(), p)
	}
	var blocks [][]byte
	for range 5 {
		b, err := p.Alloc(342 << 10)
		if err != nil {
			t.Fatal(err)
		}
		blocks = append(blocks, b)
	}
	for _, b := range blocks {
		p.Free(b)
	}
	if creations.Load() != 1 || p.Err() != nil || p.UsesProcessHeap() {
		t.Errorf("%d heap creations over 5 Allocs, want 1; free error %v; %v", creations.Load(), p.Err(), p)
	}
}
