//go:build !amd64

package deflate

import "unsafe"

// longestMatchWalk is longestMatchWalkGo on the platforms without it in assembly (amd64).
func longestMatchWalk(w, scan, prev unsafe.Pointer, wmask, curMatch, matchOffset, limit, chainLength, bestLen, strstart int, earlyExit bool) (cur, chain, n int) {
	return longestMatchWalkGo(w, scan, prev, wmask, curMatch, matchOffset, limit, chainLength, bestLen, strstart, earlyExit)
}
