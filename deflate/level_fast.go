package deflate

import "unsafe"

// wantMinMatch is zlib-ng's WANT_MIN_MATCH: the hash reads four bytes, so positions are inserted and
// matches taken only with four bytes of lookahead, and deflate_fast, deflate_medium and deflate_quick
// emit no match shorter than four.
const wantMinMatch = 4

// deflateFast is greedy matching for level 2 (zlib-ng's deflate_fast): take the longest match at each
// position; insert the positions inside a match only when it is at most maxLazyMatch (max_insert_length)
// long, otherwise only its last one. fastRun does the positions, as zlib-ng's loop does between
// fill_window and the block flushes.
func (s *State) deflateFast(flush Flush) blockState {
	for {
		if s.lookahead < minLookahead {
			if s.refill(flush, minLookahead) {
				return needMore
			}
			if s.lookahead == 0 {
				break
			}
		}
		if s.fastRun() && s.flushBlock(false) {
			return needMore
		}
	}
	return s.finishBlock(flush, minMatch-1)
}

// fastRunGo is deflateFast's loop from a position on: it tallies the symbol at strstart (with at least
// wantMinMatch bytes ahead the position is inserted and a match searched), then the following ones for
// as long as minLookahead bytes are ahead, as zlib-ng's loop does between its checks, with the
// positions, the symbol buffer's index and the tables in locals; it stops after the symbol that fills
// the buffer, reporting it. deflateFast calls it with lookahead > 0 and room in the symbol buffer. It is
// fastRun on the platforms without it in assembly, and the reference fastRunAVX2 (amd64) is tested
// against. Its chain is never longer than 1024, so it hashes with the multiplicative hash only.
func (s *State) fastRunGo() (full bool) {
	strstart, lookahead := s.strstart, s.lookahead
	w := s.windowPtr()
	head, wmask, maxDist, maxInsert := s.head, s.wmask, s.maxDist, s.maxLazyMatch
	_ = head[0]
	_ = s.prev[wmask] // prev has wmask+1 entries
	prev := unsafe.Pointer(unsafe.SliceData(s.prev))
	symNext, symEnd := s.symNext, s.symEnd
	dBuf, lBuf := s.dBuf[:symEnd], s.lBuf[:symEnd]
	lt, dt := &s.trees.dynLtree, &s.trees.dynDtree
	for first := true; first || lookahead >= minLookahead && symNext < symEnd; first = false {
		matchLen := 0
		if lookahead >= wantMinMatch {
			h := hash4At(w, strstart)
			hashHead := int(head[h])
			if hashHead != strstart {
				*(*uint16)(unsafe.Add(prev, 2*(strstart&wmask))) = uint16(hashHead)
				head[h] = uint16(strstart)
			}
			if dist := strstart - hashHead; dist <= maxDist && dist > 0 && hashHead != 0 {
				s.strstart, s.lookahead = strstart, lookahead
				matchLen = s.longestMatch(hashHead)
			}
		}
		if matchLen >= wantMinMatch {
			dist, lc := strstart-s.matchStart, matchLen-minMatch
			dBuf[symNext], lBuf[symNext] = uint16(dist), uint8(lc)
			countLit(lt, lengthSyms[uint8(lc)].sym())
			countDist(dt, distSymOf(uint(dist-1)).code())
			lookahead -= matchLen
			if matchLen <= maxInsert && lookahead >= wantMinMatch {
				s.insertString4(strstart+1, matchLen-1)
				strstart += matchLen
			} else {
				strstart += matchLen
				s.quickInsert4(strstart + 2 - minMatch)
			}
		} else {
			c := *(*byte)(unsafe.Add(w, strstart))
			dBuf[symNext], lBuf[symNext] = 0, c
			countLit(lt, uint(c))
			strstart++
			lookahead--
		}
		symNext++
	}
	s.strstart, s.lookahead, s.symNext = strstart, lookahead, symNext
	return symNext == symEnd
}

// finishBlock ends a compress function once the input is used up for a flush (zlib-ng's common tail):
// insert is how many positions before strstart wait for the bytes the hash reads (2 for the hashing
// functions, 0 for deflate_rle and deflate_huff), then the block is flushed, as the last one for Finish.
func (s *State) finishBlock(flush Flush, insert int) blockState {
	s.insert = min(s.strstart, insert)
	if flush == Finish {
		if s.flushBlock(true) {
			return finishStarted
		}
		return finishDone
	}
	if s.symNext != 0 && s.flushBlock(false) {
		return needMore
	}
	return blockDone
}
