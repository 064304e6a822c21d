#include "go_asm.h"
#include "textflag.h"

// zlib-ng's matchers as gcc -O2 (12.2) compiled them, transliterated: longest_match_avx2 and
// longest_match_slow_avx2 (match_tpl.h, compare256_avx2.c; the object code is the same in zlib-ng
// 2.2.5 and 2.2.2), which zlib-ng's functable picks on any CPU with AVX2 - and under valgrind, whose
// CPUID is a Haswell's. The point is fidelity, not speed: the lab measures the cost of .NET's
// allocations against the compression around them, so a search must cost the engine what it costs
// zlib-ng. Each instruction below is one of gcc's, in gcc's order and block layout, with gcc's
// registers (rax is AX, r8 is R8, ...) and its address in the object file in the comment (`objdump -d
// --no-show-raw-insn arch/x86/compare256_avx2.o`), so the two can be read side by side; the search's
// rules and results are longestMatchGo's and longestMatchSlowGo's, which are zlib-ng's.
//
// Where the engine differs from the C, the instruction count does not:
//   - gcc's prologue and epilogue push and pop the callee-saved registers it uses (rbx, r12-r15) and
//     its frame pointer. Go's assembler sets up the frame and the frame pointer itself (three
//     instructions at entry and three at the exit, for gcc's push/mov/and-or-sub of rbp and rsp and
//     its lea/pop rbp/ret). The five pushes and pops have no counterpart here: Go's ABI has no
//     callee-saved registers, so the price of keeping values across a call is paid by the caller
//     (deflateSlow's loop reloads s and restores R14 and X15 after each search, and passes the
//     arguments and the result through the stack), where gcc pays it here. Measured as one search -
//     loop, call and matcher - the engine's costs what zlib-ng's does (BENCHMARKS.md, "Fifth round";
//     the fourth round stored and loaded the five registers here as well, and the search cost about 10
//     instructions more than zlib-ng's).
//   - The engine's dispatch on AVX2 is a test and a branch at the entry (2 instructions per search);
//     zlib-ng's is its callers' indirect call through the functable, no instruction more.
//   - The State's fields are Go ints (64 bits) where zlib-ng's are 32 bits: they are loaded whole, and
//     compared and computed on in gcc's widths.
//   - zlib-ng's MAX_DIST(s) is w_size - MIN_LOOKAHEAD, which gcc computes from w_size with an LEA; the
//     State has it as maxDist, which the same instruction copies.
//   - gcc's locals in the red zone below the stack pointer are frame slots here, at the same relative
//     places (F_... below; longest_match_slow's are at gcc's offsets from the stack pointer).

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

// NOPL7 is gcc's 7-byte padding instruction, nopl 0x0(%rax), where gcc's code runs through it.
#define NOPL7 BYTE $0x0f; BYTE $0x1f; BYTE $0x80; BYTE $0x00; BYTE $0x00; BYTE $0x00; BYTE $0x00

// longest_match_avx2's locals, gcc's -0x8(%rsp) .. -0x24(%rsp) in a 40-byte frame.
#define F_SCANSTART 32(SP) // -0x8: the 8 bytes at scan (scan_start)
#define F_LOOKAHEAD 28(SP) // -0xc: s->lookahead
#define F_LEVEL 24(SP)     // -0x10: s->level (early_exit is level < 5: tested at each compare)
#define F_NICE 20(SP)      // -0x14: nice_match
#define F_CHAIN 16(SP)     // -0x18: chain_length during the compare
#define F_SAVE 8(SP)       // -0x20: scan, then mbase_end, during the filter's second check and the compare
#define F_TMP 4(SP)        // -0x24: a scratch word of the compare's exit

// func longestMatchAVX2(s *State, curMatch int) int
//
// gcc's registers: AX cur_match, BX prev, CX best_len, DX scratch (the candidate, zero-extended), SI
// chain_length (first lookahead), DI mbase_end (window + offset), R8 scan, R9 strstart, R10 window, R11
// wmask, R12 scratch (the filter's value, the compare's pointer and length), R13 s, R14 limit, R15
// scan_end (8 bytes at scan + offset). The filter is a loop per width: 4 bytes (4 <= best_len < 8), 8
// (from 8), 2 (below 4); 10 instructions per rejected candidate in the 4- and 8-byte loops, 11 in the
// 2-byte one. The compare (compare256_avx2, inlined) runs from the third byte, 64 bytes per iteration.
TEXT ·longestMatchAVX2(SB), NOSPLIT, $40-24
	CMPB  ·useAVX2(SB), $0     // the engine's functable: without AVX2, longestMatchAsm
	JEQ   noAVX2
	MOVQ  curMatch+8(FP), AX   // 61 mov %esi,%eax
	MOVQ  s+0(FP), DX          // 63 mov %rdi,%rdx
	MOVQ  S_STRSTART(DX), R8   // 76
	MOVQ  State_window(DX), R10 // 7d
	MOVQ  S_LOOKAHEAD(DX), SI  // 81
	MOVQ  S_PREVLENGTH(DX), CX // 84
	MOVQ  R8, R9               // 8a
	MOVQ  S_WMASK(DX), R11     // 8d
	MOVQ  State_prev(DX), BX   // 91
	ADDQ  R10, R8              // 95
	MOVL  SI, F_LOOKAHEAD      // 98
	TESTL CX, CX               // 9c
	JEQ   prevZero             // 9e
	LEAL  -1(CX), DI           // a4 offset = best_len-1
	CMPL  CX, $3               // a7
	JHI   offsetWide           // aa

loadScan: // b0
	MOVQ (R8), SI              // b0 scan_start
	MOVQ (R8)(DI*1), R15       // b3 scan_end
	ADDQ R10, DI               // b7 mbase_end
	MOVQ SI, F_SCANSTART       // ba
	MOVQ S_MAXCHAIN(DX), SI    // bf chain_length
	CMPL CX, S_GOOD(DX)        // c5
	JCS  chainSet              // cb
	SHRL $2, SI                // cd

chainSet: // d0: limit = strstart > MAX_DIST ? strstart - MAX_DIST : 0
	MOVQ    S_MAXDIST(DX), R13 // d0 (gcc: w_size)
	MOVQ    S_NICE(DX), R14    // d4
	MOVL    R9, R12            // db (gcc: lea 0x106(%r9),%r12d)
	SUBL    R13, R12           // e2
	MOVL    R14, F_NICE        // e5
	MOVL    R13, R14           // ea (gcc: lea -0x106(%r13),%r14d)
	XORL    R13, R13           // f1
	CMPL    R14, R9            // f4
	MOVL    R13, R14           // f7
	MOVQ    DX, R13            // fa
	CMOVLCS R12, R14           // fd
	MOVQ    S_LEVEL(DX), R12   // 101
	MOVL    R12, F_LEVEL       // 108

top: // 10d: for (;;) { if (cur_match >= strstart) break; the filter of best_len's width }
	MOVWLZX AX, DX             // 10d
	CMPL    DX, R9             // 110
	JCC     done               // 113
	CMPL    CX, $3             // 115
	JLS     setup2             // 118
	CMPL    CX, $7             // 11e
	JHI     loop8              // 121
	MOVQ    R8, F_SAVE         // 123
	MOVL    R15, R12           // 128

loop4: // 12b
	MOVWLZX AX, DX             // 12b
	CMPL    (DI)(DX*1), R12    // 12e zng_memcmp_4(mbase_end+cur_match, scan_end)
	JEQ     start4             // 132

next4: // 138: GOTO_NEXT_CHAIN
	SUBL    $1, SI             // 138
	JEQ     done               // 13b
	ANDL    R11, AX            // 13d
	MOVWLZX AX, AX             // 140
	MOVWLZX (BX)(AX*2), AX     // 143
	CMPW    R14, AX            // 147
	JCS     loop4              // 14b

done: // 14d
	VZEROUPPER                 // 14d
	MOVQ CX, ret+16(FP)        // 154 mov %ecx,%eax
	RET                        // 160

start8: // 168
	MOVQ F_SCANSTART, R12      // 168
	CMPQ R12, (R10)(DX*1)      // 16d zng_memcmp_8(mbase_start+cur_match, scan_start)
	JEQ  compare               // 171

next8: // 177
	SUBL    $1, SI             // 177
	JEQ     done               // 17a
	ANDL    R11, AX            // 17c
	MOVWLZX AX, AX             // 17f
	MOVWLZX (BX)(AX*2), AX     // 182
	CMPW    R14, AX            // 186
	JCC     done               // 18a

loop8: // 18c
	MOVWLZX AX, DX             // 18c
	CMPQ    (DI)(DX*1), R15    // 18f zng_memcmp_8(mbase_end+cur_match, scan_end)
	JNE     next8              // 193
	JMP     start8             // 195

prevZero: // 1a0: best_len 2, offset 1
	MOVL $1, DI                // 1a0
	MOVL $2, CX                // 1a5
	JMP  loadScan              // 1aa

offsetWide: // 1b0: offset best_len-3 or -7
	LEAL    -3(CX), SI         // 1b0
	LEAL    -7(CX), DI         // 1b3
	CMPL    CX, $7             // 1b6
	CMOVQLS SI, DI             // 1b9
	JMP     loadScan           // 1bd

setup2: // 1c8
	MOVQ R8, F_SAVE            // 1c8
	MOVL R15, R12              // 1cd

loop2: // 1d0
	MOVWLZX AX, DX             // 1d0
	CMPW    R12, (DI)(DX*1)    // 1d3 zng_memcmp_2(mbase_end+cur_match, scan_end)
	JEQ     start2             // 1d8

next2: // 1de
	SUBL    $1, SI             // 1de
	JEQ     done               // 1e1
	ANDL    R11, AX            // 1e7
	MOVWLZX AX, AX             // 1ea
	MOVWLZX (BX)(AX*2), AX     // 1ed
	CMPW    R14, AX            // 1f1
	JCC     done               // 1f5
	JMP     loop2              // 1fb

start4: // 200
	MOVL F_SCANSTART, R8       // 200
	CMPL (R10)(DX*1), R8       // 205 zng_memcmp_4(mbase_start+cur_match, scan_start)
	JNE  next4                 // 209

restoreScan: // 20f
	MOVQ F_SAVE, R8            // 20f

compare: // 214: len = compare256_avx2(scan+2, mbase_start+cur_match+2) + 2
	MOVQ DI, F_SAVE            // 214
	LEAQ 2(R10)(DX*1), R12     // 219
	XORL DX, DX                // 21e
	MOVL SI, F_CHAIN           // 220

cmpLoop: // 224
	VMOVDQU   2(R8)(DX*1), Y1        // 224
	VPCMPEQB  (R12)(DX*1), Y1, Y0    // 22b
	VPMOVMSKB Y0, SI                 // 231
	CMPL      SI, $-1                // 235
	JNE       diff0                  // 238
	VMOVDQU   0x22(R8)(DX*1), Y2     // 23e
	VPCMPEQB  0x20(R12)(DX*1), Y2, Y0 // 245
	VPMOVMSKB Y0, SI                 // 24c
	CMPL      SI, $-1                // 250
	JNE       diff1                  // 253
	ADDQ      $0x40, DX              // 259
	CMPQ      DX, $0x100             // 25d
	JNE       cmpLoop                // 264
	MOVQ      F_SAVE, DI             // 266
	MOVL      F_CHAIN, SI            // 26b
	MOVL      $0x102, R12            // 26f

length: // 275: R12 = len, DX = len-2
	CMPL    CX, R12                // 275
	JCC     notBetter              // 278
	MOVWLZX AX, CX                 // 27a
	MOVQ    CX, S_MATCHSTART(R13)  // 27d s->match_start = cur_match
	CMPL    F_LOOKAHEAD, R12       // 284
	JCS     retLookahead           // 289
	MOVL    F_NICE, CX             // 28f
	CMPL    R12, CX                // 293
	JCC     retLen                 // 296
	CMPL    R12, $3                // 29c
	JHI     wide                   // 2a0
	ADDL    $1, DX                 // 2a2 offset = len-1

scanEnd: // 2a5
	MOVQ (R8)(DX*1), R15       // 2a5 scan_end
	LEAQ (R10)(DX*1), DI       // 2a9 mbase_end
	MOVL R12, CX               // 2ad best_len = len

nextChain: // 2b0: GOTO_NEXT_CHAIN, then the loop's top
	SUBL    $1, SI             // 2b0
	JEQ     done               // 2b3
	ANDL    R11, AX            // 2b9
	MOVWLZX AX, AX             // 2bc
	MOVWLZX (BX)(AX*2), AX     // 2bf
	CMPW    R14, AX            // 2c3
	JCC     done               // 2c7
	JMP     top                // 2cd

start2: // 2d8
	MOVWLZX F_SCANSTART, R8    // 2d8
	CMPW    R8, (R10)(DX*1)    // 2de zng_memcmp_2(mbase_start+cur_match, scan_start)
	JNE     next2              // 2e3
	JMP     restoreScan        // 2e9

notBetter: // 2f0: else if (early_exit) break
	CMPL F_LEVEL, $4           // 2f0
	JGT  nextChain             // 2f5
	JMP  done                  // 2f7

wide: // 2fc: offset len-3 or len-7
	LEAL    -1(DX), CX         // 2fc
	SUBL    $5, DX             // 2ff
	CMPL    R12, $7            // 302
	CMOVQLS CX, DX             // 306
	JMP     scanEnd            // 30a

diff0: // 30c: the first difference in the first 32 bytes of the step
	MOVL   SI, R12             // 30c
	MOVQ   F_SAVE, DI          // 30f
	MOVL   F_CHAIN, SI         // 314
	NOTL   R12                 // 318
	TZCNTL R12, R12            // 31b
	ADDL   R12, DX             // 320
	LEAL   2(DX), R12          // 323
	JMP    length              // 327

diff1: // 32c: in the second 32
	MOVL   DX, F_TMP           // 32c
	MOVL   SI, DX              // 330
	MOVL   F_TMP, R12          // 332
	NOTL   DX                  // 337
	MOVQ   F_SAVE, DI          // 339
	MOVL   F_CHAIN, SI         // 33e
	TZCNTL DX, DX              // 342
	LEAL   0x20(DX)(R12*1), DX // 346
	LEAL   2(DX), R12          // 34b
	JMP    length              // 34f

retLookahead: // 354
	MOVL F_LOOKAHEAD, CX       // 354
	JMP  done                  // 358

retLen: // 35d
	MOVL R12, CX               // 35d
	JMP  done                  // 360

noAVX2:
	MOVQ s+0(FP), AX
	MOVQ AX, 0(SP)
	MOVQ curMatch+8(FP), AX
	MOVQ AX, 8(SP)
	MOVB $0, 16(SP)
	CALL ·longestMatchAsm(SB)
	MOVQ 24(SP), AX
	MOVQ AX, ret+16(FP)
	RET

// func updateHashRollStep()
//
// zlib-ng's update_hash_roll(hash, val) as gcc compiled it (insert_string_roll.o): hash in DI, val in
// SI, the result in AX.
TEXT ·updateHashRollStep(SB), NOSPLIT|NOFRAME, $0-0
	SHLL    $const_rollHashShift, DI // 0 shl $0x5,%edi
	MOVBLZX SI, AX                   // 3 movzbl %sil,%eax
	XORL    DI, AX                   // 7
	ANDL    $const_rollHashMask, AX  // 9 and $0x7fff,%eax
	RET                              // e

// func longestMatchSlowAVX2(s *State, curMatch int) int
//
// gcc's registers: BX s, R12 cur_match, R13 best_len, R14 scan, R9 window, R10 mbase_start (window -
// match_offset), R15 offset, then mbase_end, R11 wmask, DX chain_length, CX strstart, AX limit, R8
// match_offset; in the frame, at gcc's offsets: 0x50 prev, 0x48 mbase_end (then the limit during a
// compare, len-3 and limit_base during the move to another chain), 0x40 scan_end, 0x38 scan_start, 0x34
// lookahead, 0x30 nice_match, 0x5a limit_base (16 bits), 0x5c a word of many uses (match_offset in the
// lazy start, strstart during the filter, the chain length and len during the compare), 0x14-0x28 the
// values kept across the calls of the hash step. The filter loops cost 11 instructions per rejected
// candidate (prev is read from the frame for each).
TEXT ·longestMatchSlowAVX2(SB), NOSPLIT, $96-24
	CMPB  ·useAVX2(SB), $0      // the engine's functable: without AVX2, longestMatchAsm
	JEQ   sNoAVX2
	MOVQ  curMatch+8(FP), R12   // 37c mov %esi,%r12d
	MOVQ  s+0(FP), BX           // 380 mov %rdi,%rbx
	ANDQ  $-32, R15             // 383 and $0xffffffffffffffe0,%rsp (on a scratch register: the frame is Go's)
	MOVQ  State_prev(BX), AX    // 38b
	MOVQ  State_window(BX), R9  // 38f
	MOVQ  S_STRSTART(BX), R14   // 393
	MOVQ  S_PREVLENGTH(BX), R13 // 39a
	MOVQ  AX, 0x50(SP)          // 3a1
	MOVQ  S_LOOKAHEAD(BX), AX   // 3a6
	MOVQ  R14, CX               // 3a9
	MOVQ  S_WMASK(BX), R11      // 3ac
	ADDQ  R9, R14               // 3b0 scan
	MOVL  AX, 0x34(SP)          // 3b3
	TESTL R13, R13              // 3b7
	JEQ   sPrevZero             // 3ba
	LEAL  -1(R13), R15          // 3c0 offset = best_len-1
	CMPL  R13, $3               // 3c4
	JHI   sOffsetWide           // 3c8

sLoadScan: // 3ce
	MOVQ (R14), AX              // 3ce
	MOVQ S_MAXCHAIN(BX), DX     // 3d1 chain_length
	MOVQ AX, 0x38(SP)           // 3d7 scan_start
	MOVQ (R14)(R15*1), AX       // 3dc
	MOVQ AX, 0x40(SP)           // 3e0 scan_end
	LEAQ (R9)(R15*1), AX        // 3e5
	MOVQ AX, 0x48(SP)           // 3e9 mbase_end
	CMPL R13, S_GOOD(BX)        // 3ee
	JCS  sChainSet              // 3f5
	SHRL $2, DX                 // 3f7

sChainSet: // 3fa: limit_base
	MOVQ    S_MAXDIST(BX), SI   // 3fa (gcc: w_size)
	MOVQ    S_NICE(BX), AX      // 3fd
	MOVL    SI, DI              // 403 (gcc: lea -0x106(%rsi),%edi)
	MOVL    AX, 0x30(SP)        // 409
	MOVL    CX, AX              // 40d (gcc: lea 0x106(%rcx),%eax)
	SUBL    SI, AX              // 413
	XORL    SI, SI              // 415
	CMPL    DI, CX              // 417
	CMOVLCS AX, SI              // 419
	MOVW    SI, 0x5a(SP)        // 41c
	CMPL    R13, $2             // 421
	JLS     sNoLazy             // 425

	// The lazy start: the oldest hash head at scan+3..scan+best_len.
	MOVL    DX, 0x5c(SP)        // 42b
	MOVBLZX 1(R14), SI          // 42f
	XORL    DI, DI              // 434
	MOVL    $3, R15             // 436
	MOVQ    R9, 0x18(SP)        // 43c
	MOVL    R11, 0x20(SP)       // 441
	MOVL    CX, 0x24(SP)        // 446
	CALL    ·updateHashRollStep(SB) // 44a call *0x98(%rbx)
	MOVBLZX 2(R14), SI          // 450
	MOVL    AX, DI              // 455
	CALL    ·updateHashRollStep(SB) // 457
	MOVL    0x5c(SP), DX        // 45d
	XORL    R8, R8              // 461
	MOVW    R8, 0x5c(SP)        // 464 match_offset = 0
	MOVL    AX, DI              // 46a
	MOVQ    BX, AX              // 46c
	MOVL    R15, BX             // 46f i = 3
	MOVL    DX, 0x28(SP)        // 472
	MOVQ    AX, R15             // 476 s
	NOPL7                       // 479 nopl 0x0(%rax): gcc's padding before the loop, run once

sPrewalk: // 480
	MOVL    BX, AX                  // 480
	MOVBLZX (R14)(AX*1), SI         // 482
	CALL    ·updateHashRollStep(SB) // 487 call *0x98(%r15)
	MOVL    AX, SI                  // 48e
	MOVQ    State_head(R15), AX     // 490
	MOVQ    SI, DI                  // 494
	MOVWLZX (AX)(SI*2), AX          // 497 pos = s->head[hash]
	CMPW    AX, R12                 // 49b
	JCC     sPrewalkNext            // 49f
	LEAL    -2(BX), DX              // 4a1
	MOVL    AX, R12                 // 4a4 cur_match = pos
	MOVW    DX, 0x5c(SP)            // 4a7 match_offset = i-2

sPrewalkNext: // 4ac
	ADDL    $1, BX              // 4ac
	CMPL    R13, BX             // 4af
	JCC     sPrewalk            // 4b2
	MOVWLZX 0x5c(SP), R8        // 4b4
	MOVWLZX 0x5a(SP), AX        // 4ba
	MOVQ    R15, BX             // 4bf
	MOVL    0x28(SP), DX        // 4c2
	MOVL    0x24(SP), CX        // 4c6
	ADDL    R8, AX              // 4ca limit = limit_base+match_offset
	MOVL    0x20(SP), R11       // 4cd
	MOVQ    0x18(SP), R9        // 4d2
	CMPW    AX, R12             // 4d7
	JCC     sBreakLookahead     // 4db
	MOVWLZX R8, SI              // 4e1
	MOVQ    R9, R10             // 4e5
	SUBQ    SI, 0x48(SP)        // 4e8 mbase_end -= match_offset
	SUBQ    SI, R10             // 4ed mbase_start -= match_offset
	JMP     sTop                // 4f0

sNoLazy: // 4f8
	MOVWLZX 0x5a(SP), AX        // 4f8 limit
	MOVQ    R9, R10             // 4fd
	XORL    R8, R8              // 500

sTop: // 503: if (cur_match >= strstart) break
	MOVWLZX R12, SI             // 503
	CMPL    SI, CX              // 507
	JCC     sDone               // 509
	MOVQ    0x48(SP), R15       // 50b mbase_end

sShape: // 510
	CMPL R13, $3                // 510
	JLS  sSetup2                // 514
	CMPL R13, $7                // 51a
	JLS  sSetup4                // 51e
	MOVL CX, 0x5c(SP)           // 520
	MOVQ 0x40(SP), DI           // 524

sLoop8: // 529
	MOVWLZX R12, SI             // 529
	CMPQ    (R15)(SI*1), DI     // 52d
	JEQ     sStart8             // 531

sNext8: // 537
	SUBL    $1, DX              // 537
	JEQ     sDoneVZ             // 53a
	MOVQ    0x50(SP), SI        // 53c
	ANDL    R11, R12            // 541
	MOVWLZX R12, R12            // 544
	MOVWLZX (SI)(R12*2), R12    // 548
	CMPW    AX, R12             // 54d
	JCS     sLoop8              // 551

sDoneVZ: // 553
	VZEROUPPER                  // 553

sDone: // 556
	MOVQ R13, ret+16(FP)        // 55a mov %r13d,%eax
	RET                         // 567

sPrevZero: // 570
	MOVL $1, R15                // 570
	MOVL $2, R13                // 576
	JMP  sLoadScan              // 57c

sSetup4: // 588
	MOVL CX, 0x5c(SP)           // 588
	MOVL 0x40(SP), DI           // 58c

sLoop4: // 590
	MOVWLZX R12, SI             // 590
	CMPL    (R15)(SI*1), DI     // 594
	JEQ     sStart4             // 598

sNext4: // 59a
	SUBL       $1, DX           // 59a
	JEQ        sDoneVZ          // 59d
	MOVQ       0x50(SP), SI     // 59f
	ANDL       R11, R12         // 5a4
	MOVWLZX    R12, R12         // 5a7
	MOVWLZX    (SI)(R12*2), R12 // 5ab
	CMPW       AX, R12          // 5b0
	JCS        sLoop4           // 5b4
	VZEROUPPER                  // 5b6
	JMP        sDone            // 5b9

sStart4: // 5c0
	MOVL 0x38(SP), CX           // 5c0
	CMPL (R10)(SI*1), CX        // 5c4
	JNE  sNext4                 // 5c8

sCompare: // 5ca
	MOVL 0x5c(SP), CX           // 5ca strstart
	MOVW AX, 0x48(SP)           // 5ce limit
	LEAQ 2(R10)(SI*1), DI       // 5d3
	XORL SI, SI                 // 5d8
	MOVL DX, 0x5c(SP)           // 5da chain_length

sCmpLoop: // 5de
	VMOVDQU   2(R14)(SI*1), Y1        // 5de
	VPCMPEQB  (DI)(SI*1), Y1, Y0      // 5e5
	VPMOVMSKB Y0, DX                  // 5ea
	CMPL      DX, $-1                 // 5ee
	JNE       sDiff0                  // 5f1
	VMOVDQU   0x22(R14)(SI*1), Y2     // 5f7
	VPCMPEQB  0x20(DI)(SI*1), Y2, Y0  // 5fe
	VPMOVMSKB Y0, DX                  // 604
	CMPL      DX, $-1                 // 608
	JNE       sDiff1                  // 60b
	ADDQ      $0x40, SI               // 611
	CMPQ      SI, $0x100              // 615
	JNE       sCmpLoop                // 61c
	MOVL      0x5c(SP), DX            // 61e
	MOVL      $0x102, 0x5c(SP)        // 622 len
	MOVWLZX   0x48(SP), AX            // 62a

sLength: // 62f
	MOVL    0x5c(SP), DI            // 62f len
	CMPL    R13, DI                 // 633
	JCC     sNextChain              // 636
	MOVWLZX R12, DI                 // 638
	MOVWLZX R8, R13                 // 63c
	MOVL    0x5c(SP), R15           // 640
	SUBL    R13, DI                 // 645 match_start = cur_match - match_offset
	MOVQ    DI, S_MATCHSTART(BX)    // 648
	CMPL    0x34(SP), R15           // 64e
	JCS     sRetLookahead           // 653
	MOVL    0x30(SP), R13           // 659
	CMPL    R15, R13                // 65e
	JCC     sRetLen                 // 661
	CMPL    R15, $3                 // 667
	JHI     sWide                   // 66b
	LEAL    1(SI), R15              // 671 offset = len-1
	MOVQ    (R14)(R15*1), DI        // 675
	MOVQ    DI, 0x40(SP)            // 679 scan_end

sSetBest: // 67e
	MOVL 0x5c(SP), R13              // 67e best_len = len
	ADDQ R10, R15                   // 683 mbase_end

sNextChain: // 686: GOTO_NEXT_CHAIN, then the loop's top
	SUBL    $1, DX                  // 686
	JEQ     sDoneVZ                 // 689
	ANDL    R11, R12                // 68f
	MOVQ    0x50(SP), DI            // 692
	MOVWLZX R12, SI                 // 697
	MOVWLZX (DI)(SI*2), R12         // 69b
	CMPW    AX, R12                 // 6a0
	JCC     sDoneVZ                 // 6a4
	MOVWLZX R12, SI                 // 6aa

sCheckStart: // 6ae
	CMPL SI, CX                     // 6ae
	JCS  sShape                     // 6b0
	JMP  sDoneVZ                    // 6b6

sOffsetWide: // 6c0
	LEAL    -3(R13), AX             // 6c0
	LEAL    -7(R13), R15            // 6c4
	CMPL    R13, $7                 // 6c8
	CMOVQLS AX, R15                 // 6cc
	JMP     sLoadScan               // 6d0

sSetup2: // 6d8
	MOVL    CX, 0x5c(SP)            // 6d8
	MOVWLZX 0x40(SP), DI            // 6dc

sLoop2: // 6e1
	MOVWLZX R12, SI                 // 6e1
	CMPW    DI, (R15)(SI*1)         // 6e5
	JEQ     sStart2                 // 6ea

sNext2: // 6ec
	SUBL    $1, DX                  // 6ec
	JEQ     sDoneVZ                 // 6ef
	MOVQ    0x50(SP), SI            // 6f5
	ANDL    R11, R12                // 6fa
	MOVWLZX R12, R12                // 6fd
	MOVWLZX (SI)(R12*2), R12        // 701
	CMPW    AX, R12                 // 706
	JCS     sLoop2                  // 70a
	VZEROUPPER                      // 70c
	JMP     sDone                   // 70f

sStart2: // 718
	MOVWLZX 0x38(SP), CX            // 718
	CMPW    (R10)(SI*1), CX         // 71d
	JNE     sNext2                  // 722
	JMP     sCompare                // 724

sBreakVZ: // 729: break_matching
	VZEROUPPER                      // 729

sBreakLen: // 72c
	MOVL 0x5c(SP), R13              // 72c
	NOPL7                           // 731 nopl 0x0(%rax): gcc's padding, run on the way to 738

sBreakLookahead: // 738: return min(best_len, s->lookahead)
	MOVQ    S_LOOKAHEAD(BX), AX     // 738
	CMPL    R13, AX                 // 73b
	CMOVLHI AX, R13                 // 73e
	JMP     sDone                   // 742

sStart8: // 750
	MOVQ 0x38(SP), CX               // 750
	CMPQ CX, (R10)(SI*1)            // 755
	JNE  sNext8                     // 759
	JMP  sCompare                   // 75f

sWide: // 764: offset len-3 or len-7; then the move to a more distant chain if the match allows it
	LEAL -1(SI), R15                // 764
	CMPL 0x5c(SP), $7               // 768
	MOVL R15, 0x48(SP)              // 76d
	JLS  sWide4                     // 772
	LEAL -5(SI), R15                // 778
	MOVQ (R14)(R15*1), SI           // 77c

sScanEnd: // 780
	MOVQ    SI, 0x40(SP)            // 780 scan_end
	MOVL    0x5c(SP), SI            // 785
	ADDL    SI, DI                  // 789 match_start + len
	CMPL    DI, CX                  // 78b
	JCC     sSetBest                // 78d
	MOVL    R12, R13                // 793
	MOVWLZX 0x5a(SP), R10           // 796 limit_base
	MOVL    DX, 0x28(SP)            // 79c
	XORL    AX, AX                  // 7a0 i = 0
	SUBL    R8, R13                 // 7a2 next_pos = cur_match -= match_offset
	XORL    R8, R8                  // 7a5 match_offset = 0
	MOVWLZX R13, DI                 // 7a8
	MOVL    R10, SI                 // 7ac limit_base + i
	SUBL    R10, DI                 // 7af
	MOVL    DI, R12                 // 7b2

sJump: // 7b5: pos = prev[(cur_match + i) & wmask]
	MOVQ    0x50(SP), DX            // 7b5
	LEAL    (R12)(SI*1), DI         // 7ba
	ANDL    R11, DI                 // 7be
	MOVWLZX (DX)(DI*2), DI          // 7c1
	CMPW    DI, R13                 // 7c5
	JCC     sJumpNext               // 7c9
	MOVWLZX DI, R8                  // 7cb
	CMPL    SI, R8                  // 7cf
	JCC     sBreakVZ                // 7d2
	MOVL    AX, R8                  // 7d8 match_offset = i
	MOVL    DI, R13                 // 7db next_pos = pos

sJumpNext: // 7de
	ADDL    $1, AX                  // 7de
	ADDL    $1, SI                  // 7e1
	CMPL    0x48(SP), AX            // 7e4
	JCC     sJump                   // 7e8
	MOVL    0x28(SP), DX            // 7ea
	MOVL    R8, 0x18(SP)            // 7ee
	XORL    DI, DI                  // 7f3
	MOVL    CX, 0x20(SP)            // 7f5
	MOVL    0x5c(SP), AX            // 7f9
	MOVL    DX, 0x14(SP)            // 7fd
	MOVL    R11, 0x24(SP)           // 801
	LEAQ    -4(R14)(AX*1), R12      // 806 scan_endstr
	MOVQ    R9, 0x28(SP)            // 80b
	MOVBLZX (R12), SI               // 810
	MOVL    R10, 0x48(SP)           // 815
	VZEROUPPER                      // 81a
	CALL    ·updateHashRollStep(SB) // 81d
	MOVBLZX 1(R12), SI              // 823
	MOVL    AX, DI                  // 829
	CALL    ·updateHashRollStep(SB) // 82b
	MOVBLZX 2(R12), SI              // 831
	MOVL    AX, DI                  // 837
	CALL    ·updateHashRollStep(SB) // 839
	MOVQ    State_head(BX), SI      // 83f
	MOVQ    0x28(SP), R9            // 843
	MOVL    AX, AX                  // 848
	MOVL    0x24(SP), R11           // 84a
	MOVL    0x20(SP), CX            // 84f
	MOVWLZX (SI)(AX*2), R12         // 853 pos = s->head[hash]
	MOVL    0x18(SP), R8            // 858
	MOVL    0x14(SP), DX            // 85d
	CMPW    R12, R13                // 861
	JCC     sHeadNotOlder           // 865
	MOVWLZX 0x5c(SP), AX            // 86b
	MOVL    0x48(SP), R10           // 870
	MOVWLZX R12, SI                 // 875
	LEAL    -4(AX), R8              // 879 match_offset = len-4
	MOVWLZX R8, AX                  // 87d
	ADDL    R10, AX                 // 881
	CMPL    SI, AX                  // 884
	JLE     sBreakLen               // 886

sJumped: // 88c
	MOVWLZX 0x5a(SP), AX            // 88c
	MOVWLZX R8, DI                  // 891
	MOVQ    R9, R10                 // 895
	MOVL    0x5c(SP), R13           // 898 best_len = len
	SUBQ    DI, R10                 // 89d mbase_start = window - match_offset
	ADDL    R8, AX                  // 8a0 limit = limit_base + match_offset
	ADDQ    R10, R15                // 8a3 mbase_end
	JMP     sCheckStart             // 8a6

sWide4: // 8b0
	MOVL 0x48(SP), R15              // 8b0
	MOVQ (R14)(R15*1), SI           // 8b5
	JMP  sScanEnd                   // 8b9

sDiff1: // 8be
	MOVL    DX, DI                  // 8be
	MOVWLZX 0x48(SP), AX            // 8c0
	MOVL    0x5c(SP), DX            // 8c5
	MOVL    SI, 0x28(SP)            // 8c9
	NOTL    DI                      // 8cd
	XORL    SI, SI                  // 8cf
	TZCNTL  DI, SI                  // 8d1
	MOVL    0x28(SP), DI            // 8d5
	LEAL    0x20(SI)(DI*1), SI      // 8d9
	LEAL    2(SI), DI               // 8dd
	MOVL    DI, 0x5c(SP)            // 8e0
	JMP     sLength                 // 8e4

sDiff0: // 8e9
	MOVL    DX, DI                  // 8e9
	MOVWLZX 0x48(SP), AX            // 8eb
	MOVL    0x5c(SP), DX            // 8f0
	NOTL    DI                      // 8f4
	TZCNTL  DI, DI                  // 8f6
	ADDL    DI, SI                  // 8fa
	LEAL    2(SI), DI               // 8fc
	MOVL    DI, 0x5c(SP)            // 8ff
	JMP     sLength                 // 903

sRetLen: // 908
	MOVL 0x5c(SP), R13              // 908
	VZEROUPPER                      // 90d
	JMP  sDone                      // 910

sRetLookahead: // 915
	MOVL 0x34(SP), R13              // 915
	VZEROUPPER                      // 91a
	JMP  sDone                      // 91d

sHeadNotOlder: // 922
	MOVWLZX R13, SI                 // 922
	MOVL    SI, R12                 // 926 cur_match = next_pos
	JMP     sJumped                 // 929

sNoAVX2:
	MOVQ s+0(FP), AX
	MOVQ AX, 0(SP)
	MOVQ curMatch+8(FP), AX
	MOVQ AX, 8(SP)
	MOVB $1, 16(SP)
	CALL ·longestMatchAsm(SB)
	MOVQ 24(SP), AX
	MOVQ AX, ret+16(FP)
	RET
