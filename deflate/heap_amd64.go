package deflate

import "unsafe"

// buildTreeNodes is buildTreeNodesGo in assembly (heap_amd64.s): gcc's build of zlib-ng's heap loops in
// build_tree and of pqdownheap, instruction for instruction and branch for branch. The Go compiled
// pqdownheap to 0.7x gcc's instructions with another branch layout, and a Go loop calling it in
// assembly stored and reloaded its values and arguments around each call; random data's literal tree,
// 256 near-equal frequencies, makes the heap a large and branch-mispredicting share of an operation, so
// its cost should be zlib-ng's.
func (t *treeState) buildTreeNodes(tp unsafe.Pointer, elems uint) { buildTreeNodesAsm(t, tp, elems) }

// buildTreeNodesAsm (heap_amd64.s) is buildTreeNodesGo.
//
//go:noescape
func buildTreeNodesAsm(t *treeState, tp unsafe.Pointer, elems uint)

// downHeapAsm (heap_amd64.s) is downHeapGo, for the tests: buildTreeNodesAsm calls its code itself.
//
//go:noescape
func downHeapAsm(t *treeState, tp unsafe.Pointer, k uint)
