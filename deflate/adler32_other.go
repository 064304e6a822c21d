//go:build !amd64 && !arm64

package deflate

// adlerBlocks is adlerBlocksWords on the platforms without it in assembly (amd64: SSE2, arm64: NEON).
func adlerBlocks(p []byte, blocks int) (sum, prefix, weighted uint64) {
	return adlerBlocksWords(p, blocks)
}
