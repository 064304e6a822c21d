#include "textflag.h"

// The weights of the bytes of a block of 16 in Adler-32's second sum: 16 for byte 0 down to 1 for
// byte 15, as eight 16-bit lanes for each half.
DATA adlerWeights<>+0(SB)/8, $0x000d000e000f0010
DATA adlerWeights<>+8(SB)/8, $0x0009000a000b000c
DATA adlerWeights<>+16(SB)/8, $0x0005000600070008
DATA adlerWeights<>+24(SB)/8, $0x0001000200030004
GLOBL adlerWeights<>(SB), RODATA|NOPTR, $32

// func adlerBlocksSSE2(p *byte, blocks int) (sum, prefix, weighted uint64)
TEXT ·adlerBlocksSSE2(SB), NOSPLIT, $0-40
	MOVQ  p+0(FP), SI
	MOVQ  blocks+8(FP), CX
	PXOR  X0, X0                    // zero
	PXOR  X1, X1                    // running byte sums, two 64-bit lanes
	PXOR  X2, X2                    // prefix: the running sums before each block, two 64-bit lanes
	PXOR  X3, X3                    // weighted sums, four 32-bit lanes
	MOVOU adlerWeights<>+0(SB), X4
	MOVOU adlerWeights<>+16(SB), X5
	TESTQ CX, CX
	JZ    done

loop:
	MOVOU     (SI), X6
	PADDQ     X1, X2
	MOVO      X6, X7
	PSADBW    X0, X7
	PADDQ     X7, X1
	MOVO      X6, X7
	PUNPCKLBW X0, X6
	PUNPCKHBW X0, X7
	PMADDWL   X4, X6
	PMADDWL   X5, X7
	PADDD     X6, X3
	PADDD     X7, X3
	ADDQ      $16, SI
	DECQ      CX
	JNZ       loop

done:
	MOVQ   X1, AX
	PSRLDQ $8, X1
	MOVQ   X1, BX
	ADDQ   BX, AX
	MOVQ   AX, sum+16(FP)
	MOVQ   X2, AX
	PSRLDQ $8, X2
	MOVQ   X2, BX
	ADDQ   BX, AX
	MOVQ   AX, prefix+24(FP)
	PSHUFD $0x4e, X3, X6
	PADDD  X6, X3
	PSHUFD $0xb1, X3, X6
	PADDD  X6, X3
	MOVL   X3, AX
	MOVQ   AX, weighted+32(FP)
	RET
