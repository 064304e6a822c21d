//go:build !amd64

package deflate

import "unsafe"

// compressBlockAsm sends nothing on the platforms without it in assembly (amd64): compressBlock sends
// every symbol with compressBlockSymbolsGo.
func compressBlockAsm(s *State, lt, dt unsafe.Pointer) (sent int) {
	return 0
}
