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

// quickInsertStringRoll is quickInsertString with the rolling hash of the byte at str+2.
func (s *State) quickInsertStringRoll(str int) int {
	s.insH = updateHashRoll(s.insH, *(*byte)(unsafe.Add(s.windowPtr(), str+minMatch-1)))
	h := s.insH
	head := int(s.head[h])
	if head != str {
		s.prev[str&s.wmask] = uint16(head)
		s.head[h] = uint16(str)
	}
	return head
}

// insertStringRoll is insertString with the rolling hash.
func (s *State) insertStringRoll(str, count int) {
	for idx := str; idx < str+count; idx++ {
		s.insH = updateHashRoll(s.insH, *(*byte)(unsafe.Add(s.windowPtr(), idx+minMatch-1)))
		h := s.insH
		if head := s.head[h]; int(head) != idx {
			s.prev[idx&s.wmask] = head
			s.head[h] = uint16(idx)
		}
	}
}
