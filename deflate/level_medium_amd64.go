package deflate

// mediumRunGreedy and mediumRunLazy are deflateMedium's loops (mediumRunGreedyGo at levels 3-4,
// mediumRunLazyGo at 5-6) in assembly where the CPU has AVX2 (where zlib-ng's functable picks
// longest_match_avx2): mediumRunAVX2 (medium_amd64.s) follows gcc -O2's build of zlib-ng's
// deflate_medium loop instruction for instruction, one function for every level as gcc's is, with
// quick_insert_string, insert_string and longest_match_avx2 as gcc's calls, so that levels 3-6 cost the
// engine what they cost zlib-ng (docs/notebook/2026-12-05-level-3-medium.md). Elsewhere, and where the
// symbol buffer's bounds do not hold what deflateMedium keeps (never), the Go loops run.
func (s *State) mediumRunGreedy() bool {
	if useAVX2 && s.symNext < s.symEnd && s.symEnd <= len(s.dBuf) && s.symEnd <= len(s.lBuf) {
		var next packedMatch // early_exit: deflate_medium sets its length to 0 and never reads it
		return mediumRunAVX2(s, &next)
	}
	return s.mediumRunGreedyGo()
}

// mediumRunLazy is mediumRunGreedy's dispatch at levels 5-6, with deflateMedium's next match.
func (s *State) mediumRunLazy(next *packedMatch) bool {
	if useAVX2 && s.symNext < s.symEnd && s.symEnd <= len(s.dBuf) && s.symEnd <= len(s.lBuf) {
		return mediumRunAVX2(s, next)
	}
	return s.mediumRunLazyGo(next)
}

// mediumRunAVX2 (medium_amd64.s) is mediumRunGreedyGo (levels 3-4) and mediumRunLazyGo (levels 5-6)
// transliterated from gcc's code for deflate_medium's loop: the same positions, hash links, symbols,
// frequencies and next match, with the State's fields loaded and stored as gcc does with
// deflate_state's; it runs while minLookahead bytes are ahead and stops after the symbol that fills the
// buffer, reporting it. next is deflateMedium's next match (zlib-ng's next_match), read at entry and
// written at the return. It needs symNext < symEnd <= len(dBuf), len(lBuf), strstart, lookahead and
// next as deflateMedium keeps them, and AVX2 (longestMatchAVX2).
//
//go:noescape
func mediumRunAVX2(s *State, next *packedMatch) (full bool)
