package deflate

import (
	"math/bits"
	"unsafe"
)

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

// buildTree builds the Huffman tree of tree's frequencies, sets its code lengths and codes, adds the
// block's cost to optLen and staticLen, and returns the largest code with a nonzero frequency
// (zlib's build_tree).
//
// It is zlib's heap construction, step for step: the order in which nodes of equal frequency and depth
// leave the heap decides which codes get the longer lengths, so any other construction (a stable sort
// with two queues, say) can give other, equally optimal, code lengths and thus other bytes. heap[1..
// heapLen] is a min-heap by (frequency, depth); heap[heapMax..heapSize-1] ends up holding the root and
// then every node in reverse merge order, parents before children, for genBitlen.
func (t *treeState) buildTree(tree []ctData, desc *treeDesc) int32 {
	stree := desc.stree
	elems := int32(desc.elems)
	tree = tree[:2*elems]
	heap := &t.heap
	// key orders nodes as zlib's smaller does: frequency, then depth (below 256), in one compare.
	var key [heapSize]uint32
	heapLen, heapMax := int32(0), int32(heapSize)
	maxCode := int32(-1)
	// tree, depth and key are indexed by node numbers below 2*elems-1 and heap by positions between
	// heapLen and heapMax, all in range (heapLen only grows to elems, heapMax only falls to heapLen),
	// so they go unchecked (nodeOf, depthOf, the key pointer, heapAt), as in downHeap.
	tp, dp, kp := unsafe.Pointer(&tree[0]), unsafe.Pointer(&t.depth), unsafe.Pointer(&key)
	nodeOf := func(n int32) *ctData { return (*ctData)(unsafe.Add(tp, uintptr(uint32(n))*4)) }
	depthOf := func(n int32) *uint8 { return (*uint8)(unsafe.Add(dp, uintptr(uint32(n)))) }
	keyOf := func(n int32) *uint32 { return (*uint32)(unsafe.Add(kp, uintptr(uint32(n))*4)) }
	hp := unsafe.Pointer(heap)
	heapAt := func(i int32) *int32 { return (*int32)(unsafe.Add(hp, uintptr(uint32(i))*4)) }
	for n := range elems {
		if tn := nodeOf(n); tn.fc != 0 {
			heapLen++
			*heapAt(heapLen) = n
			maxCode = n
			*depthOf(n) = 0
			*keyOf(n) = uint32(tn.fc) << 8
		} else {
			tn.dl = 0
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
		heap[heapLen] = node
		tree[node].fc = 1
		t.depth[node] = 0
		key[node] = 1 << 8
		t.optLen--
		if stree != nil {
			t.staticLen -= uint64(stree[node].dl)
		}
	}
	// heap[heapLen/2+1..heapLen] are leaves; build the heap from the last inner node down.
	for n := heapLen / 2; n >= 1; n-- {
		downHeap(heap, &key, heapLen, n)
	}
	node := elems // next internal node
	for {
		// Remove the two least frequent nodes and merge them.
		n := heap[1]
		heap[1] = *heapAt(heapLen)
		heapLen--
		downHeap(heap, &key, heapLen, 1)
		m := heap[1]
		heapMax--
		*heapAt(heapMax) = n
		heapMax--
		*heapAt(heapMax) = m
		tn, tm := nodeOf(n), nodeOf(m)
		fc := tn.fc + tm.fc
		d := max(*depthOf(n), *depthOf(m)) + 1
		nodeOf(node).fc = fc
		*depthOf(node) = d
		*keyOf(node) = uint32(fc)<<8 | uint32(d)
		tn.dl, tm.dl = uint16(node), uint16(node)
		heap[1] = node
		downHeap(heap, &key, heapLen, 1)
		node++
		if heapLen < 2 {
			break
		}
	}
	heapMax--
	heap[heapMax] = heap[1] // the root
	t.heapLen, t.heapMax = heapLen, heapMax
	t.genBitlen(tree, maxCode, desc)
	genCodes(tree, maxCode, &t.blCount)
	return maxCode
}

// downHeap restores the heap property of heap[1..heapLen] below position k by moving its node down
// (zlib's pqdownheap); a node sorts before another when its key is not greater (zlib's smaller: lower
// frequency, or equal frequency and no greater depth).
//
// It reads and writes both arrays through unsafe pointers with unsigned indices: positions are at most
// heapLen (no more than lCodes, below the heap's 2*lCodes+1 entries) and the nodes held are below
// heapSize, key's length, so every access is in range; the bounds checks and sign extensions of int32
// indices cost the engine a third more instructions here than zlib-ng's pqdownheap.
func downHeap(heap *[2*lCodes + 1]int32, key *[heapSize]uint32, heapLen, k int32) {
	hp, kp := unsafe.Pointer(heap), unsafe.Pointer(key)
	at := func(i uint) uint { return uint(*(*uint32)(unsafe.Add(hp, i*4))) }
	keyOf := func(n uint) uint32 { return *(*uint32)(unsafe.Add(kp, n*4)) }
	pos, last := uint(k), uint(heapLen)
	v := at(pos)
	kv := keyOf(v)
	for j := pos << 1; j <= last; j <<= 1 {
		hj := at(j)
		if j < last {
			if h1 := at(j + 1); keyOf(h1) <= keyOf(hj) {
				j++
				hj = h1
			}
		}
		if kv <= keyOf(hj) {
			break
		}
		*(*uint32)(unsafe.Add(hp, pos*4)) = uint32(hj)
		pos = j
	}
	*(*uint32)(unsafe.Add(hp, pos*4)) = uint32(v)
}

// genBitlen computes the code lengths from the tree, limits them to desc.maxLength by moving
// overflowing leaves down the tree, and updates optLen and staticLen (zlib's gen_bitlen).
func (t *treeState) genBitlen(tree []ctData, maxCode int32, desc *treeDesc) {
	stree, extra, base, maxLength := desc.stree, desc.extra, int32(desc.extraBase), uint16(desc.maxLength)
	clear(t.blCount[:])
	tree[t.heap[t.heapMax]].dl = 0 // the root
	overflow := 0
	// Unchecked, as in buildTree: heap[heapMax+1..] holds nodes below len(tree) whose dl is their
	// parent's node number, lengths are at most maxLength (below len(blCount)), and a leaf n at or
	// above base indexes extra within its alphabet and stree below its length.
	// So is heap, read from heapMax+1 to heapSize, its length.
	tp, cp, hp := unsafe.Pointer(&tree[0]), unsafe.Pointer(&t.blCount), unsafe.Pointer(&t.heap)
	nodeOf := func(n int32) *ctData { return (*ctData)(unsafe.Add(tp, uintptr(uint32(n))*4)) }
	ep := unsafe.Pointer(unsafe.SliceData(extra))
	var sp unsafe.Pointer // stree's entries, nil for the code length tree
	if stree != nil {
		sp = unsafe.Pointer(&stree[0])
	}
	optLen, staticLen := t.optLen, t.staticLen
	h := t.heapMax + 1
	for ; h < heapSize; h++ {
		n := *(*int32)(unsafe.Add(hp, uintptr(uint32(h))*4))
		tn := nodeOf(n)
		bits := nodeOf(int32(tn.dl)).dl + 1
		if bits > maxLength {
			bits = maxLength
			overflow++
		}
		tn.dl = bits
		if n > maxCode {
			continue // not a leaf
		}
		*(*uint16)(unsafe.Add(cp, uintptr(bits)*2))++
		xbits := uint64(0)
		if n >= base {
			xbits = uint64(*(*uint8)(unsafe.Add(ep, uintptr(uint32(n-base)))))
		}
		f := uint64(tn.fc)
		optLen += f * (uint64(bits) + xbits)
		if sp != nil {
			_, sl := ctCode(sp, uint(uint32(n)))
			staticLen += f * (uint64(sl) + xbits)
		}
	}
	t.optLen, t.staticLen = optLen, staticLen
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
	// Unchecked, as in genBitlen: tree holds more than maxCode entries, checked here, and a length is
	// at most maxBits, so it indexes nextCode in range. The walk goes by pointer, as gen_codes's, and
	// reads and writes each entry as one 32-bit word (ctCode, dlOf): the code in the half fcShift says,
	// the length, unchanged, in the other.
	_ = tree[maxCode]
	tp, np := unsafe.Pointer(&tree[0]), unsafe.Pointer(&nextCode)
	for n, last := uint(0), uint(maxCode); n <= last; n++ {
		l := dlOf(*(*uint32)(unsafe.Add(tp, n*4)))
		if l == 0 {
			continue
		}
		nc := (*uint16)(unsafe.Add(np, l*2))
		c := *nc
		*nc = c + 1
		*(*uint32)(unsafe.Add(tp, n*4)) = uint32(bits.Reverse16(c)>>((16-l)&15))<<fcShift | uint32(l)<<(16-fcShift)
	}
}

// blSym is one code length code symbol of a block's tree header as scanTree records it, for sendTree:
// the symbol (0-18) in bits 0-4, the number of its extra bits (0, 2, 3 or 7) in bits 5-7 and their
// value in bits 8-14.
type blSym uint16

// lengthRuns holds the code length code symbols of a block's two trees: scanTree finds the runs of
// their code lengths, counts them into the code length tree (zlib's scan_tree) and records the
// symbols that send them, and sendAllTrees sends those (zlib's send_tree walks the lengths again, and
// finds the same runs).
type lengthRuns struct {
	// A tree has at most one symbol per code (a run of n codes sends n symbols at most), and scanTree
	// stores three at a time: maxCode+1 <= lCodes or dCodes, and two to spare.
	rec  [lCodes + dCodes + 2]blSym
	nLit int // rec[:nLit] are the literal/length tree's symbols
	n    int // rec[nLit:n] the distance tree's
}

// dlOf takes the code length out of a tree entry loaded as one 32-bit word (ctCode): its upper half
// where fcShift is 0 (little-endian), one shift, else its lower half.
func dlOf(w uint32) uint {
	if fcShift == 0 {
		return uint(w >> 16)
	}
	return uint(w & 0xffff)
}

// scanTree splits the code lengths of tree[0..maxCode] into runs as zlib's scan_tree does, counts each
// run's codes into the code length tree's frequencies as scan_tree does, records the symbols
// send_tree would send for the run in out (which holds maxCode+3 symbols at least), and returns how
// many it recorded. It sets the guard entry tree[maxCode+1].
//
// The loop is scan_tree's, with its continue path (a code of the same length as the last, within the
// run's maximum) as an inner loop: no value changes there but the position, the count and the next
// length, so nothing is shuffled between registers at its back edge. The guard's length (0xffff) ends
// the last run at maxCode+1 at the latest.
func (t *treeState) scanTree(tree []ctData, maxCode int32, out []blSym) int {
	_ = tree[maxCode+1]
	_ = out[maxCode+2]
	tree[maxCode+1].dl = 0xffff // guard
	// The lengths are read and the frequencies counted unchecked: the walk reads up to tree[maxCode+1],
	// checked above, and counts code length codes, below blCodes; a run of n codes records n symbols at
	// most, and the last stores three, so out[:maxCode+3] (checked above) holds them all.
	//
	// A length is the upper or lower half of an entry's 32-bit word (ctCode, dlOf), and each access is
	// written out rather than through an inlined helper that would leave an inline mark, a NOP per code.
	p, end := unsafe.Pointer(&tree[0]), unsafe.Pointer(&tree[maxCode])
	bp, op := unsafe.Pointer(&t.blTree), unsafe.Pointer(&out[0])
	nextLen := dlOf(*(*uint32)(p))
	maxCount, minCount := uint(7), uint(4)
	if nextLen == 0 {
		maxCount, minCount = 138, 3
	}
	prevLen := ^uint(0)
	runs := uintptr(0)
	for uintptr(p) <= uintptr(end) {
		curLen := nextLen
		count := uint(0)
		for {
			p = unsafe.Add(p, 4) // at most &tree[maxCode+1], the guard
			count++
			nextLen = dlOf(*(*uint32)(p))
			if count >= maxCount || curLen != nextLen {
				break
			}
		}
		switch {
		case count < minCount:
			// count (at most 3) times the length itself: three stored, count kept.
			*(*uint32)(unsafe.Add(bp, curLen*4)) += uint32(count) << fcShift
			o := (*[3]blSym)(unsafe.Add(op, runs*2))
			o[0], o[1], o[2] = blSym(curLen), blSym(curLen), blSym(curLen)
			runs += uintptr(count)
		case curLen != 0:
			if curLen != prevLen {
				*(*uint32)(unsafe.Add(bp, curLen*4)) += 1 << fcShift
				*(*blSym)(unsafe.Add(op, runs*2)) = blSym(curLen)
				runs++
				count--
			}
			*(*uint32)(unsafe.Add(bp, rep3To6*4)) += 1 << fcShift
			*(*blSym)(unsafe.Add(op, runs*2)) = rep3To6 | 2<<5 | blSym(count-3)<<8
			runs++
		case count <= 10:
			*(*uint32)(unsafe.Add(bp, repz3To10*4)) += 1 << fcShift
			*(*blSym)(unsafe.Add(op, runs*2)) = repz3To10 | 3<<5 | blSym(count-3)<<8
			runs++
		default:
			*(*uint32)(unsafe.Add(bp, repz11To138*4)) += 1 << fcShift
			*(*blSym)(unsafe.Add(op, runs*2)) = repz11To138 | 7<<5 | blSym(count-11)<<8
			runs++
		}
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
	return int(runs)
}

// buildBLTree records the code length code symbols of the two trees in runs, builds the code length tree and
// returns the index in blOrder of the last code length code to send (zlib's build_bl_tree).
func (t *treeState) buildBLTree(runs *lengthRuns) int {
	runs.nLit = t.scanTree(t.dynLtree[:], t.lMaxCode, runs.rec[:])
	runs.n = runs.nLit + t.scanTree(t.dynDtree[:], t.dMaxCode, runs.rec[runs.nLit:])
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
