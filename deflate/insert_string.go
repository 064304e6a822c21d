package deflate

import (
	"encoding/binary"
	"unsafe"
)

// zlib-ng's hash for every level but 9: the four bytes at a position, read little-endian, times
// Knuth's golden-ratio prime, keeping the top 16 bits (insert_string.c). Levels whose chain is longer
// than 1024 (level 9) use the rolling hash instead (insert_string_roll.go).

// hash4At is zlib-ng's HASH_CALC of the four little-endian bytes at window+pos. As in zlib-ng, the read
// may run up to three bytes past the window into the prev region that every Layout places right after
// it (hashing the last positions of a full window), so it goes through a pointer rather than the window
// slice. It is one expression on one line: as hash4(load32(...)), the nested inlined calls left inline
// marks, NOPs executed at every position hashed (an inline mark costs nothing only where an instruction
// of the caller's shares its line).
func hash4At(window unsafe.Pointer, pos int) uint32 {
	return binary.LittleEndian.Uint32((*[4]byte)(unsafe.Add(window, pos))[:]) * hashMul >> hashShift
}

// windowPtr is the start of the window, for hash4At and the matchers.
func (s *State) windowPtr() unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(s.window)) }

// quickInsertString links position str into its hash chain and returns the previous head of that
// chain (zlib-ng's quick_insert_string). When str already heads its chain, nothing changes, so a
// position inserted twice never links to itself.
func (s *State) quickInsertString(str int) int {
	if s.rollHash {
		return s.quickInsertStringRoll(str)
	}
	return s.quickInsert4(str)
}

// quickInsert4 is quickInsertString with the multiplicative hash, for the compress functions that never
// run with the rolling hash (deflate_fast, deflate_medium, and deflate_slow below level 9). It is small
// enough for Go to inline, and a call per position costs as much as the insertion: zlib-ng pays that
// call (its quick_insert_string is in another file), which the engine copies only where its levels
// would otherwise run well below zlib-ng's cost (quickInsertCall, levels 3-4; BENCHMARKS.md).
func (s *State) quickInsert4(str int) int {
	h := hash4At(s.windowPtr(), str)
	head := int(s.head[h])
	if head != str {
		s.setPrev(str, uint16(head))
		s.head[h] = uint16(str)
	}
	return head
}

// setPrev links position str to the earlier position head: prev[str&wmask], written through a pointer
// since prev has wmask+1 entries (bindViews), which Go cannot prove.
func (s *State) setPrev(str int, head uint16) {
	*(*uint16)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s.prev)), 2*(str&s.wmask))) = head
}

// insertString inserts count positions from str on (zlib-ng's insert_string).
func (s *State) insertString(str, count int) {
	if s.rollHash {
		s.insertStringRoll(str, count)
		return
	}
	s.insertString4(str, count)
}

// insertString4 is insertString with the multiplicative hash. prev is written through a pointer: its
// index is masked by wmask and prev has wmask+1 entries (checked once), which Go cannot prove.
func (s *State) insertString4(str, count int) {
	w := s.windowPtr()
	head, wmask := s.head, s.wmask
	_ = head[0]       // one nil check, not one per position
	_ = s.prev[wmask] // prev has wmask+1 entries
	prev := unsafe.Pointer(unsafe.SliceData(s.prev))
	if count <= 0 {
		return
	}
	// The test at the bottom: with it at the top, the padding that aligns the loop's head ran once
	// per position.
	for idx, end := str, str+count; ; {
		h := hash4At(w, idx)
		p := uint16(idx)
		if old := head[h]; old != p {
			*(*uint16)(unsafe.Add(prev, 2*(idx&wmask))) = old
			head[h] = p
		}
		if idx++; idx == end {
			return
		}
	}
}
