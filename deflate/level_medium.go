package deflate

// mediumMatch is deflate_medium's view of one match: a match of length at strstart copying from
// matchStart, or length literals (length < wantMinMatch); orgstart is where it was found, before
// fizzleMatches moved it. It is zlib-ng's struct match: four 16-bit fields (every position is below
// 2*wsize <= 65,536) in one 8-byte object that lives in memory and is copied whole; arithmetic on them
// is done in int, as C promotes them. The representation is part of what deflate_medium costs: with
// int fields kept in registers the engine took about 0.77x zlib-ng's time at level 6, with this one
// about 1.2x (BENCHMARKS.md).
type mediumMatch [4]uint16

// The fields of a mediumMatch, in zlib-ng's order.
const (
	mmMatchStart = iota
	mmLength
	mmStrstart
	mmOrgstart
)

// deflateMedium is levels 3-6 (zlib-ng's deflate_medium): greedy matching that, from level 5 on, also
// finds the match at the position after the current one and, when the two overlap, moves the next one
// back over the end of the current one (fizzleMatches) if that turns the current one into at most one
// literal. A match found ahead is used as the next current match. Nothing carries over between calls.
func (s *State) deflateMedium(flush Flush) blockState {
	earlyExit := s.level < 5
	var current, next mediumMatch
	for {
		if s.lookahead < minLookahead {
			if s.refill(flush, minLookahead) {
				return needMore
			}
			if s.lookahead == 0 {
				break
			}
			next[mmLength] = 0
		}

		if !earlyExit && next[mmLength] > 0 {
			current = next
			next[mmLength] = 0
		} else {
			hashHead := 0
			if s.lookahead >= wantMinMatch {
				hashHead = s.quickInsertString(s.strstart)
			}
			current[mmStrstart] = uint16(s.strstart)
			current[mmOrgstart] = current[mmStrstart]
			if dist := s.strstart - hashHead; dist <= s.maxDist && dist > 0 && hashHead != 0 {
				current[mmLength] = uint16(s.longestMatch(hashHead))
				current[mmMatchStart] = uint16(s.matchStart)
				if current[mmLength] < wantMinMatch || current[mmMatchStart] >= current[mmStrstart] {
					current[mmLength] = 1
				}
			} else {
				current[mmMatchStart] = 0
				current[mmLength] = 1
			}
		}

		s.insertMatch(current)

		// Look one match ahead.
		if !earlyExit && s.lookahead > minLookahead && int(current[mmStrstart])+int(current[mmLength]) < len(s.window)-minLookahead {
			s.strstart = int(current[mmStrstart]) + int(current[mmLength])
			hashHead := s.quickInsertString(s.strstart)
			next[mmStrstart] = uint16(s.strstart)
			next[mmOrgstart] = next[mmStrstart]
			if dist := s.strstart - hashHead; dist <= s.maxDist && dist > 0 && hashHead != 0 {
				// longestMatch sees the lookahead of current[mmStrstart], as zlib-ng's does.
				next[mmLength] = uint16(s.longestMatch(hashHead))
				next[mmMatchStart] = uint16(s.matchStart)
				if next[mmMatchStart] >= next[mmStrstart] {
					next[mmLength] = 1
				}
				if next[mmLength] < wantMinMatch {
					next[mmLength] = 1
				} else {
					s.fizzleMatches(&current, &next)
				}
			} else {
				next[mmMatchStart] = 0
				next[mmLength] = 1
			}
			s.strstart = int(current[mmStrstart])
		} else {
			next[mmLength] = 0
		}

		full := s.emitMatch(current)
		s.strstart += int(current[mmLength])
		if full && s.flushBlock(false) {
			return needMore
		}
	}
	return s.finishBlock(flush, minMatch-1)
}

// emitMatch tallies m, as literals when it is shorter than wantMinMatch, and reports whether the
// symbol buffer filled (zlib-ng's emit_match).
func (s *State) emitMatch(m mediumMatch) bool {
	if m[mmLength] < wantMinMatch {
		full := false
		for ; m[mmLength] > 0; m[mmLength]-- {
			full = s.tallyLit(s.window[m[mmStrstart]]) || full
			s.lookahead--
			m[mmStrstart]++
		}
		return full
	}
	full := s.tallyDist(int(m[mmStrstart])-int(m[mmMatchStart]), int(m[mmLength])-minMatch)
	s.lookahead -= int(m[mmLength])
	return full
}

// insertMatch inserts the positions after the first of m into the hash table, only those from orgstart
// on, and none when m ends within wantMinMatch of the lookahead (zlib-ng's insert_match).
func (s *State) insertMatch(m mediumMatch) {
	if s.lookahead <= int(m[mmLength])+wantMinMatch {
		return
	}
	start, n, org := int(m[mmStrstart])+1, int(m[mmLength])-1, int(m[mmOrgstart]) // strstart is in the table already
	if n < wantMinMatch-1 {
		if n > 0 && start >= org {
			if start+n-1 >= org {
				s.insertString(start, n)
			} else {
				s.insertString(start, org-start+1)
			}
		}
		return
	}
	switch {
	case start >= org:
		if start+n-1 >= org {
			s.insertString(start, n)
		} else {
			s.insertString(start, org-start+1)
		}
	case org < start+n:
		s.insertString(org, start+n-org)
	}
}

// fizzleMatches moves next back over the end of current while the bytes before both of next's ends
// agree, and keeps the result only if current shrinks to at most one literal (zlib-ng's
// fizzle_matches).
func (s *State) fizzleMatches(current, next *mediumMatch) {
	cl, nm, ns := int(current[mmLength]), int(next[mmMatchStart]), int(next[mmStrstart])
	if cl <= 1 || cl > 1+nm || cl > 1+ns {
		return
	}
	window := s.window
	if window[nm-cl+1] != window[ns-cl+1] {
		return
	}
	c, n := *current, *next
	limit := 0
	if ns > s.maxDist {
		limit = ns - s.maxDist
	}
	changed := 0
	for window[int(n[mmMatchStart])-1] == window[int(n[mmStrstart])-1] {
		if c[mmLength] < 1 || int(n[mmStrstart]) <= limit || n[mmLength] >= 256 || n[mmMatchStart] <= 1 {
			break
		}
		n[mmStrstart]--
		n[mmMatchStart]--
		n[mmLength]++
		c[mmLength]--
		changed++
	}
	if changed == 0 {
		return
	}
	if c[mmLength] <= 1 && n[mmLength] != 2 {
		n[mmOrgstart]++
		*current = c
		*next = n
	}
}
