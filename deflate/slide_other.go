//go:build !amd64

package deflate

// slideLinks slides a table of uint16 positions (slideHash) four words at a time: Go has no vector
// instructions, and zlib-ng's NEON slide (slide_hash_neon) is not reproduced here.
func slideLinks(links []uint16, wbits int) { slideLinksWords(links, wbits) }
