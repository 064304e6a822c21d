#include "textflag.h"
#include "compare256_amd64.h"

// func compare256Tail(a, b unsafe.Pointer) int
// SI = a, DI = b; compare256_amd64.h's COMPARE256_TAIL (AVX2 where useAVX2, else SSE2) leaves the
// result in AX.
TEXT ·compare256Tail(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	COMPARE256_TAIL(ret)

ret:
	MOVQ AX, ret+16(FP)
	RET
