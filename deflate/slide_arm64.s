#include "textflag.h"

// func slideLinksNEON(p *uint16, n int, wsize uint16)
// 32 entries (four vector registers) per step; n is a multiple of 32.
TEXT ·slideLinksNEON(SB), NOSPLIT, $0-18
	MOVD  p+0(FP), R0
	MOVD  n+8(FP), R1
	MOVHU wsize+16(FP), R2
	VDUP  R2, V0.H8
	LSR   $5, R1, R1
	CBZ   R1, done

loop:
	VLD1  (R0), [V1.H8, V2.H8, V3.H8, V4.H8]
	VUMAX V0.H8, V1.H8, V1.H8
	VUMAX V0.H8, V2.H8, V2.H8
	VUMAX V0.H8, V3.H8, V3.H8
	VUMAX V0.H8, V4.H8, V4.H8
	VSUB  V0.H8, V1.H8, V1.H8
	VSUB  V0.H8, V2.H8, V2.H8
	VSUB  V0.H8, V3.H8, V3.H8
	VSUB  V0.H8, V4.H8, V4.H8
	VST1.P [V1.H8, V2.H8, V3.H8, V4.H8], 64(R0)
	SUB   $1, R1, R1
	CBNZ  R1, loop

done:
	RET
