#include "textflag.h"

// func slideLinksSSE2(p *uint16, n int, wsize uint16)
// 32 entries (four XMM registers) per step; n is a multiple of 32.
TEXT ·slideLinksSSE2(SB), NOSPLIT, $0-18
	MOVQ    p+0(FP), DI
	MOVQ    n+8(FP), CX
	MOVWQZX wsize+16(FP), AX
	MOVQ    AX, X0
	PSHUFLW $0, X0, X0
	PSHUFD  $0, X0, X0
	SHRQ    $5, CX
	JZ      done

loop:
	MOVOU   (DI), X1
	MOVOU   16(DI), X2
	MOVOU   32(DI), X3
	MOVOU   48(DI), X4
	PSUBUSW X0, X1
	PSUBUSW X0, X2
	PSUBUSW X0, X3
	PSUBUSW X0, X4
	MOVOU   X1, (DI)
	MOVOU   X2, 16(DI)
	MOVOU   X3, 32(DI)
	MOVOU   X4, 48(DI)
	ADDQ    $64, DI
	DECQ    CX
	JNZ     loop

done:
	RET
