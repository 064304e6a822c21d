package deflate

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// heapCase fills a treeState's heap[1..n] with distinct random nodes of the literal/length tree, whose
// frequencies and depths are drawn from [0, fr) and [0, dr) (small ranges make the ties that the depths
// break), and returns the tree.
func heapCase(t *treeState, r *rand.Rand, n, fr, dr int) *[heapSize]ctData {
	tree := &t.dynLtree
	for i := range tree {
		tree[i] = ctData{fc: uint16(r.IntN(fr)), dl: uint16(r.IntN(1 << 16))}
	}
	for i := range t.depth {
		t.depth[i] = uint8(r.IntN(dr))
	}
	for i := range t.heap {
		t.heap[i] = int32(r.IntN(heapSize))
	}
	perm := r.Perm(heapSize)
	for i := 1; i <= n; i++ {
		t.heap[i] = int32(perm[i])
	}
	t.heapLen, t.heapMax = int32(n), int32(r.IntN(heapSize))
	return tree
}

// checkDownHeap runs downHeapGo and downHeapAsm on copies of t from position k and compares the
// states they leave.
func checkDownHeap(tb testing.TB, t *treeState, k uint) {
	a, b := new(treeState), new(treeState)
	*a, *b = *t, *t
	a.downHeapGo(unsafe.Pointer(&a.dynLtree), k)
	downHeapAsm(b, unsafe.Pointer(&b.dynLtree), k)
	if *a != *b {
		for i := range a.heap {
			if a.heap[i] != b.heap[i] {
				tb.Fatalf("heapLen %d, k %d: heap[%d] = %d (Go) and %d (assembly)", t.heapLen, k, i, a.heap[i], b.heap[i])
			}
		}
		tb.Fatalf("heapLen %d, k %d: the states differ outside the heap", t.heapLen, k)
	}
}

// TestDownHeapAsm compares downHeapAsm with downHeapGo on random heaps of every length up to lCodes,
// from random positions (k beyond heapLen/2 included: nothing moves) and from 1 on heaps of which only
// heap[1] is out of place, as buildTreeNodes calls it.
func TestDownHeapAsm(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	st := new(treeState)
	for iter := 0; iter < 3000; iter++ {
		n := 1 + r.IntN(lCodes)
		fr, dr := []int{2, 4, 1 << 16}[r.IntN(3)], []int{1, 3, 256}[r.IntN(3)]
		heapCase(st, r, n, fr, dr)
		checkDownHeap(t, st, uint(1+r.IntN(n)))
		// A heap in order but for heap[1]: heapify with the Go, then replace the top.
		for k := n / 2; k >= 1; k-- {
			st.downHeapGo(unsafe.Pointer(&st.dynLtree), uint(k))
		}
		st.heap[1] = int32(r.IntN(heapSize))
		checkDownHeap(t, st, 1)
	}
}

// TestBuildTreeNodesAsm compares buildTreeNodesAsm with buildTreeNodesGo on random sets of leaves of
// each alphabet (the first heapify and the merges), the states they leave entire: the parents' numbers,
// depths, heap[heapMax..] and the internal nodes' frequencies. The internal nodes' lengths start at 0 (the
// Go writes a new node's entry whole, gcc its frequency only; the node's parent is set when it is merged).
func TestBuildTreeNodesAsm(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for iter := 0; iter < 2000; iter++ {
		elems := []int{lCodes, dCodes, blCodes}[r.IntN(3)]
		n := 2 + r.IntN(elems-1)
		fr := []int{2, 3, 20, 200}[r.IntN(4)]
		st := new(treeState)
		tree := heapCase(st, r, 0, 1, 1)
		for i := range tree {
			tree[i] = ctData{fc: uint16(1 + r.IntN(fr)), dl: uint16(r.IntN(1 << 16))}
			if i >= elems {
				tree[i].dl = 0
			}
		}
		for i, leaf := range r.Perm(elems)[:n] {
			st.heap[1+i] = int32(leaf)
			st.depth[leaf] = 0
		}
		st.heapLen = int32(n)
		a, b := new(treeState), new(treeState)
		*a, *b = *st, *st
		a.buildTreeNodesGo(unsafe.Pointer(&a.dynLtree), uint(elems))
		buildTreeNodesAsm(b, unsafe.Pointer(&b.dynLtree), uint(elems))
		if *a != *b {
			t.Fatalf("iteration %d (%d leaves of %d): the states differ: heapLen %d/%d, heapMax %d/%d", iter, n, elems,
				a.heapLen, b.heapLen, a.heapMax, b.heapMax)
		}
	}
}

// FuzzDownHeap compares downHeapAsm with downHeapGo on heaps drawn from the fuzzer's seed and shape.
func FuzzDownHeap(f *testing.F) {
	f.Add(uint64(1), uint16(286), uint16(1), uint8(2), uint8(3))
	f.Add(uint64(2), uint16(2), uint16(1), uint8(0), uint8(0))
	f.Add(uint64(3), uint16(143), uint16(7), uint8(255), uint8(255))
	f.Fuzz(func(t *testing.T, seed uint64, n, k uint16, fr, dr uint8) {
		r := rand.New(rand.NewPCG(seed, 0))
		nn := 1 + int(n)%lCodes
		st := new(treeState)
		heapCase(st, r, nn, 1+int(fr), 1+int(dr))
		checkDownHeap(t, st, 1+uint(k)%uint(nn))
	})
}
