//go:build armbe || arm64be || m68k || mips || mips64 || mips64p32 || ppc || ppc64 || s390 || s390x || shbe || sparc || sparc64

package deflate

// fcShift is where ctData's fc sits in the entry read as one native 32-bit word: the high half on a
// big-endian machine (the GOARCH list of encoding/binary's native_endian_big.go).
const fcShift = 16
