// Legacy lazy matcher, kept for level_slow.go until deflate_slow is ported (engine-b); delete then.
package deflate

import (
	"encoding/binary"
	"unsafe"
)

// hashTables is the hash heads and chain links as the matchers' inner loops hold them: in locals,
// with prev as a pointer to wmask+1 links.
type hashTables struct {
	head  *[hashSize]uint16
	prev  unsafe.Pointer
	wmask int
}

func (s *State) hashTables() hashTables {
	_ = s.prev[s.wmask]
	return hashTables{s.head, unsafe.Pointer(unsafe.SliceData(s.prev)), s.wmask}
}

// insert links position pos of window into its hash chain and returns the previous head of that
// chain (zlib's INSERT_STRING). pos must have hashBytes valid bytes.
func (t hashTables) insert(window []byte, pos int) int {
	h := hash4(binary.LittleEndian.Uint32(window[pos:]))
	old := t.head[h]
	*(*uint16)(unsafe.Add(t.prev, 2*(pos&t.wmask))) = old
	t.head[h] = uint16(pos)
	return int(old)
}

// insertRange inserts positions from..to-1, which must all have hashBytes valid bytes (zlib-ng's
// insert_string with a count). The window range is bounds-checked once; the loop reads it and writes
// prev through pointers.
func (s *State) insertRange(from, to int) {
	if from >= to {
		return
	}
	win := s.window[from : to+hashBytes-1]
	w := unsafe.Pointer(unsafe.SliceData(win))
	head := s.head
	wmask := s.wmask
	_ = s.prev[wmask]
	prev := unsafe.Pointer(unsafe.SliceData(s.prev))
	for i := range to - from {
		pos := from + i
		h := hash4(binary.LittleEndian.Uint32((*[4]byte)(unsafe.Add(w, i))[:]))
		*(*uint16)(unsafe.Add(prev, 2*(pos&wmask))) = head[h]
		head[h] = uint16(pos)
	}
}

// longestMatchLegacy is the engine's lazy matcher before zlib-ng's deflate_slow was ported; it stays
// only until that port replaces level_slow.go. It walks the hash chain from curMatch and returns the length and start of the longest
// match at strstart no longer than lookahead (zlib's longest_match). Only a match longer than
// prevLength replaces (prevLength, matchStart); otherwise they come back unchanged.
//
// It checks the two bytes that end the current best match before comparing a candidate from its
// start, and compares eight bytes at a time. With jump (the lazy levels, as zlib-ng's
// LONGEST_MATCH_SLOW), each new best match moves the walk to the chain that skips the most candidates
// (rarestChain). The loop reads the window through unsafe pointers: every candidate start is checked
// to lie in [strstart-maxDist, strstart-1] and above 0 before it is read, and no read goes past
// strstart+maxLen, the end of the valid input.
func (s *State) longestMatchLegacy(curMatch, scan, lookahead, prevLength, matchStart int, jump bool) (int, int) {
	chainLength := s.maxChainLength
	bestLen := prevLength
	maxLen := min(maxMatch, lookahead)
	if bestLen >= maxLen {
		return bestLen, matchStart // nothing longer can fit
	}
	niceMatch := min(s.niceMatch, maxLen)
	if prevLength >= s.goodMatch {
		chainLength >>= 2
	}
	maxDist := uint(s.maxDist)
	wmask := s.wmask
	scanWin := s.window[scan : scan+maxLen] // bounds-checked once: the reads below stay inside
	base := unsafe.Pointer(unsafe.SliceData(s.window))
	scanPtr := unsafe.Pointer(unsafe.SliceData(scanWin))
	prev := unsafe.Pointer(unsafe.SliceData(s.prev))
	_ = s.prev[wmask] // prev holds wsize = wmask+1 links
	scanStart := load16(scanPtr, 0)
	scanEnd := load16(scanPtr, bestLen-1)
	off := 0 // curMatch is a position of the chain being walked; candidates start off bytes before it
	if i := bestLen + 1 - hashBytes; jump && i >= 0 && scan-curMatch > i {
		// A match longer than prevLength repeats the four bytes ending one past it, at start+i: start
		// from that hash's chain when its head is older than the first candidate (see rarestChain).
		// Every candidate from curMatch on is more than i back, so its start+i was inserted.
		if p := int(s.head[hash4(binary.LittleEndian.Uint32(scanWin[i:]))]); p-i < curMatch {
			curMatch, off = p, i
		}
	}
	for {
		start := curMatch - off
		if start <= 0 || uint(scan-start-1) >= maxDist {
			break
		}
		m := unsafe.Add(base, start)
		if load16(m, bestLen-1) == scanEnd && load16(m, 0) == scanStart {
			n := matchLenPtr(m, scanPtr, maxLen)
			if n > bestLen {
				matchStart = start
				bestLen = n
				if n >= niceMatch {
					break
				}
				scanEnd = load16(scanPtr, bestLen-1)
				if jump && start+n <= scan && chainLength > n>>3 {
					chainLength--
					if chainLength == 0 {
						break
					}
					curMatch, off = s.rarestChain(start, n, scan)
					continue
				}
			}
		}
		chainLength--
		if chainLength == 0 {
			break
		}
		curMatch = int(*(*uint16)(unsafe.Add(prev, 2*(curMatch&wmask))))
	}
	return bestLen, matchStart
}

// rarestChain chooses where to continue after a match of length n at start, strictly before scan
// and with n+1 valid bytes at scan. A longer match must repeat every four bytes of scan[0:n+1], so at
// each offset i its start plus i lies on the chain of the hash of scan[i:i+4], which for i <= n-4
// continues at prev[start+i], and for i = n-3 (one byte past the current match) starts at that hash's
// head. The chain whose next position, less i, is oldest skips the most candidates; it returns that
// position and its offset i. Every position read was inserted in this stream: start+n <= scan.
func (s *State) rarestChain(start, n, scan int) (curMatch, off int) {
	wmask := s.wmask
	_ = s.prev[wmask]
	prev := unsafe.Pointer(unsafe.SliceData(s.prev))
	// Keys pack (candidate start)*512 + offset, so the smallest key is the oldest candidate, found
	// with branch-free min; offsets stay below 256.
	best := start << 9
	for i := 0; i <= n-hashBytes; i++ {
		p := int(*(*uint16)(unsafe.Add(prev, 2*((start+i)&wmask))))
		best = min(best, (p-i)<<9|i)
	}
	i := n + 1 - hashBytes
	p := int(s.head[hash4(binary.LittleEndian.Uint32(s.window[scan+i:]))])
	best = min(best, (p-i)<<9|i)
	off = best & 511
	return best>>9 + off, off
}
