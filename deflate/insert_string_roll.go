package deflate

import "unsafe"

// zlib-ng's rolling hash (insert_string_roll.c), used when the chain is longer than 1024 (level 9) so
// that longest_match_slow can look up the hash of any three bytes: h = (h<<5 ^ byte) over the three
// bytes ending at position+2, masked to 15 bits. It keeps its state in insH across calls.

const (
	rollHashShift = 5         // HASH_SLIDE of the rolling hash
	rollHashMask  = 1<<15 - 1 // the rolling hash keeps 15 bits
)

// updateHashRoll adds byte val to the rolling hash h (zlib-ng's update_hash_roll).
func updateHashRoll(h uint32, val byte) uint32 {
	return (h<<rollHashShift ^ uint32(val)) & rollHashMask
}

// quickInsertStringRoll is quickInsertString with the rolling hash of the byte at str+2. prev is
// written through a pointer, as in insertString4.
func (s *State) quickInsertStringRoll(str int) int {
	h := updateHashRoll(s.insH, *(*byte)(unsafe.Add(s.windowPtr(), str+minMatch-1)))
	s.insH = h
	head := int(s.head[h])
	if head != str {
		s.setPrev(str, uint16(head))
		s.head[h] = uint16(str)
	}
	return head
}

// insertStringRoll is insertString with the rolling hash, its state in a local across the loop and
// prev written through a pointer (insertString4 says why).
func (s *State) insertStringRoll(str, count int) {
	w := s.windowPtr()
	head, wmask := s.head, s.wmask
	_ = head[0]       // one nil check, not one per position
	_ = s.prev[wmask] // prev has wmask+1 entries
	prev := unsafe.Pointer(unsafe.SliceData(s.prev))
	h := s.insH
	for idx, end := str, str+count; idx < end; idx++ {
		h = updateHashRoll(h, *(*byte)(unsafe.Add(w, idx+minMatch-1)))
		p := uint16(idx)
		if old := head[h]; old != p {
			*(*uint16)(unsafe.Add(prev, 2*(idx&wmask))) = old
			head[h] = p
		}
	}
	s.insH = h
}
