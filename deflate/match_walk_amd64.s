#include "textflag.h"
#include "compare256_amd64.h"

// func longestMatchWalk(w, scan, prev unsafe.Pointer, wmask, curMatch, matchOffset, limit, chainLength, bestLen, strstart int, earlyExit bool) (cur, chain, n int)
//
// longestMatchWalkGo (match_walk.go) in assembly; the rules and the results are its own. Registers:
//
//	BX   w - matchOffset: the candidate at chain position R14 starts at BX+R14
//	R13  BX + the filter's offset (filterShape: bestLen-1, -3 or -7): its end bytes are at R13+R14
//	R11  the 2, 4 or 8 bytes at scan, R12 those at scan + the filter's offset (zero-extended)
//	R14  the candidate's chain position (curMatch), CX the chain length left
//	R8   prev, R9 wmask, R10 limit
//	SI, DI, AX, DX, X0, X1, Y0  the compare (compare256_amd64.h); scan, bestLen, strstart and
//	earlyExit are read from the frame there, once per compare, not per candidate
//
// The filter is one loop per width, as zlib-ng's (2 bytes below a best length of 4, 4 below 8, else 8),
// each comparing memory with a register, so that a rejected candidate costs 8 instructions: two compares
// (usually one) and the chain step. The walk reads what longestMatchWalkGo reads or less: 2 or 4 bytes of
// a candidate where the Go filter loads 8 and masks them.
TEXT ·longestMatchWalk(SB), NOSPLIT, $0-112
	MOVQ w+0(FP), BX
	SUBQ matchOffset+40(FP), BX
	MOVQ scan+8(FP), SI
	MOVQ prev+16(FP), R8
	MOVQ wmask+24(FP), R9
	MOVQ curMatch+32(FP), R14
	MOVQ limit+48(FP), R10
	MOVQ chainLength+56(FP), CX
	MOVQ bestLen+64(FP), AX
	CMPQ AX, $4
	JLT  shape2
	CMPQ AX, $8
	JLT  shape4
	LEAQ -7(BX)(AX*1), R13
	MOVQ (SI), R11
	MOVQ -7(SI)(AX*1), R12
	JMP  filter8

shape4:
	LEAQ -3(BX)(AX*1), R13
	MOVL (SI), R11
	MOVL -3(SI)(AX*1), R12
	JMP  filter4

shape2:
	LEAQ    -1(BX)(AX*1), R13
	MOVWQZX (SI), R11
	MOVWQZX -1(SI)(AX*1), R12
	JMP     filter2

// FILTER is the candidate loop of one width: CMP compares that many bytes.
#define FILTER(CMP, loop, next) \
loop: \
	CMP     R12, (R13)(R14*1); \
	JNE     next; \
	CMP     R11, (BX)(R14*1); \
	JEQ     compare; \
next: \
	DECQ    CX; \
	JZ      none; \
	ANDQ    R9, R14; \
	MOVWQZX (R8)(R14*2), R14; \
	CMPQ    R14, R10; \
	JGT     loop; \
	JMP     none

	FILTER(CMPW, filter2, next2)
	FILTER(CMPL, filter4, next4)
	FILTER(CMPQ, filter8, next8)

// The candidate passed the filter: n = compare256(scan+2, candidate+2) + 2, the first 8 bytes here.
compare:
	MOVQ scan+8(FP), SI
	ADDQ $2, SI
	LEAQ 2(BX)(R14*1), DI
	MOVQ (SI), AX
	XORQ (DI), AX
	JZ   tail
	BSFQ AX, AX
	SHRQ $3, AX
	JMP  length

tail:
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
	JMP  length

ally:
	VZEROUPPER

all:
	MOVQ $256, AX

length:
	ADDQ $2, AX
	MOVQ bestLen+64(FP), DX
	CMPQ AX, DX
	JGT  better
	CMPB earlyExit+80(FP), $0
	JNE  none
	DECQ CX
	JZ   none
	ANDQ R9, R14
	MOVWQZX (R8)(R14*2), R14
	CMPQ R14, R10
	JLE  none
	CMPQ R14, strstart+72(FP)
	JGE  none
	CMPQ DX, $4 // back to the filter of bestLen's width
	JLT  filter2
	CMPQ DX, $8
	JLT  filter4
	JMP  filter8

better:
	MOVQ R14, cur+88(FP)
	MOVQ CX, chain+96(FP)
	MOVQ AX, n+104(FP)
	RET

none:
	MOVQ R14, cur+88(FP)
	MOVQ CX, chain+96(FP)
	MOVQ $0, n+104(FP)
	RET
