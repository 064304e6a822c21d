//go:build !amd64 && !arm64

package deflate

// slideLinks is slideLinksWords on the platforms without it in assembly (amd64: SSE2, arm64: NEON).
func slideLinks(links []uint16, wbits int) { slideLinksWords(links, wbits) }
