package deflate

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

// smaller orders heap nodes by frequency, then by depth (zlib's smaller macro).
func (t *treeState) smaller(tree []ctData, n, m int32) bool {
	return tree[n].fc < tree[m].fc || (tree[n].fc == tree[m].fc && t.depth[n] <= t.depth[m])
}

// pqdownheap restores the heap property by moving heap[k] down (zlib's pqdownheap).
func (t *treeState) pqdownheap(tree []ctData, k int32) {
	v := t.heap[k]
	j := k << 1
	for j <= t.heapLen {
		if j < t.heapLen && t.smaller(tree, t.heap[j+1], t.heap[j]) {
			j++
		}
		if t.smaller(tree, v, t.heap[j]) {
			break
		}
		t.heap[k] = t.heap[j]
		k = j
		j <<= 1
	}
	t.heap[k] = v
}

// buildTree builds the Huffman tree of tree's frequencies, sets its code lengths and codes, adds the
// block's cost to optLen and staticLen, and returns the largest code with a nonzero frequency
// (zlib's build_tree).
func (t *treeState) buildTree(tree []ctData, desc *treeDesc) int32 {
	stree := desc.stree
	elems := int32(desc.elems)
	maxCode := int32(-1)
	t.heapLen = 0
	t.heapMax = heapSize
	for n := range elems {
		if tree[n].fc != 0 {
			t.heapLen++
			t.heap[t.heapLen] = n
			maxCode = n
			t.depth[n] = 0
		} else {
			tree[n].dl = 0
		}
	}
	// The pkzip format requires at least one distance code and at least two codes of some kind, so
	// force frequencies of at least one and at least two codes.
	for t.heapLen < 2 {
		node := int32(0)
		if maxCode < 2 {
			maxCode++
			node = maxCode
		}
		t.heapLen++
		t.heap[t.heapLen] = node
		tree[node].fc = 1
		t.depth[node] = 0
		t.optLen--
		if stree != nil {
			t.staticLen -= uint64(stree[node].dl)
		}
	}
	for n := t.heapLen / 2; n >= 1; n-- {
		t.pqdownheap(tree, n)
	}
	node := elems
	for {
		n := t.heap[1]
		t.heap[1] = t.heap[t.heapLen]
		t.heapLen--
		t.pqdownheap(tree, 1)
		m := t.heap[1]
		t.heapMax--
		t.heap[t.heapMax] = n
		t.heapMax--
		t.heap[t.heapMax] = m
		tree[node].fc = tree[n].fc + tree[m].fc
		t.depth[node] = max(t.depth[n], t.depth[m]) + 1
		tree[n].dl, tree[m].dl = uint16(node), uint16(node)
		t.heap[1] = node
		node++
		t.pqdownheap(tree, 1)
		if t.heapLen < 2 {
			break
		}
	}
	t.heapMax--
	t.heap[t.heapMax] = t.heap[1]
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
