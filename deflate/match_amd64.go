package deflate

// On amd64 the matchers are assembly. Where the CPU has AVX2 - where zlib-ng's functable picks
// longest_match_avx2 and longest_match_slow_avx2, both in 2.2.5 and in 2.2.2 (their functables have no
// AVX-512 matcher) - they are longestMatchAVX2 and longestMatchSlowAVX2 (match_avx2_amd64.s), which
// follow gcc -O2's build of those two functions instruction for instruction, so that a search costs the
// engine what it costs zlib-ng: the lab measures allocation effects against the work around them, and
// that work has to be zlib-ng's, not less. Elsewhere (no AVX2, where zlib-ng runs its SSE2 variants,
// not followed here) longestMatchAsm (match_amd64.s) runs both.

// longestMatch is longestMatchGo in assembly.
func (s *State) longestMatch(curMatch int) int { return longestMatchAVX2(s, curMatch) }

// longestMatchSlow is longestMatchSlowGo in assembly.
func (s *State) longestMatchSlow(curMatch int) int { return longestMatchSlowAVX2(s, curMatch) }

// longestMatchAVX2 (match_avx2_amd64.s) is longestMatchGo, transliterated from gcc -O2's code for
// zlib-ng's longest_match_avx2 (match_tpl.h with compare256_avx2 inlined): the same loops, the same
// values in registers and in the frame, the same loads from the State, the same checks in the same
// order. It uses AVX2; without it (useAVX2 false) it calls longestMatchAsm instead, a test of useAVX2
// and a branch per search where zlib-ng's functable costs its callers an indirect call (the test is in
// the assembly so that the Go wrapper stays inlined: one call per search, as zlib-ng's).
//
//go:noescape
func longestMatchAVX2(s *State, curMatch int) int

// longestMatchSlowAVX2 (match_avx2_amd64.s) is longestMatchSlowGo, transliterated the same way from
// gcc's code for longest_match_slow_avx2, including its calls to the rolling hash's step
// (updateHashRollStep, zlib-ng's update_hash_roll, which it calls through s->update_hash), and the
// same dispatch on useAVX2.
//
//go:noescape
func longestMatchSlowAVX2(s *State, curMatch int) int

// updateHashRollStep is updateHashRoll as gcc compiled zlib-ng's update_hash_roll, called by
// longestMatchSlowAVX2 only, with the C convention's registers rather than Go's: the hash in DI, the
// byte in SI, the result in AX; it changes no other register. Not callable from Go.
func updateHashRollStep()

// longestMatchAsm (match_amd64.s) is longestMatchGo (slow false) or longestMatchSlowGo (slow true) in
// assembly for CPUs without AVX2, the search's values in registers from candidate to candidate (8
// instructions per rejected candidate; gcc's longest_match_sse2 spends 10-11, and its compare differs).
//
//go:noescape
func longestMatchAsm(s *State, curMatch int, slow bool) int
