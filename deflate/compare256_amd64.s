#include "textflag.h"
#include "compare256_amd64.h"

// func compare256Tail(a, b unsafe.Pointer) int
// SI = a, DI = b, AX the offset from 8 (the first 8 bytes are equal) and then the result; the steps are
// compare256_amd64.h's, AVX2 where useAVX2, else SSE2.
TEXT ·compare256Tail(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ $8, AX
	CMPB ·useAVX2(SB), $0
	JNE  avx2
	COMPARE256_SSE2(sse2, found, all)

avx2:
	COMPARE256_AVX2(loopy, foundy, ally)

foundy:
	VZEROUPPER

found:
	BSFL DX, DX
	ADDQ DX, AX
	MOVQ AX, ret+16(FP)
	RET

ally:
	VZEROUPPER

all:
	MOVQ $256, ret+16(FP)
	RET
