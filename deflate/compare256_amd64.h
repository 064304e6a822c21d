// Steps of compare256 (zlib-ng's compare256_sse2 and compare256_avx2), shared by compare256Tail and
// longestMatchWalk. On entry SI and DI point at the 256 bytes to compare and AX holds the offset to
// compare from (8: the first 8 bytes are equal); DX, X0 and X1 (Y0 for AVX2) are clobbered. A step whose
// PMOVMSKB mask is not all ones holds the first difference, at the mask's lowest zero bit: the macros
// jump to found with AX at the step and DX the inverted mask (the caller adds BSF(DX) to AX), or to all
// when the 256 bytes are equal. The bytes from the last whole step to 256 are compared by one step that
// ends at 256 and overlaps the bytes before it, which are equal; so no byte outside [0, 256) is read.
// The AVX2 steps leave the upper halves of the Y registers dirty: the caller's found and all run
// VZEROUPPER before it returns to Go.

// COMPARE256_SSE2 compares 16 bytes per step (loop is a label for the macro's own use).
#define COMPARE256_SSE2(loop, found, all) \
loop: \
	MOVOU    (SI)(AX*1), X0; \
	MOVOU    (DI)(AX*1), X1; \
	PCMPEQB  X1, X0; \
	PMOVMSKB X0, DX; \
	XORL     $0xffff, DX; \
	JNZ      found; \
	ADDQ     $16, AX; \
	CMPQ     AX, $240; \
	JBE      loop; \
	CMPQ     AX, $256; \
	JAE      all; \
	MOVQ     $240, AX; \
	MOVOU    240(SI), X0; \
	MOVOU    240(DI), X1; \
	PCMPEQB  X1, X0; \
	PMOVMSKB X0, DX; \
	XORL     $0xffff, DX; \
	JNZ      found; \
	JMP      all

// COMPARE256_AVX2 compares 32 bytes per step.
#define COMPARE256_AVX2(loop, found, all) \
loop: \
	VMOVDQU   (SI)(AX*1), Y0; \
	VPCMPEQB  (DI)(AX*1), Y0, Y0; \
	VPMOVMSKB Y0, DX; \
	XORL      $0xffffffff, DX; \
	JNZ       found; \
	ADDQ      $32, AX; \
	CMPQ      AX, $224; \
	JBE       loop; \
	CMPQ      AX, $256; \
	JAE       all; \
	MOVQ      $224, AX; \
	VMOVDQU   224(SI), Y0; \
	VPCMPEQB  224(DI), Y0, Y0; \
	VPMOVMSKB Y0, DX; \
	XORL      $0xffffffff, DX; \
	JNZ       found; \
	JMP       all
