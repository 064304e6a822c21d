//go:build 386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm

package deflate

// fcShift is where ctData's fc sits in the entry read as one native 32-bit word: the low half on a
// little-endian machine (the GOARCH list of encoding/binary's native_endian_little.go).
const fcShift = 0
