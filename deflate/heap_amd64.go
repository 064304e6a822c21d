package deflate

import "unsafe"

// downHeap is downHeapGo in assembly (heap_amd64.s): gcc's build of zlib-ng's pqdownheap, instruction
// for instruction and branch for branch. The Go compiled to fewer instructions (0.7x) with another
// branch layout; random data's literal tree, 256 near-equal frequencies, makes the heap a large and
// branch-mispredicting share of an operation, so its cost should be pqdownheap's.
func (t *treeState) downHeap(tp unsafe.Pointer, k uint) { downHeapAsm(t, tp, k) }

// downHeapAsm (heap_amd64.s) is downHeapGo.
//
//go:noescape
func downHeapAsm(t *treeState, tp unsafe.Pointer, k uint)
