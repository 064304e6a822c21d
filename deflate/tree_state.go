package deflate

import "unsafe"

// ctData is zlib's ct_data: fc is the frequency while a tree is built and the bit-reversed code once
// gen_codes ran; dl is the parent node while the tree is built and the code length afterwards.
type ctData struct {
	fc uint16
	dl uint16
}

// treeState is the part of zlib's deflate_state that holds the Huffman trees and the heap that builds
// them. It lives in the StateRegion of the allocator's block (a typed view, never on the Go heap), so it
// contains no pointers.
type treeState struct {
	dynLtree  [heapSize]ctData      // literal/length tree
	dynDtree  [2*dCodes + 1]ctData  // distance tree
	blTree    [2*blCodes + 1]ctData // code length tree
	blCount   [maxBits + 1]uint16   // number of codes at each bit length
	heap      [2*lCodes + 1]int32   // heap[heapMax..heapSize-1]: root, then nodes in reverse merge order
	depth     [2*lCodes + 1]uint8   // subtree depth, the tie breaker of equal frequencies
	heapLen   int32                 // zlib's heap length; 0 once a tree is built (buildTree merges two queues)
	heapMax   int32                 // first used entry of heap
	lMaxCode  int32                 // largest literal/length code with a nonzero frequency
	dMaxCode  int32                 // largest distance code with a nonzero frequency
	bMaxCode  int32                 // largest code length code with a nonzero frequency
	_         int32                 // keeps optLen 8-aligned
	optLen    uint64                // bit length of the block with the dynamic trees
	staticLen uint64                // bit length of the block with the static trees
}

// The state region is zlib-ng's sizeof(deflate_state); the trees must fit in it.
var _ [stateBytes - unsafe.Sizeof(treeState{})]byte

// initBlock starts the frequencies of a new block (zlib's init_block).
func (t *treeState) initBlock() {
	for n := range lCodes {
		t.dynLtree[n].fc = 0
	}
	for n := range dCodes {
		t.dynDtree[n].fc = 0
	}
	for n := range blCodes {
		t.blTree[n].fc = 0
	}
	t.dynLtree[endBlock].fc = 1
	t.optLen, t.staticLen = 0, 0
}
