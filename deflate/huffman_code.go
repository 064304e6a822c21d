package deflate

import (
	"math/bits"
	"unsafe"
)

// treeDesc describes one of the three dynamic trees of a block (zlib's tree_desc + static_tree_desc).
type treeDesc struct {
	stree     []ctData // the static tree of the same alphabet, to cost the block with fixed codes; nil for bl
	extra     []uint8  // extra bits of each code of the alphabet: zlib's extra_bits from its extra_base on, 0 before
	elems     int      // codes in the alphabet
	maxLength int      // longest code allowed
}

var (
	lDesc  = treeDesc{staticLtree[:], extraLBitsAll[:], lCodes, maxBits}
	dDesc  = treeDesc{staticDtree[:], extraDBits[:], dCodes, maxBits}
	blDesc = treeDesc{nil, extraBLBits[:], blCodes, maxBLBits}
)

// extraLBitsAll is extraLBits from the first length code (zlib's extra_base, literals+1) on, and 0 for
// the literals and END_BLOCK: genBitlen reads a leaf's extra bits without a test of the base.
var extraLBitsAll = func() (x [lCodes]uint8) {
	copy(x[literals+1:], extraLBits[:])
	return x
}()

// buildTree builds the Huffman tree of tree's frequencies, sets its code lengths and codes, adds the
// block's cost to optLen and staticLen, and returns the largest code with a nonzero frequency
// (zlib's build_tree).
//
// It is zlib's heap construction, step for step: the order in which nodes of equal frequency and depth
// leave the heap decides which codes get the longer lengths, so any other construction (a stable sort
// with two queues, say) can give other, equally optimal, code lengths and thus other bytes. heap[1..
// heapLen] is a min-heap by (frequency, depth); heap[heapMax..heapSize-1] ends up holding the root and
// then every node in reverse merge order, parents before children, for genBitlen. As in zlib, the heap's
// length and first used entry live in the state (t.heapLen, t.heapMax), which downHeap reads, so few
// values are live across its calls.
func (t *treeState) buildTree(tree []ctData, desc *treeDesc) int32 {
	stree := desc.stree
	elems := uint(desc.elems)
	// tree and depth are indexed by node numbers below 2*elems-1 (checked here) and heap by positions
	// between heapLen and heapMax, all in range (heapLen only grows to elems, heapMax only falls to
	// heapLen), so they go unchecked, as in downHeap.
	_ = tree[2*elems-1]
	tp, hp := unsafe.Pointer(&tree[0]), unsafe.Pointer(&t.heap)
	heapLen := uint(0)
	for n := uint(0); n < elems; n++ {
		// A zero frequency's entry is all zero after this (its length 0), written as one word;
		// maxCode is found after the loop, the last node pushed, to keep the loop free of merges of
		// values (which cost register moves at its back edge).
		if uint16(*(*uint32)(unsafe.Add(tp, n*4))>>fcShift) != 0 {
			heapLen++
			*(*int32)(unsafe.Add(hp, heapLen*4)) = int32(n)
			*(*uint8)(unsafe.Add(unsafe.Pointer(&t.depth), n)) = 0
		} else {
			*(*uint32)(unsafe.Add(tp, n*4)) = 0
		}
	}
	maxCode := -1
	if heapLen > 0 {
		maxCode = int(t.heap[heapLen])
	}
	// The pkzip format requires at least one distance code and at least two codes of some kind, so
	// force frequencies of at least one and at least two codes.
	for heapLen < 2 {
		node := 0
		if maxCode < 2 {
			maxCode++
			node = maxCode
		}
		heapLen++
		t.heap[heapLen] = int32(node)
		tree[node].fc = 1
		t.depth[node] = 0
		t.optLen--
		if stree != nil {
			t.staticLen -= uint64(stree[node].dl)
		}
	}
	t.heapLen = int32(heapLen)
	t.buildTreeNodes(tp, elems)
	t.genBitlen(tree, int32(maxCode), desc)
	genCodes(tree, int32(maxCode), &t.blCount)
	return int32(maxCode)
}

// buildTreeNodesGo makes heap[1..heapLen] (its leaves' nodes) a heap and merges its nodes into the tree
// at tp, the next internal node being elems (the rest of zlib's build_tree). It is buildTree's, in a
// function of its own: Go keeps no register across a call, and buildTree's values used after these
// loops (the tree, its descriptor, maxCode) were reloaded after every call of downHeap.
//
// buildTreeNodes is this function; on amd64 it is gcc's build of these loops in assembly (heap_amd64.s).
func (t *treeState) buildTreeNodesGo(tp unsafe.Pointer, elems uint) {
	hp, dp := unsafe.Pointer(&t.heap), unsafe.Pointer(&t.depth)
	// heap[heapLen/2+1..heapLen] are leaves; build the heap from the last inner node down.
	for n := uint(uint32(t.heapLen)) / 2; n >= 1; n-- {
		t.downHeapGo(tp, n)
	}
	t.heapMax = heapSize
	node := elems // next internal node
	for {
		// Remove the two least frequent nodes and merge them (zlib's pqremove, then the merge). An
		// entry is read and written as one 32-bit word (ctCode): the new node's length is 0 until it
		// is merged in turn, and a merged node's length is its parent's number.
		t.heapMax -= 2
		hm := uintptr(uint32(t.heapMax))
		*(*int32)(unsafe.Add(hp, hm*4+4)) = t.heap[1]
		t.heap[1] = *(*int32)(unsafe.Add(hp, uintptr(uint32(t.heapLen))*4))
		t.heapLen--
		// heap[heapMax+1] is the removed node's, n's, before the call (downHeap moves nodes within
		// heap[1..heapLen], below heapMax), and n is read back from it after the call rather than
		// kept across it (Go keeps no register across a call: a value kept is stored and reloaded).
		t.downHeapGo(tp, 1)
		hm = uintptr(uint32(t.heapMax))
		n := uint(*(*uint32)(unsafe.Add(hp, hm*4+4)))
		m := uint(uint32(t.heap[1]))
		*(*int32)(unsafe.Add(hp, hm*4)) = int32(m)
		wn, wm := *(*uint32)(unsafe.Add(tp, n*4)), *(*uint32)(unsafe.Add(tp, m*4))
		const fcMask = 0xffff << fcShift
		*(*uint32)(unsafe.Add(tp, node*4)) = (wn&fcMask + wm&fcMask) & fcMask
		*(*uint8)(unsafe.Add(dp, node)) = max(*(*uint8)(unsafe.Add(dp, n)), *(*uint8)(unsafe.Add(dp, m))) + 1
		dad := uint32(node) << (16 - fcShift)
		*(*uint32)(unsafe.Add(tp, n*4)) = wn&fcMask | dad
		*(*uint32)(unsafe.Add(tp, m*4)) = wm&fcMask | dad
		t.heap[1] = int32(node)
		node++
		t.downHeapGo(tp, 1)
		if t.heapLen < 2 {
			break
		}
	}
	t.heapMax--
	t.heap[t.heapMax] = t.heap[1] // the root
}

// downHeapGo restores the heap property of heap[1..heapLen] below position k by moving its node down
// (zlib's pqdownheap): a node sorts before another when its frequency is lower, or equal and its depth
// no greater (zlib's smaller), tree holding the frequencies.
//
// It reads the heap, the tree and the depths through unsafe pointers with unsigned indices: positions
// are at most heapLen (no more than lCodes, below the heap's 2*lCodes+1 entries) and the nodes held are
// below heapSize, depth's length and at most the tree's, so every access is in range. A frequency is
// the half of the entry's 32-bit word that fcShift says (ctCode): Go folds an index scaled by 4 into a
// 32-bit load, not into a 16-bit one.
//
// On amd64 buildTreeNodes calls gcc's build of pqdownheap in assembly (heap_amd64.s).
func (t *treeState) downHeapGo(tp unsafe.Pointer, k uint) {
	hp, dp := unsafe.Pointer(&t.heap), unsafe.Pointer(&t.depth)
	last := uint(uint32(t.heapLen))
	v := uint(*(*uint32)(unsafe.Add(hp, k*4)))
	fv := uint16(*(*uint32)(unsafe.Add(tp, v*4)) >> fcShift)
	for j := k << 1; j <= last; j <<= 1 {
		hj := uint(*(*uint32)(unsafe.Add(hp, j*4)))
		fj := uint16(*(*uint32)(unsafe.Add(tp, hj*4)) >> fcShift)
		if j < last {
			h1 := uint(*(*uint32)(unsafe.Add(hp, j*4+4)))
			f1 := uint16(*(*uint32)(unsafe.Add(tp, h1*4)) >> fcShift)
			if f1 < fj || f1 == fj && *(*uint8)(unsafe.Add(dp, h1)) <= *(*uint8)(unsafe.Add(dp, hj)) {
				j++
				hj, fj = h1, f1
			}
		}
		if fv < fj || fv == fj && *(*uint8)(unsafe.Add(dp, v)) <= *(*uint8)(unsafe.Add(dp, hj)) {
			break
		}
		*(*uint32)(unsafe.Add(hp, k*4)) = uint32(hj)
		k = j
	}
	*(*uint32)(unsafe.Add(hp, k*4)) = uint32(v)
}

// genBitlen computes the code lengths from the tree, limits them to desc.maxLength by moving
// overflowing leaves down the tree, and updates optLen and staticLen (zlib's gen_bitlen).
func (t *treeState) genBitlen(tree []ctData, maxCode int32, desc *treeDesc) {
	stree, extra, maxLength := desc.stree, desc.extra, uint(desc.maxLength)
	clear(t.blCount[:])
	tree[t.heap[t.heapMax]].dl = 0 // the root
	overflow := 0
	// Unchecked, as in buildTree: heap[heapMax+1..] holds nodes below len(tree) whose dl is their
	// parent's node number, lengths are at most maxLength (below len(blCount)), and a leaf n indexes
	// extra and stree within its alphabet (checked here). So is heap, read from heapMax+1 to heapSize,
	// its length.
	//
	// As gen_bitlen, the loop adds to blCount, optLen and staticLen in the state, and reads the heap
	// from it: with t in a register they are addressed from it, which leaves registers for the tree,
	// the extra bits, the static tree and the loop's bounds (Go keeps no callee-saved registers, and
	// more live values than registers spilled them in the loop). A node's length is read with its
	// entry's 32-bit word (ctCode, dlOf); a leaf's extra bits are read without zlib's test of extra_base
	// (extraLBitsAll).
	_ = extra[maxCode]
	tp, ep := unsafe.Pointer(&tree[0]), unsafe.Pointer(&extra[0])
	var sp unsafe.Pointer // stree's entries, nil for the code length tree
	if stree != nil {
		_ = stree[maxCode]
		sp = unsafe.Pointer(&stree[0])
	}
	last, notMax := uint(maxCode), ^maxLength
	for h := uint(uint32(t.heapMax)) + 1; h < heapSize; h++ {
		n := uint(*(*uint32)(unsafe.Add(unsafe.Pointer(&t.heap), h*4)))
		bits := dlOf(*(*uint32)(unsafe.Add(tp, dlOf(*(*uint32)(unsafe.Add(tp, n*4)))*4))) + 1
		if bits > maxLength {
			// The parent's length is at most maxLength, so bits is maxLength+1: one less is
			// maxLength, without a copy of maxLength (which made the register allocator swap the two
			// at the merge and spill).
			bits--
			overflow++
		}
		(*ctData)(unsafe.Add(tp, n*4)).dl = uint16(bits)
		if n > last {
			continue // not a leaf
		}
		*(*uint16)(unsafe.Add(unsafe.Pointer(&t.blCount), bits*2))++
		xbits := uint(*(*uint8)(unsafe.Add(ep, n)))
		f := uint64((*ctData)(unsafe.Add(tp, n*4)).fc)
		t.optLen += f * uint64(bits+xbits)
		if sp != nil {
			t.staticLen += f * uint64(dlOf(*(*uint32)(unsafe.Add(sp, n*4)))+xbits)
		}
	}
	if overflow != 0 {
		t.fixOverflow((*[heapSize]ctData)(tp), last, notMax, overflow)
	}
}

// fixOverflow limits the code lengths genBitlen found to maxLength (^notMax), overflow of them having
// been longer: the second half of zlib's gen_bitlen, out of genBitlen's loop. tree is the tree's
// entries, as many as the alphabet has nodes or fewer (only entries of leaves, at most maxCode, are
// read). It takes the values genBitlen's loop has in registers: a value live after the loop but not
// used in it (maxCode, maxLength) was reloaded from the stack in every iteration.
func (t *treeState) fixOverflow(tree *[heapSize]ctData, maxCode, notMax uint, overflow int) {
	maxLength := ^notMax
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
	h := heapSize
	for bits := maxLength; bits != 0; bits-- {
		n := t.blCount[bits]
		for n != 0 {
			h--
			m := t.heap[h]
			if uint(m) > maxCode {
				continue
			}
			if uint(tree[m].dl) != bits {
				t.optLen += (uint64(bits) - uint64(tree[m].dl)) * uint64(tree[m].fc)
				tree[m].dl = uint16(bits)
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
	// at most maxBits, so it indexes nextCode in range. A length is read with its entry's 32-bit word
	// (ctCode, dlOf), and the code written alone.
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
		(*ctData)(unsafe.Add(tp, n*4)).fc = bits.Reverse16(c) >> ((16 - l) & 15)
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
