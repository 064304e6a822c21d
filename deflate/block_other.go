//go:build !amd64

package deflate

import "unsafe"

// compressBlockSymbols sends no symbol on the platforms without it in assembly (amd64):
// compressBlockSymbolsGo sends them all.
func compressBlockSymbols(lt, dt unsafe.Pointer, lBuf []byte, dBuf []uint16, out []byte, pos int, bitBuf uint64, bitCount uint) (i, newPos int, newBuf uint64, newCount uint) {
	return 0, pos, bitBuf, bitCount
}
