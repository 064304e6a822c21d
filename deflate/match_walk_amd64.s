#include "go_asm.h"
#include "textflag.h"
#include "compare256_amd64.h"

// The State's fields the search reads (streamState is embedded in State).
#define S_STRSTART (State_streamState+streamState_strstart)
#define S_LOOKAHEAD (State_streamState+streamState_lookahead)
#define S_MATCHSTART (State_streamState+streamState_matchStart)
#define S_PREVLENGTH (State_streamState+streamState_prevLength)
#define S_LEVEL (State_streamState+streamState_level)
#define S_WMASK (State_streamState+streamState_wmask)
#define S_MAXDIST (State_streamState+streamState_maxDist)
#define S_MAXCHAIN (State_streamState+streamState_maxChainLength)
#define S_GOOD (State_streamState+streamState_goodMatch)
#define S_NICE (State_streamState+streamState_niceMatch)

// func longestMatchAsm(s *State, curMatch, matchOffset, limit, chainLength, bestLen int, walk bool) (cur, chain, n int)
//
// longestMatchGo (walk false: the whole search, from s) or longestMatchWalkGo (walk true: the walk from
// the arguments, back at each better match); the rules and the results are theirs. Registers:
//
//	BX   s.window - matchOffset: the candidate at chain position R14 starts at BX+R14
//	R13  BX + the filter's offset (filterShape: bestLen-1, -3 or -7): its end bytes are at R13+R14
//	R11  the 2, 4 or 8 bytes at scan, R12 those at scan + the filter's offset (zero-extended)
//	R14  the candidate's chain position (curMatch), CX the chain length left
//	R8   s.prev, R9 s.wmask, R10 limit
//	SI, DI, AX, DX, X0, X1, Y0  the setup and the compare (compare256_amd64.h)
//
// and in the frame, read once per compare, not per candidate: scan (the string at strstart), bestLen,
// strstart and earlyExit (zlib-ng's early_exit: s.level < earlyExitLevel for the whole search, never for
// longestMatchSlow's walk). The filter is one loop per width, as zlib-ng's (2 bytes below a best length
// of 4, 4 below 8, else 8), each comparing memory with a register, so that a rejected candidate costs 8
// instructions: the two compares (usually one) and the chain step. It reads what the Go filter reads or
// less: 2 or 4 bytes of a candidate where the Go filter loads 8 and masks them.
TEXT ·longestMatchAsm(SB), NOSPLIT, $32-80
	MOVQ s+0(FP), DX
	MOVQ State_window(DX), BX
	MOVQ State_prev(DX), R8
	MOVQ S_WMASK(DX), R9
	MOVQ S_STRSTART(DX), SI
	MOVQ SI, strstart-24(SP)
	ADDQ BX, SI
	MOVQ SI, scan-8(SP)
	MOVQ curMatch+8(FP), R14
	CMPB walk+48(FP), $0
	JNE  walkArgs

	// longestMatchGo's setup: bestLen from prevLength (at least minMatch-1), the chain length (a
	// quarter from goodMatch on), limit = max(strstart - maxDist, 0).
	MOVQ    S_PREVLENGTH(DX), AX
	MOVQ    $const_minMatch-1, DI
	TESTQ   AX, AX
	CMOVQEQ DI, AX
	MOVQ    AX, bestLen-16(SP)
	MOVQ    S_MAXCHAIN(DX), CX
	MOVQ    CX, DI
	SARQ    $2, DI
	CMPQ    AX, S_GOOD(DX)
	CMOVQGE DI, CX
	MOVQ    strstart-24(SP), R10
	SUBQ    S_MAXDIST(DX), R10
	XORL    DI, DI
	CMPQ    R10, DI
	CMOVQLT DI, R10
	CMPQ    S_LEVEL(DX), $const_earlyExitLevel
	SETLT   earlyExit-32(SP)
	CMPQ    R14, strstart-24(SP)
	JGE     none
	JMP     shape

walkArgs:
	SUBQ matchOffset+16(FP), BX
	MOVQ limit+24(FP), R10
	MOVQ chainLength+32(FP), CX
	MOVQ bestLen+40(FP), AX
	MOVQ AX, bestLen-16(SP)
	MOVB $0, earlyExit-32(SP)

// The filter for best length AX (SI = scan).
shape:
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
	MOVQ scan-8(SP), SI
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
	ADDQ    $2, AX
	MOVQ    bestLen-16(SP), DX
	CMPQ    AX, DX
	JGT     better
	CMPB    earlyExit-32(SP), $0
	JNE     none
	DECQ    CX
	JZ      none
	ANDQ    R9, R14
	MOVWQZX (R8)(R14*2), R14
	CMPQ    R14, R10
	JLE     none
	CMPQ    R14, strstart-24(SP)
	JGE     none
	CMPQ    DX, $4 // back to the filter of bestLen's width
	JLT     filter2
	CMPQ    DX, $8
	JLT     filter4
	JMP     filter8

// A better match, of length AX at R14: the walk returns it; the search records it, returns at the
// lookahead or the nice length, else steps on and filters for the new length.
better:
	CMPB    walk+48(FP), $0
	JNE     done
	MOVQ    s+0(FP), DX
	MOVQ    R14, S_MATCHSTART(DX)
	CMPQ    AX, S_LOOKAHEAD(DX)
	JGT     lookahead
	MOVQ    AX, bestLen-16(SP)
	CMPQ    AX, S_NICE(DX)
	JGE     none
	DECQ    CX
	JZ      none
	ANDQ    R9, R14
	MOVWQZX (R8)(R14*2), R14
	CMPQ    R14, R10
	JLE     none
	CMPQ    R14, strstart-24(SP)
	JGE     none
	MOVQ    scan-8(SP), SI
	JMP     shape

lookahead:
	MOVQ S_LOOKAHEAD(DX), AX
	JMP  done

// The walk ends without a better match: n is 0 for the walk, bestLen for the search.
none:
	XORL AX, AX
	CMPB walk+48(FP), $0
	JNE  done
	MOVQ bestLen-16(SP), AX

done:
	MOVQ R14, cur+56(FP)
	MOVQ CX, chain+64(FP)
	MOVQ AX, n+72(FP)
	RET
