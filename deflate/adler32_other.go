//go:build !amd64

package deflate

// adlerBlocks is adlerBlocksWords: Go has no vector instructions, and zlib-ng's NEON sum
// (adler32_neon) is not reproduced here.
func adlerBlocks(p []byte, blocks int) (sum, prefix, weighted uint64) {
	return adlerBlocksWords(p, blocks)
}
