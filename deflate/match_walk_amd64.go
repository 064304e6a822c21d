package deflate

import "unsafe"

// longestMatchWalk is longestMatchWalkGo in assembly (match_walk_amd64.s): the walk's values stay in
// registers from candidate to candidate, as in gcc's build of zlib-ng's loop, where Go's register
// allocator spilled the chain position and reloaded the mask, the bases and the best length for each.
//
//go:noescape
func longestMatchWalk(w, scan, prev unsafe.Pointer, wmask, curMatch, matchOffset, limit, chainLength, bestLen, strstart int, earlyExit bool) (cur, chain, n int)
