package deflate

import "unsafe"

// treeDesc describes one of the three dynamic trees of a block (zlib's tree_desc + static_tree_desc).
type treeDesc struct {
	stree     []ctData // the static tree of the same alphabet, to cost the block with fixed codes; nil for bl
	extra     []uint8  // extra bits of each code from extraBase on
	extraBase int      // first code with extra bits
	elems     int      // codes in the alphabet
	maxLength int      // longest code allowed
}

var (
	lDesc  = treeDesc{staticLtree[:], extraLBits[:], literals + 1, lCodes, maxBits}
	dDesc  = treeDesc{staticDtree[:], extraDBits[:], 0, dCodes, maxBits}
	blDesc = treeDesc{nil, extraBLBits[:], 0, blCodes, maxBLBits}
)

// Heap entries pack a node's frequency, subtree depth and number into one uint32, so that ordering
// entries is one integer comparison: by frequency, then depth (zlib's smaller), then node number (a
// fixed tie break; zlib's depends on heap positions).
const (
	heapNodeBits  = 10 // node numbers < heapSize = 573
	heapDepthBits = 6  // depths stay far below 64: frequencies sum to at most 2^16
	heapFreqShift = heapNodeBits + heapDepthBits
	heapNodeMask  = 1<<heapNodeBits - 1
)

func heapKey(freq uint32, depth uint32, node int32) uint32 {
	return freq<<heapFreqShift | depth<<heapNodeBits | uint32(node)
}

func heapDepth(k uint32) uint32 { return k >> heapNodeBits & (1<<heapDepthBits - 1) }

// heapSentinel follows the last heap entry so that a node's second child can always be read: it
// compares greater than every key.
const heapSentinel = ^uint32(0)

// pqdownheap restores the heap property by moving heap[k] down (zlib's pqdownheap). heap[heapLen+1]
// must be heapSentinel; the smaller child is chosen without a branch.
func pqdownheap(heap *[2*lCodes + 1]uint32, heapLen, k int32) {
	v := heap[k]
	for {
		j := k << 1
		if j > heapLen {
			break
		}
		c, d := heap[j], heap[j+1]
		if d < c {
			c = d
			j++
		}
		if v < c {
			break
		}
		heap[k] = c
		k = j
	}
	heap[k] = v
}

// buildTree builds the Huffman tree of tree's frequencies, sets its code lengths and codes, adds the
// block's cost to optLen and staticLen, and returns the largest code with a nonzero frequency
// (zlib's build_tree). While it runs, heap[1..heapLen] holds packed keys; the nodes it sorts into
// heap[heapMax..] are plain node numbers for genBitlen.
func (t *treeState) buildTree(tree []ctData, desc *treeDesc) int32 {
	heap := (*[2*lCodes + 1]uint32)(unsafe.Pointer(&t.heap))
	stree := desc.stree
	elems := int32(desc.elems)
	tree = tree[:2*elems]
	maxCode := int32(-1)
	heapLen := int32(0)
	for n := range elems {
		if tree[n].fc != 0 {
			heapLen++
			heap[heapLen] = heapKey(uint32(tree[n].fc), 0, n)
			maxCode = n
		} else {
			tree[n].dl = 0
		}
	}
	// The pkzip format requires at least one distance code and at least two codes of some kind, so
	// force frequencies of at least one and at least two codes.
	for heapLen < 2 {
		node := int32(0)
		if maxCode < 2 {
			maxCode++
			node = maxCode
		}
		heapLen++
		heap[heapLen] = heapKey(1, 0, node)
		tree[node].fc = 1
		t.optLen--
		if stree != nil {
			t.staticLen -= uint64(stree[node].dl)
		}
	}
	heap[heapLen+1] = heapSentinel
	for n := heapLen / 2; n >= 1; n-- {
		pqdownheap(heap, heapLen, n)
	}
	heapMax := int32(heapSize)
	node := elems
	for {
		n := heap[1]
		heap[1] = heap[heapLen]
		heap[heapLen] = heapSentinel
		heapLen--
		pqdownheap(heap, heapLen, 1)
		m := heap[1]
		nn, mn := int32(n&heapNodeMask), int32(m&heapNodeMask)
		heapMax--
		heap[heapMax] = uint32(nn)
		heapMax--
		heap[heapMax] = uint32(mn)
		freq := n>>heapFreqShift + m>>heapFreqShift
		tree[node].fc = uint16(freq)
		tree[nn].dl, tree[mn].dl = uint16(node), uint16(node)
		heap[1] = heapKey(freq, max(heapDepth(n), heapDepth(m))+1, node)
		node++
		pqdownheap(heap, heapLen, 1)
		if heapLen < 2 {
			break
		}
	}
	heapMax--
	heap[heapMax] = heap[1] & heapNodeMask
	t.heapLen, t.heapMax = heapLen, heapMax
	t.genBitlen(tree, maxCode, desc)
	genCodes(tree, maxCode, &t.blCount)
	return maxCode
}

// genBitlen computes the code lengths from the tree, limits them to desc.maxLength by moving
// overflowing leaves down the tree, and updates optLen and staticLen (zlib's gen_bitlen).
func (t *treeState) genBitlen(tree []ctData, maxCode int32, desc *treeDesc) {
	stree, extra, base, maxLength := desc.stree, desc.extra, int32(desc.extraBase), uint16(desc.maxLength)
	clear(t.blCount[:])
	tree[t.heap[t.heapMax]].dl = 0 // the root
	overflow := 0
	h := t.heapMax + 1
	for ; h < heapSize; h++ {
		n := t.heap[h]
		bits := tree[tree[n].dl].dl + 1
		if bits > maxLength {
			bits = maxLength
			overflow++
		}
		tree[n].dl = bits
		if n > maxCode {
			continue // not a leaf
		}
		t.blCount[bits]++
		xbits := uint64(0)
		if n >= base {
			xbits = uint64(extra[n-base])
		}
		f := uint64(tree[n].fc)
		t.optLen += f * (uint64(bits) + xbits)
		if stree != nil {
			t.staticLen += f * (uint64(stree[n].dl) + xbits)
		}
	}
	if overflow == 0 {
		return
	}
	// Find the first bit length that could increase, move one leaf down from it and one overflow item
	// up as its brother.
	for overflow > 0 {
		bits := maxLength - 1
		for t.blCount[bits] == 0 {
			bits--
		}
		t.blCount[bits]--
		t.blCount[bits+1] += 2
		t.blCount[maxLength]--
		overflow -= 2
	}
	// Reassign lengths to the leaves in frequency order, as the counts now say.
	for bits := maxLength; bits != 0; bits-- {
		n := t.blCount[bits]
		for n != 0 {
			h--
			m := t.heap[h]
			if m > maxCode {
				continue
			}
			if tree[m].dl != bits {
				t.optLen += (uint64(bits) - uint64(tree[m].dl)) * uint64(tree[m].fc)
				tree[m].dl = bits
			}
			n--
		}
	}
}

// genCodes gives every code of nonzero length its bit-reversed canonical code (zlib's gen_codes).
func genCodes(tree []ctData, maxCode int32, blCount *[maxBits + 1]uint16) {
	var nextCode [maxBits + 1]uint16
	code := uint16(0)
	for bits := 1; bits <= maxBits; bits++ {
		code = (code + blCount[bits-1]) << 1
		nextCode[bits] = code
	}
	for n := int32(0); n <= maxCode; n++ {
		l := tree[n].dl
		if l == 0 {
			continue
		}
		tree[n].fc = bitReverse(nextCode[l], int(l))
		nextCode[l]++
	}
}

// scanTree counts how often each code length and repeat code occurs in tree, for the code length tree
// (zlib's scan_tree).
func (t *treeState) scanTree(tree []ctData, maxCode int32) {
	prevLen := -1
	nextLen := int(tree[0].dl)
	count := 0
	maxCount, minCount := 7, 4
	if nextLen == 0 {
		maxCount, minCount = 138, 3
	}
	tree[maxCode+1].dl = 0xffff // guard
	for n := int32(0); n <= maxCode; n++ {
		curLen := nextLen
		nextLen = int(tree[n+1].dl)
		count++
		if count < maxCount && curLen == nextLen {
			continue
		}
		switch {
		case count < minCount:
			t.blTree[curLen].fc += uint16(count)
		case curLen != 0:
			if curLen != prevLen {
				t.blTree[curLen].fc++
			}
			t.blTree[rep3To6].fc++
		case count <= 10:
			t.blTree[repz3To10].fc++
		default:
			t.blTree[repz11To138].fc++
		}
		count = 0
		prevLen = curLen
		switch {
		case nextLen == 0:
			maxCount, minCount = 138, 3
		case curLen == nextLen:
			maxCount, minCount = 6, 3
		default:
			maxCount, minCount = 7, 4
		}
	}
}

// buildBLTree builds the code length tree and returns the index in blOrder of the last code length code
// to send (zlib's build_bl_tree).
func (t *treeState) buildBLTree() int {
	t.scanTree(t.dynLtree[:], t.lMaxCode)
	t.scanTree(t.dynDtree[:], t.dMaxCode)
	t.bMaxCode = t.buildTree(t.blTree[:], &blDesc)
	maxBLIndex := blCodes - 1
	for ; maxBLIndex >= 3; maxBLIndex-- {
		if t.blTree[blOrder[maxBLIndex]].dl != 0 {
			break
		}
	}
	// 3 bits per sent code length code, plus HLIT, HDIST and HCLEN.
	t.optLen += 3*uint64(maxBLIndex+1) + 5 + 5 + 4
	return maxBLIndex
}
