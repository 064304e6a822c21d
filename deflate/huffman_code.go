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
	// at most maxBits (so l&maxBits is l, and indexes nextCode unchecked).
	_ = tree[maxCode]
	tp := unsafe.Pointer(&tree[0])
	for n, last := uint(0), uint(maxCode); n <= last; n++ {
		tn := (*ctData)(unsafe.Add(tp, n*4))
		l := tn.dl & maxBits
		if l == 0 {
			continue
		}
		tn.fc = bits.Reverse16(nextCode[l]) >> (16 - l)
		nextCode[l]++
	}
}

// lengthRun is how one run of equal code lengths is coded in the code length alphabet (RFC 1951
// 3.2.7).
type lengthRun int

const (
	runLengths    lengthRun = iota // the length itself, count times
	runRepeat                      // the length once if it differs from the previous run's, then code 16
	runZeros3To10                  // code 17
	runZeros11Up                   // code 18
)

// lengthRunRec is one run as walkLengthRuns records it: count (at most 138) in bits 0-7, the code
// length (at most 15) in bits 8-11, whether it differs from the previous run's in bit 12, the
// lengthRun in bits 13-14.
type lengthRunRec uint16

func (r lengthRunRec) kind() lengthRun { return lengthRun(r >> 13) }
func (r lengthRunRec) curLen() int     { return int(r>>8) & 15 }
func (r lengthRunRec) count() int      { return int(r & 0xff) }
func (r lengthRunRec) changed() bool   { return r&(1<<12) != 0 }

// lengthRuns holds the runs of a block's two trees' code lengths: buildBLTree finds them once, counts
// them into the code length tree (zlib's scan_tree) and keeps them, and sendAllTrees sends them (zlib's
// send_tree walks the lengths again, and finds the same runs).
type lengthRuns struct {
	rec  [lCodes + dCodes]lengthRunRec // a tree has at most one run per code: maxCode+1 <= lCodes or dCodes
	nLit int                           // rec[:nLit] are the literal/length tree's runs
	n    int                           // rec[nLit:n] the distance tree's
}

// walkLengthRuns splits the code lengths of tree[0..maxCode] into runs as zlib's scan_tree and
// send_tree do, records each run in out (which holds maxCode+1 runs at least) with its kind, length,
// count and whether the length differs from the previous run's, and returns how many it recorded. It
// sets the guard entry tree[maxCode+1].
func walkLengthRuns(tree []ctData, maxCode int32, out []lengthRunRec) int {
	out = out[:maxCode+1]
	runs := 0
	prevLen := -1
	nextLen := int(tree[0].dl)
	count := 0
	maxCount, minCount := 7, 4
	if nextLen == 0 {
		maxCount, minCount = 138, 3
	}
	tree[maxCode+1].dl = 0xffff // guard
	// The lengths are read unchecked (ctCode): n+1 is at most maxCode+1, just written.
	tp := unsafe.Pointer(&tree[0])
	for n := uint(0); n <= uint(maxCode); n++ {
		curLen := nextLen
		_, l := ctCode(tp, n+1)
		nextLen = int(l)
		count++
		if count < maxCount && curLen == nextLen {
			continue
		}
		var kind lengthRun
		switch {
		case count < minCount:
			kind = runLengths
		case curLen != 0:
			kind = runRepeat
		case count <= 10:
			kind = runZeros3To10
		default:
			kind = runZeros11Up
		}
		rec := lengthRunRec(kind)<<13 | lengthRunRec(curLen)<<8 | lengthRunRec(count)
		if curLen != prevLen {
			rec |= 1 << 12
		}
		out[runs] = rec // runs <= n: a run ends at each recorded code at most
		runs++
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
	return runs
}

// scanTree counts how often each code length and repeat code occurs in runs, the runs of a tree, for
// the code length tree (zlib's scan_tree).
func (t *treeState) scanTree(runs []lengthRunRec) {
	for _, r := range runs {
		switch r.kind() {
		case runLengths:
			t.blTree[r.curLen()].fc += uint16(r.count())
		case runRepeat:
			if r.changed() {
				t.blTree[r.curLen()].fc++
			}
			t.blTree[rep3To6].fc++
		case runZeros3To10:
			t.blTree[repz3To10].fc++
		case runZeros11Up:
			t.blTree[repz11To138].fc++
		}
	}
}

// buildBLTree finds the runs of the two trees' code lengths into runs, builds the code length tree and
// returns the index in blOrder of the last code length code to send (zlib's build_bl_tree).
func (t *treeState) buildBLTree(runs *lengthRuns) int {
	runs.nLit = walkLengthRuns(t.dynLtree[:], t.lMaxCode, runs.rec[:])
	runs.n = runs.nLit + walkLengthRuns(t.dynDtree[:], t.dMaxCode, runs.rec[runs.nLit:])
	t.scanTree(runs.rec[:runs.n])
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
