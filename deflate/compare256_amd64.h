// compare256 from its ninth byte (zlib-ng's compare256_sse2 and compare256_avx2), shared by
// compare256Tail and longestMatchAsm: COMPARE256_TAIL(done) compares the 256 bytes at SI and DI, whose
// first 8 are equal, and jumps to done with the length of their common prefix in AX. It clobbers DX, X0
// and X1 (Y0 for AVX2) and defines labels of its own (c256...), so a function uses it once.
//
// The steps: on entry AX holds the offset to compare from (8). A step whose PMOVMSKB mask is not all
// ones holds the first difference, at the mask's lowest zero bit: the step macros jump to found with AX
// at the step and DX the inverted mask, or to all when the 256 bytes are equal. The bytes from the last
// whole step to 256 are compared by one step that ends at 256 and overlaps the bytes before it, which
// are equal; so no byte outside [0, 256) is read. The AVX2 steps leave the upper halves of the Y
// registers dirty, so their exits run VZEROUPPER before going back to Go code.
#define COMPARE256_TAIL(done) \
	MOVQ $8, AX; \
	CMPB ·useAVX2(SB), $0; \
	JNE  c256avx2; \
	COMPARE256_SSE2(c256sse2, c256found, c256all); \
c256avx2: \
	COMPARE256_AVX2(c256loopy, c256foundy, c256ally); \
c256foundy: \
	VZEROUPPER; \
c256found: \
	BSFL DX, DX; \
	ADDQ DX, AX; \
	JMP  done; \
c256ally: \
	VZEROUPPER; \
c256all: \
	MOVQ $256, AX; \
	JMP  done

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
