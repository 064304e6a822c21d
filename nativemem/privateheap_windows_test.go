package nativemem

import (
	"strings"
	"testing"
)

func TestPrivateHeapIsPrivate(t *testing.T) {
	a, err := Open("privateheap")
	if err != nil {
		t.Fatal(err)
	}
	p := a.(*privateHeap)
	if p.UsesProcessHeap() || !strings.Contains(p.String(), "HeapCreate heap") {
		t.Errorf("privateheap fell back: %v", p)
	}
	// The heap is one per process: a second Open shares it.
	if b := must(Open("privateheap")).(*privateHeap); b.heap != p.heap {
		t.Errorf("second Open got heap %#x, first %#x", b.heap, p.heap)
	}
	t.Log(p)
}
