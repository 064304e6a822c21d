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

// ROLL adds the byte at mem to the rolling hash in DX (updateHashRoll), with R12 as scratch.
#define ROLL(mem) \
	MOVBLZX mem, R12; \
	SHLL    $const_rollHashShift, DX; \
	XORL    R12, DX; \
	ANDL    $const_rollHashMask, DX

// func longestMatchAsm(s *State, curMatch int, slow bool) int
//
// The matcher of CPUs without AVX2 (longestMatchAVX2 and longestMatchSlowAVX2, match_avx2_amd64.s,
// call it there); hand-written, cheaper per candidate than gcc's longest_match_sse2, not a copy of it.
//
// longestMatchGo (slow false: zlib-ng's longest_match) or longestMatchSlowGo (slow true:
// longest_match_slow), whose rules and results these are, step for step. Registers in the walk:
//
//	BX   s.window - matchOffset: the candidate at chain position R14 starts at BX+R14
//	R13  BX + the filter's offset (filterShape: bestLen-1, -3 or -7): its end bytes are at R13+R14
//	R11  the 2, 4 or 8 bytes at scan, R12 those at scan + the filter's offset (zero-extended)
//	R14  the candidate's chain position (curMatch), CX the chain length left
//	R8   s.prev, R9 s.wmask, R10 limit (limitBase + matchOffset)
//	SI, DI, AX, DX, X0, X1, Y0  the setup, the compare (compare256_amd64.h) and the better match
//
// and in the frame, read once per compare or better match, not per candidate: scan (the string at
// strstart), bestLen, strstart, earlyExit (zlib-ng's early_exit: s.level < earlyExitLevel, never in
// longest_match_slow), limitBase and matchOffset (the offset into the string of the chain walked; always
// 0 in longest_match). The filter is one loop per width, as zlib-ng's (2 bytes below a best length of 4,
// 4 below 8, else 8), each comparing memory with a register, so that a rejected candidate costs 8
// instructions: the two compares (usually one) and the chain step. It reads what the Go filter reads or
// less: 2 or 4 bytes of a candidate where the Go filter loads 8 and masks them.
TEXT ·longestMatchAsm(SB), NOSPLIT, $48-32
	MOVQ s+0(FP), DX
	MOVQ State_window(DX), BX
	MOVQ State_prev(DX), R8
	MOVQ S_WMASK(DX), R9
	MOVQ S_STRSTART(DX), SI
	MOVQ SI, strstart-24(SP)
	ADDQ BX, SI
	MOVQ SI, scan-8(SP)
	MOVQ curMatch+8(FP), R14

	// The setup: bestLen from prevLength (at least minMatch-1), the chain length (a quarter from
	// goodMatch on), limit = limitBase = max(strstart - maxDist, 0), matchOffset 0.
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
	MOVQ    R10, limitBase-40(SP)
	MOVQ    $0, matchOffset-48(SP)
	CMPB    slow+16(FP), $0
	JNE     slowSetup
	CMPQ    S_LEVEL(DX), $const_earlyExitLevel
	SETLT   earlyExit-32(SP)
	CMPQ    R14, strstart-24(SP)
	JGE     none
	JMP     shape // BX, SI and AX are as top sets them

	// longest_match_slow continuing a lazy search (bestLen >= minMatch): start from the offset i-2
	// whose hash head (of the three bytes ending at scan+i, i = 3..bestLen) is oldest.
slowSetup:
	MOVB    $0, earlyExit-32(SP)
	CMPQ    AX, $const_minMatch
	JLT     top
	MOVQ    State_head(DX), DI
	MOVBLZX 1(SI), DX
	ROLL(2(SI))
	MOVQ    $3, R11
	XORL    R13, R13

prewalk:
	ROLL((SI)(R11*1))
	MOVWQZX (DI)(DX*2), R12
	CMPQ    R12, R14
	JGE     prewalkNext
	LEAQ    -2(R11), R13
	MOVQ    R12, R14

prewalkNext:
	INCQ R11
	CMPQ R11, AX
	JLE  prewalk
	MOVQ R13, matchOffset-48(SP)
	ADDQ R13, R10
	CMPQ R14, R10
	JLE  breakMatching

// The search goes on from R14 on the chain at matchOffset, with limit R10 and the chain length CX.
top:
	CMPQ R14, strstart-24(SP)
	JGE  none
	MOVQ s+0(FP), DX
	MOVQ State_window(DX), BX
	SUBQ matchOffset-48(SP), BX
	MOVQ scan-8(SP), SI
	MOVQ bestLen-16(SP), AX

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
	COMPARE256_TAIL(length)

length:
	ADDQ $2, AX
	MOVQ bestLen-16(SP), DX
	CMPQ AX, DX
	JGT  better
	CMPB earlyExit-32(SP), $0
	JNE  none
	MOVQ DX, AX

// The next candidate on the chain, filtered for best length AX.
step:
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

// A better match, of length AX, starting at DI = R14 - matchOffset: record it; return at the lookahead
// or the nice length; else longest_match_slow may move to a more distant chain through it.
better:
	MOVQ s+0(FP), DX
	MOVQ R14, DI
	SUBQ matchOffset-48(SP), DI
	MOVQ DI, S_MATCHSTART(DX)
	CMPQ AX, S_LOOKAHEAD(DX)
	JGT  lookahead
	MOVQ AX, bestLen-16(SP)
	CMPQ AX, S_NICE(DX)
	JGE  none
	CMPB slow+16(FP), $0
	JEQ  step
	CMPQ AX, $const_minMatch
	JLE  step
	LEAQ (DI)(AX*1), SI
	CMPQ SI, strstart-24(SP)
	JGE  step

	// The chains through the match's positions DI+i (i = 0..n-minMatch): the oldest prev, R13, at
	// offset BX; then the head of the hash of the three bytes ending one past the match.
	MOVQ DI, R13
	XORL BX, BX
	XORL R11, R11

jump:
	LEAQ    (DI)(R11*1), SI
	ANDQ    R9, SI
	MOVWQZX (R8)(SI*2), R12
	CMPQ    R12, R13
	JGE     jumpNext
	MOVQ    limitBase-40(SP), SI
	ADDQ    R11, SI
	CMPQ    R12, SI
	JLE     breakMatching
	MOVQ    R12, R13
	MOVQ    R11, BX

jumpNext:
	INCQ R11
	LEAQ -const_minMatch(AX), SI
	CMPQ R11, SI
	JLE  jump
	MOVQ R13, R14
	MOVQ scan-8(SP), SI
	MOVBLZX -(const_minMatch+1)(SI)(AX*1), DX
	ROLL(-const_minMatch(SI)(AX*1))
	ROLL(-(const_minMatch-1)(SI)(AX*1))
	MOVQ    s+0(FP), R12
	MOVQ    State_head(R12), R12
	MOVWQZX (R12)(DX*2), R12
	CMPQ    R12, R14
	JGE     jumped
	LEAQ    -(const_minMatch+1)(AX), BX
	MOVQ    limitBase-40(SP), SI
	ADDQ    BX, SI
	CMPQ    R12, SI
	JLE     breakMatching
	MOVQ    R12, R14

jumped:
	MOVQ BX, matchOffset-48(SP)
	MOVQ limitBase-40(SP), R10
	ADDQ BX, R10
	JMP  top

lookahead:
	MOVQ S_LOOKAHEAD(DX), AX
	MOVQ AX, ret+24(FP)
	RET

// longest_match_slow's break_matching: min(bestLen, lookahead).
breakMatching:
	MOVQ s+0(FP), DX
	MOVQ bestLen-16(SP), AX
	MOVQ S_LOOKAHEAD(DX), SI
	CMPQ AX, SI
	CMOVQGT SI, AX
	MOVQ AX, ret+24(FP)
	RET

// The search ends without a better match: bestLen.
none:
	MOVQ bestLen-16(SP), AX
	MOVQ AX, ret+24(FP)
	RET
