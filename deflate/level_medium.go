package deflate

// mediumMatch is deflate_medium's view of one match: a match of length at strstart copying from
// matchStart, or length literals (length < wantMinMatch); orgstart is where it was found, before
// fizzleMatches moved it. Its fields are 16 bits wide, as zlib-ng's struct match (every position is
// below 2*wsize <= 65,536); arithmetic on them is done in int, as C promotes them.
type mediumMatch struct {
	matchStart uint16
	length     uint16
	strstart   uint16
	orgstart   uint16
}

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
			next.length = 0
		}

		if !earlyExit && next.length > 0 {
			current = next
			next.length = 0
		} else {
			hashHead := 0
			if s.lookahead >= wantMinMatch {
				hashHead = s.quickInsertString(s.strstart)
			}
			current.strstart = uint16(s.strstart)
			current.orgstart = current.strstart
			if dist := s.strstart - hashHead; dist <= s.maxDist && dist > 0 && hashHead != 0 {
				current.length = uint16(s.longestMatch(hashHead))
				current.matchStart = uint16(s.matchStart)
				if current.length < wantMinMatch || current.matchStart >= current.strstart {
					current.length = 1
				}
			} else {
				current.matchStart = 0
				current.length = 1
			}
		}

		s.insertMatch(current)

		// Look one match ahead.
		if !earlyExit && s.lookahead > minLookahead && int(current.strstart)+int(current.length) < len(s.window)-minLookahead {
			s.strstart = int(current.strstart) + int(current.length)
			hashHead := s.quickInsertString(s.strstart)
			next.strstart = uint16(s.strstart)
			next.orgstart = next.strstart
			if dist := s.strstart - hashHead; dist <= s.maxDist && dist > 0 && hashHead != 0 {
				// longestMatch sees the lookahead of current.strstart, as zlib-ng's does.
				next.length = uint16(s.longestMatch(hashHead))
				next.matchStart = uint16(s.matchStart)
				if next.matchStart >= next.strstart {
					next.length = 1
				}
				if next.length < wantMinMatch {
					next.length = 1
				} else {
					s.fizzleMatches(&current, &next)
				}
			} else {
				next.matchStart = 0
				next.length = 1
			}
			s.strstart = int(current.strstart)
		} else {
			next.length = 0
		}

		full := s.emitMatch(current)
		s.strstart += int(current.length)
		if full && s.flushBlock(false) {
			return needMore
		}
	}
	return s.finishBlock(flush, minMatch-1)
}

// emitMatch tallies m, as literals when it is shorter than wantMinMatch, and reports whether the
// symbol buffer filled (zlib-ng's emit_match).
func (s *State) emitMatch(m mediumMatch) bool {
	if m.length < wantMinMatch {
		full := false
		for ; m.length > 0; m.length-- {
			full = s.tallyLit(s.window[m.strstart]) || full
			s.lookahead--
			m.strstart++
		}
		return full
	}
	full := s.tallyDist(int(m.strstart)-int(m.matchStart), int(m.length)-minMatch)
	s.lookahead -= int(m.length)
	return full
}

// insertMatch inserts the positions after the first of m into the hash table, only those from orgstart
// on, and none when m ends within wantMinMatch of the lookahead (zlib-ng's insert_match).
func (s *State) insertMatch(m mediumMatch) {
	if s.lookahead <= int(m.length)+wantMinMatch {
		return
	}
	start, n, org := int(m.strstart)+1, int(m.length)-1, int(m.orgstart) // strstart is in the table already
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
	cl, nm, ns := int(current.length), int(next.matchStart), int(next.strstart)
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
	for window[int(n.matchStart)-1] == window[int(n.strstart)-1] {
		if c.length < 1 || int(n.strstart) <= limit || n.length >= 256 || n.matchStart <= 1 {
			break
		}
		n.strstart--
		n.matchStart--
		n.length++
		c.length--
		changed++
	}
	if changed == 0 {
		return
	}
	if c.length <= 1 && n.length != 2 {
		n.orgstart++
		*current = c
		*next = n
	}
}
