package deflate

import "unsafe"

// mediumMatch is deflate_medium's current match: a match of length at strstart copying from
// matchStart, or length literals (length < wantMinMatch); orgstart is where it was found, before
// fizzleMatches moved it.
type mediumMatch struct {
	matchStart int
	length     int
	strstart   int
	orgstart   int
}

// packedMatch is deflate_medium's next match as zlib-ng keeps it: struct match, four 16-bit fields
// (every position is below 2*wsize <= 65,536) in one 8-byte object in memory, stored field by field
// and copied into the current match as a whole. That copy, waiting for the stores before it, is where
// zlib-ng's deflate_medium spends most of its time (perf annotate), so the engine makes the same one.
// With both matches in registers the engine took about 0.75x zlib-ng's time at level 6, with both in
// memory about 1.2x, this way about 1.0x (BENCHMARKS.md). mediumRunLazy keeps it so too.
type packedMatch [4]uint16

// The fields of a packedMatch, in zlib-ng's order.
const (
	pmMatchStart = iota
	pmLength
	pmStrstart
	pmOrgstart
)

// unpack copies p into a mediumMatch, reading its eight bytes at once as zlib-ng's struct copy does.
func (p *packedMatch) unpack() mediumMatch {
	w := *(*uint64)(unsafe.Pointer(p))
	return mediumMatch{matchStart: int(uint16(w)), length: int(uint16(w >> 16)), strstart: int(uint16(w >> 32)), orgstart: int(uint16(w >> 48))}
}

// deflateMedium is levels 3-6 (zlib-ng's deflate_medium): greedy matching that, from level 5 on, also
// finds the match at the position after the current one and, when the two overlap, moves the next one
// back over the end of the current one (fizzleMatches) if that turns the current one into at most one
// literal. A match found ahead is used as the next current match. Nothing carries over between calls. Its
// chains are never longer than 1024, so it hashes with the multiplicative hash only (quickInsert4).
// While minLookahead bytes are ahead it runs mediumRunGreedy (levels 3-4) or mediumRunLazy (5-6); the
// loop below is the same step for the last bytes of the input, where the window may need refilling.
func (s *State) deflateMedium(flush Flush) blockState {
	earlyExit := s.level < 5
	var current mediumMatch
	var next packedMatch
	for {
		if s.lookahead < minLookahead {
			if s.refill(flush, minLookahead) {
				return needMore
			}
			if s.lookahead == 0 {
				break
			}
			next[pmLength] = 0
		}
		if s.lookahead >= minLookahead {
			var full bool
			if earlyExit {
				full = s.mediumRunGreedy()
			} else {
				full = s.mediumRunLazy(&next)
			}
			if full && s.flushBlock(false) {
				return needMore
			}
			continue
		}

		if !earlyExit && next[pmLength] > 0 {
			current = next.unpack()
			next[pmLength] = 0
		} else {
			hashHead := 0
			if s.lookahead >= wantMinMatch {
				hashHead = s.quickInsert4(s.strstart)
			}
			current.strstart = s.strstart
			current.orgstart = current.strstart
			if dist := s.strstart - hashHead; dist <= s.maxDist && dist > 0 && hashHead != 0 {
				current.length = s.longestMatch(hashHead)
				current.matchStart = s.matchStart
				if current.length < wantMinMatch || current.matchStart >= current.strstart {
					current.length = 1
				}
			} else {
				current.matchStart = 0
				current.length = 1
			}
		}

		if str, n := insertSpan(current, s.lookahead, s.mediumInsertMax); n > 0 {
			s.insertString4(str, n) // zlib-ng's insert_match
		}

		// Look one match ahead.
		if !earlyExit && s.lookahead > minLookahead && current.strstart+current.length < len(s.window)-minLookahead {
			s.strstart = current.strstart + current.length
			hashHead := s.quickInsert4(s.strstart)
			next[pmStrstart] = uint16(s.strstart)
			next[pmOrgstart] = next[pmStrstart]
			if dist := s.strstart - hashHead; dist <= s.maxDist && dist > 0 && hashHead != 0 {
				// longestMatch sees the lookahead of current.strstart, as zlib-ng's does.
				next[pmLength] = uint16(s.longestMatch(hashHead))
				next[pmMatchStart] = uint16(s.matchStart)
				if next[pmMatchStart] >= next[pmStrstart] {
					next[pmLength] = 1
				}
				if next[pmLength] < wantMinMatch {
					next[pmLength] = 1
				} else if c, ok := s.fizzleMatches(current, &next); ok {
					current = c
				}
			} else {
				next[pmMatchStart] = 0
				next[pmLength] = 1
			}
			s.strstart = current.strstart
		} else {
			next[pmLength] = 0
		}

		// zlib-ng's emit_match.
		var full bool
		if current.length >= wantMinMatch {
			s.lookahead -= current.length
			full = s.tallyDist(current.strstart-current.matchStart, current.length-minMatch)
		} else {
			full = s.emitLiterals(current.strstart, current.length)
		}
		s.strstart += current.length
		if full && s.flushBlock(false) {
			return needMore
		}
	}
	return s.finishBlock(flush, minMatch-1)
}

// mediumRunGreedyGo is deflateMedium's loop at levels 3 and 4 (no match ahead, so orgstart is always
// strstart) for as long as minLookahead bytes are ahead: it does exactly what the general loop does,
// with the positions and the symbol buffer's index in locals, and stops after the symbol that fills
// the buffer, reporting it. It inserts each position through a call (quickInsertCall says why). It is
// mediumRunGreedy on the platforms without it in assembly, and the reference mediumRunAVX2 (amd64)
// is tested against at levels 3-4.
func (s *State) mediumRunGreedyGo() (full bool) {
	strstart, lookahead := s.strstart, s.lookahead
	w := s.windowPtr()
	maxDist := s.maxDist
	symNext, symEnd := s.symNext, s.symEnd
	dBuf, lBuf := s.dBuf[:symEnd], s.lBuf[:symEnd]
	lt, dt := &s.trees.dynLtree, &s.trees.dynDtree
	for lookahead >= minLookahead && symNext < symEnd {
		hashHead := s.quickInsertCall(strstart)
		length, matchStart := 1, 0
		if dist := strstart - hashHead; dist <= maxDist && dist > 0 && hashHead != 0 {
			s.strstart, s.lookahead = strstart, lookahead
			length, matchStart = s.longestMatch(hashHead), s.matchStart
			if length < wantMinMatch || matchStart >= strstart {
				length = 1
			}
		}
		// insert_match: the positions after the first (or, past insertMax, the last only), unless
		// the match ends within wantMinMatch of the lookahead (insertSpan with orgstart == strstart).
		if lookahead > length+wantMinMatch && length > 1 {
			str, n := strstart+1, length-1
			if length > s.mediumInsertMax { // read here: kept in a register across the loop, it cost 1.5%
				str, n = strstart+length-1, 1
			}
			s.insertString4(str, n)
		}
		// emit_match
		lookahead -= length
		if length >= wantMinMatch {
			dist, lc := strstart-matchStart, length-minMatch
			dBuf[symNext], lBuf[symNext] = uint16(dist), uint8(lc)
			countLit(lt, lengthSyms[uint8(lc)].sym())
			countDist(dt, distSymOf(uint(dist-1)).code())
		} else {
			c := *(*byte)(unsafe.Add(w, strstart))
			dBuf[symNext], lBuf[symNext] = 0, c
			countLit(lt, uint(c))
		}
		symNext++
		strstart += length
	}
	s.strstart, s.lookahead, s.symNext = strstart, lookahead, symNext
	return symNext == symEnd
}

// mediumRunLazyGo is deflateMedium's loop at levels 5 and 6 (the match ahead, fizzleMatches) for as
// long as minLookahead bytes are ahead: it does exactly what the general loop does, with the positions
// and the symbol buffer's index in locals, and stops after the symbol that fills the buffer, reporting
// it. next stays the packedMatch in the caller's frame, stored field by field and copied whole, as
// zlib-ng's next_match is (packedMatch says why). It is mediumRunLazy on the platforms without it in
// assembly, and the reference mediumRunAVX2 (amd64) is tested against at levels 5-6.
func (s *State) mediumRunLazyGo(next *packedMatch) (full bool) {
	strstart, lookahead := s.strstart, s.lookahead
	w := s.windowPtr()
	head, wmask, maxDist := s.head, s.wmask, s.maxDist
	_ = head[0]
	_ = s.prev[wmask] // prev has wmask+1 entries
	prev := unsafe.Pointer(unsafe.SliceData(s.prev))
	symNext, symEnd := s.symNext, s.symEnd
	dBuf, lBuf := s.dBuf[:symEnd], s.lBuf[:symEnd]
	lt, dt := &s.trees.dynLtree, &s.trees.dynDtree
	lookAheadEnd := len(s.window) - minLookahead
	insertMax := s.mediumInsertMax
	for lookahead >= minLookahead && symNext < symEnd {
		var current mediumMatch
		if next[pmLength] > 0 {
			current = next.unpack()
			next[pmLength] = 0
		} else {
			h := hash4At(w, strstart)
			hashHead := int(head[h])
			if hashHead != strstart {
				*(*uint16)(unsafe.Add(prev, 2*(strstart&wmask))) = uint16(hashHead)
				head[h] = uint16(strstart)
			}
			current = mediumMatch{length: 1, strstart: strstart, orgstart: strstart}
			if dist := strstart - hashHead; dist <= maxDist && dist > 0 && hashHead != 0 {
				s.strstart, s.lookahead = strstart, lookahead
				current.length, current.matchStart = s.longestMatch(hashHead), s.matchStart
				if current.length < wantMinMatch || current.matchStart >= strstart {
					current.length = 1
				}
			}
		}

		if str, n := insertSpan(current, lookahead, insertMax); n > 0 {
			s.insertString4(str, n) // zlib-ng's insert_match
		}

		// Look one match ahead.
		if ahead := current.strstart + current.length; lookahead > minLookahead && ahead < lookAheadEnd {
			h := hash4At(w, ahead)
			hashHead := int(head[h])
			if hashHead != ahead {
				*(*uint16)(unsafe.Add(prev, 2*(ahead&wmask))) = uint16(hashHead)
				head[h] = uint16(ahead)
			}
			next[pmStrstart] = uint16(ahead)
			next[pmOrgstart] = next[pmStrstart]
			if dist := ahead - hashHead; dist <= maxDist && dist > 0 && hashHead != 0 {
				// longestMatch sees the lookahead of current.strstart, as zlib-ng's does.
				s.strstart, s.lookahead = ahead, lookahead
				next[pmLength] = uint16(s.longestMatch(hashHead))
				next[pmMatchStart] = uint16(s.matchStart)
				if next[pmMatchStart] >= next[pmStrstart] {
					next[pmLength] = 1
				}
				if next[pmLength] < wantMinMatch {
					next[pmLength] = 1
				} else if mayFizzle(w, current, next) {
					if c, ok := s.fizzleMatches(current, next); ok {
						current = c
					}
				}
			} else {
				next[pmMatchStart] = 0
				next[pmLength] = 1
			}
		} else {
			next[pmLength] = 0
		}

		// zlib-ng's emit_match.
		lookahead -= current.length
		if current.length >= wantMinMatch {
			dist, lc := current.strstart-current.matchStart, current.length-minMatch
			dBuf[symNext], lBuf[symNext] = uint16(dist), uint8(lc)
			countLit(lt, lengthSyms[uint8(lc)].sym())
			countDist(dt, distSymOf(uint(dist-1)).code())
			symNext++
		} else if current.length == 1 { // 0 or 1: see emitLiterals
			c := *(*byte)(unsafe.Add(w, current.strstart))
			dBuf[symNext], lBuf[symNext] = 0, c
			countLit(lt, uint(c))
			symNext++
		}
		strstart = current.strstart + current.length
	}
	s.strstart, s.lookahead, s.symNext = strstart, lookahead, symNext
	return symNext == symEnd
}

// quickInsertCall is quickInsert4 as a call, as zlib-ng's deflate_medium calls quick_insert_string,
// which lives in insert_string.c and so is never inlined into it. At levels 3 and 4 that call is a
// fixed part of zlib-ng's cost per position: with the insertion inlined, the engine took 0.85-0.94x
// zlib-ng's time there, with the call 0.99-1.04x (BENCHMARKS.md). Levels 5-6 inline it: their
// packedMatch already costs what zlib-ng's match copy does, and with the call they took 1.08-1.12x.
//
//go:noinline
func (s *State) quickInsertCall(str int) int { return s.quickInsert4(str) }

// emitLiterals tallies the n bytes at str as literals (zlib-ng's emit_match for a match shorter than
// wantMinMatch: n is 0 or 1, as deflateMedium makes every shorter match one literal, and fizzleMatches
// leaves at most one) and reports whether the symbol buffer filled.
func (s *State) emitLiterals(str, n int) bool {
	s.lookahead -= n
	full := false
	for i := range n {
		full = s.tallyLit(s.window[str+i]) || full
	}
	return full
}

// insertSpan returns the first position and the number of positions that zlib-ng's insert_match
// inserts into the hash table for m with lookahead bytes ahead (n == 0: none): those after m's first
// (which is in the table already) from orgstart on, and none when m ends within wantMinMatch of the
// lookahead, or is a short match that ends before orgstart. A match longer than insertMax
// (mediumInsertLimit: 2.2.5 only) inserts only its last position instead. insert_match's other case (a
// match that starts at or after orgstart and ends before it) cannot occur. A function of its own,
// without the insertion, so that it inlines and deflateMedium's loop keeps its values in registers.
func insertSpan(m mediumMatch, lookahead, insertMax int) (str, n int) {
	str, n = m.strstart+1, m.length-1
	switch {
	case lookahead <= m.length+wantMinMatch || n <= 0:
		return 0, 0
	case m.length > insertMax:
		return m.strstart + m.length - 1, 1
	case str >= m.orgstart:
		return str, n
	case n >= wantMinMatch-1 && m.orgstart < str+n:
		return m.orgstart, str + n - m.orgstart
	}
	return 0, 0
}

// mediumInsertLimit is the longest match whose inner positions deflate_medium's insert_match inserts,
// per generation. zlib-ng 2.2.2 inserts every one (commit 322753f3 removed the limit): maxMatch, which
// no match exceeds. 2.2.5 (PR #1938, the limit restored) inserts them only for a match of at most 16 x
// max_insert_length (max_lazy_match, 96..256 at levels 3-6) and otherwise only the match's last
// position, so a long repeat costs it a few insertions per 258 bytes, not 257. A per-stream value, so
// the run loops take no branch on the generation: 2.2.2's limit is never exceeded.
func mediumInsertLimit(g Generation, maxLazy int) int {
	if g == ZlibNG222 {
		return maxMatch
	}
	return 16 * maxLazy
}

// mayFizzle is fizzleMatches' first tests, small enough to inline: false when fizzleMatches would
// certainly leave both matches as they are, because current is a literal, or too long to move next
// back over, or the bytes where current would start as a literal differ. w is the window's start.
func mayFizzle(w unsafe.Pointer, current mediumMatch, next *packedMatch) bool {
	back := current.length - 1
	ms, ss := int(next[pmMatchStart]), int(next[pmStrstart])
	return back > 0 && back <= ms && back <= ss && *(*byte)(unsafe.Add(w, ms-back)) == *(*byte)(unsafe.Add(w, ss-back))
}

// fizzleMatches moves next back over the end of current while the bytes before both of next's ends
// agree, and keeps the result only if current shrinks to at most one literal (zlib-ng's
// fizzle_matches): then it updates next and returns the new current match and true.
//
// zlib-ng's loop moves next one byte per step and checks four limits per step; the engine computes the
// steps those limits allow first (most) and then counts equal bytes, one step per byte as zlib-ng does:
// the same result. On the stream workload's periodic input the loop runs about 250 steps per match
// (zlib-ng's too), and with bounds checks and five counters per byte it cost about as much as the rest
// of deflate_medium together (BENCHMARKS.md).
func (s *State) fizzleMatches(current mediumMatch, next *packedMatch) (mediumMatch, bool) {
	n := next.unpack()
	if current.length <= 1 || current.length > 1+n.matchStart || current.length > 1+n.strstart {
		return current, false
	}
	window := s.window
	if window[n.matchStart-current.length+1] != window[n.strstart-current.length+1] {
		return current, false
	}
	limit := 0
	if n.strstart > s.maxDist {
		limit = n.strstart - s.maxDist
	}
	// zlib-ng stops before a step that would leave current shorter than 0, next at or before limit,
	// next 256 or more long, or next's source at or before 1.
	most := min(current.length, n.strstart-limit, 256-n.length, n.matchStart-1)
	// Every byte read is in the window: n.matchStart-most >= 1 and n.strstart-most >= limit >= 0.
	w := s.windowPtr()
	m, o := unsafe.Add(w, n.matchStart-1), unsafe.Add(w, n.strstart-1)
	changed := 0
	for changed < most && *(*byte)(unsafe.Add(m, -changed)) == *(*byte)(unsafe.Add(o, -changed)) {
		changed++
	}
	c := current
	c.length -= changed
	if changed == 0 || c.length > 1 || n.length+changed == 2 {
		return current, false
	}
	*next = packedMatch{pmMatchStart: uint16(n.matchStart - changed), pmLength: uint16(n.length + changed), pmStrstart: uint16(n.strstart - changed), pmOrgstart: uint16(n.orgstart + 1)}
	return c, true
}
