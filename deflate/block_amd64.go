package deflate

import "unsafe"

// compressBlockAsm (block_amd64.s) is zlib-ng's compress_block as gcc compiled it, transliterated: it
// sends s's buffered symbols (s.symNext of s.dBuf and s.lBuf) with the trees at lt and dt, then
// END_BLOCK, through s's bit buffer into s.pendingBuf at s.pendEnd, and returns s.symNext+1. It stops
// before an eight-byte store that pendingBuf has no room for, with the State's bit buffer, count and
// pendEnd those after the symbols it sent, and returns their number (at most s.symNext: END_BLOCK not
// sent); compressBlock sends the rest in Go. lt and dt must hold lCodes+1 and dCodes entries.
//
//go:noescape
func compressBlockAsm(s *State, lt, dt unsafe.Pointer) (sent int)
