#include "textflag.h"

// func compare256Tail(a, b unsafe.Pointer) int
// Steps of 16 bytes (SSE2) or 32 (AVX2) from offset 8, the offset in AX (the first 8 bytes are equal); a step whose PMOVMSKB mask is not all ones
// holds the first difference, at the mask's lowest zero bit. The bytes from the last whole step to 256
// are compared by one step that ends at 256 and overlaps the bytes before it, which are equal; so no
// byte outside [0, 256) is read.
TEXT ·compare256Tail(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ $8, AX
	CMPB ·useAVX2(SB), $0
	JNE  loopy

sse2:
	MOVOU    (SI)(AX*1), X0
	MOVOU    (DI)(AX*1), X1
	PCMPEQB  X1, X0
	PMOVMSKB X0, DX
	XORL     $0xffff, DX
	JNZ      found
	ADDQ     $16, AX
	CMPQ     AX, $240
	JBE      sse2
	CMPQ     AX, $256
	JAE      all

tail:
	MOVQ     $240, AX
	MOVOU    240(SI), X0
	MOVOU    240(DI), X1
	PCMPEQB  X1, X0
	PMOVMSKB X0, DX
	XORL     $0xffff, DX
	JNZ      found

all:
	MOVQ $256, ret+16(FP)
	RET

found:
	BSFL DX, DX
	ADDQ DX, AX
	MOVQ AX, ret+16(FP)
	RET

loopy:
	VMOVDQU   (SI)(AX*1), Y0
	VPCMPEQB  (DI)(AX*1), Y0, Y0
	VPMOVMSKB Y0, DX
	XORL      $0xffffffff, DX
	JNZ       foundy
	ADDQ      $32, AX
	CMPQ      AX, $224
	JBE       loopy
	CMPQ      AX, $256
	JAE       ally

taily:
	MOVQ      $224, AX
	VMOVDQU   224(SI), Y0
	VPCMPEQB  224(DI), Y0, Y0
	VPMOVMSKB Y0, DX
	XORL      $0xffffffff, DX
	JNZ       foundy

ally:
	VZEROUPPER
	MOVQ $256, ret+16(FP)
	RET

foundy:
	VZEROUPPER
	BSFL DX, DX
	ADDQ DX, AX
	MOVQ AX, ret+16(FP)
	RET
