package deflate

// quickRun is deflateQuick's loop (quickRunGo) in assembly where the CPU has AVX2: quickRunAVX2
// (quick_amd64.s) follows gcc -O2's build of zlib-ng's deflate_quick loop instruction for instruction,
// with quick_insert_string and compare256_avx2 as gcc's calls, so that level 1 costs the engine what
// it costs zlib-ng (BENCHMARKS.md; docs/notebook/2026-12-04-engine-levels-1-3.md). Without AVX2, where
// zlib-ng runs compare256_sse2, the Go loop runs; so does it where quickRunAVX2 declines (no room for the
// first symbol's eight bytes in pendingBuf, which deflateQuick never lets happen), and then panics on
// the store instead of writing past the region.
func (s *State) quickRun() {
	if useAVX2 && quickRunAVX2(s) {
		return
	}
	s.quickRunGo()
}

// quickRunAVX2 (quick_amd64.s) is quickRunGo transliterated from gcc's code for deflate_quick's loop:
// the same positions, hash links, bits and pending bytes, with the State's fields loaded and stored at
// every position as gcc does with deflate_state's: the first symbol as zlib-ng's loop codes it after
// fill_window (entering at gcc's 0x254), the following ones while its checks at the loop's top pass.
// It stores no byte past pendingBuf: it returns false, having done nothing, unless pendEnd+8 <=
// len(pendingBuf), and after the first symbol stores only below min(pendStart + 4*litBufsize,
// len(pendingBuf)). It uses AVX2 (compare256AVX2Step) and needs lookahead > 0 and strstart as
// deflateQuick keeps them (strstart+lookahead within the window, hash heads below 65,536).
//
//go:noescape
func quickRunAVX2(s *State) (ran bool)

// quickInsertStep is quickInsertString as gcc compiled zlib-ng's quick_insert_string, called by
// quickRunAVX2 only, with the C convention's registers: s in DI, the position in SI, the result in AX;
// it changes CX, DX and R8 too. Not callable from Go.
func quickInsertStep()

// compare256AVX2Step is compare256 as gcc compiled zlib-ng's compare256_avx2, called by quickRunAVX2
// only, with the C convention's registers: the two addresses in DI and SI, the result in AX; it
// changes DX and Y0-Y2 too. Not callable from Go.
func compare256AVX2Step()
