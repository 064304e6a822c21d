package deflate

// fastRun is deflateFast's loop (fastRunGo) in assembly where the CPU has AVX2 (where zlib-ng's
// functable picks longest_match_avx2): fastRunAVX2 (fast_amd64.s) follows gcc -O2's build of zlib-ng's
// deflate_fast loop instruction for instruction, with quick_insert_string, insert_string and
// longest_match_avx2 as gcc's calls, so that level 2 costs the engine what it costs zlib-ng
// (docs/notebook/2026-12-04-engine-levels-1-3.md). Elsewhere, and where the symbol buffer's bounds do
// not hold what deflateFast keeps (never), the Go loop runs.
func (s *State) fastRun() bool {
	if useAVX2 && s.symNext < s.symEnd && s.symEnd <= len(s.dBuf) && s.symEnd <= len(s.lBuf) {
		return fastRunAVX2(s)
	}
	return s.fastRunGo()
}

// fastRunAVX2 (fast_amd64.s) is fastRunGo transliterated from gcc's code for deflate_fast's loop: the
// same positions, hash links, symbols and frequencies, with the State's fields loaded and stored at
// every position as gcc does with deflate_state's: the first position as zlib-ng's loop does it after
// fill_window (gcc's 0x237), the following ones while MIN_LOOKAHEAD bytes are ahead; it stops after the
// symbol that fills the buffer and reports it. It needs symNext < symEnd <= len(dBuf), len(lBuf),
// lookahead > 0, strstart as deflateFast keeps it, and AVX2 (longestMatchAVX2).
//
//go:noescape
func fastRunAVX2(s *State) (full bool)

// insertStringStep is insertString4 as gcc compiled zlib-ng's insert_string, called by fastRunAVX2
// only, with the C convention's registers: s in DI, the first position in SI, the count in DX; it
// changes AX, CX, DX, SI, DI and R8-R11. Not callable from Go.
func insertStringStep()
