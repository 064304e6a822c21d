package deflate

import "unsafe"

// compressBlockSymbols (block_amd64.s) is compressBlockSymbolsGo in assembly, the bit buffer, its count,
// the write position and the buffers in registers: Go's loop ran about 30 instructions per literal
// (register moves, and the SHLQ CL the variable shift needs under GOAMD64=v1, around spills), this one
// about 19, and the whole loop now costs a little less than zlib-ng's compress_block. It sends the symbols of lBuf and dBuf (len(lBuf) >= len(dBuf)) in
// order, and stops before a symbol whose bits would fill the bit buffer when out has no eight bytes
// left from the write position; it returns how many symbols it sent, the new write position, bit
// buffer and count.
//
//go:noescape
func compressBlockSymbols(lt, dt unsafe.Pointer, lBuf []byte, dBuf []uint16, out []byte, pos int, bitBuf uint64, bitCount uint) (i, newPos int, newBuf uint64, newCount uint)
