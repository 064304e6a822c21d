#include "go_asm.h"
#include "textflag.h"

// zlib-ng's deflate_medium (deflate_medium.c, with emit_match, insert_match, fizzle_matches and
// deflate_p.h's zng_tr_tally_lit and zng_tr_tally_dist inlined) as gcc -O2 (12.2) compiled it,
// transliterated: `objdump -d --no-show-raw-insn` of deflate_medium.o in zlib-ng 2.2.5's libz-ng.a, the
// way fast_amd64.s follows deflate_fast: each instruction one of gcc's, in gcc's order and block
// layout, with gcc's registers and its address in the comment; what the loop does is
// mediumRunGreedyGo's at levels 3-4 and mediumRunLazyGo's at 5-6, which is zlib-ng's. gcc's one
// function serves every level, testing early_exit (s->level < 5, kept in its frame) where the C does,
// and so does this one. It keeps s in rbx and current_match in registers - rbp its strstart, r12 and
// r15 its length, r13 its match_start, r14 its strstart or orgstart - besides its copy in the frame;
// next_match lives in the frame only. strstart, lookahead and sym_next live in s and are loaded and
// stored there, as here (the State's fields).
//
// Where the engine differs from the C:
//   - gcc's loop calls zng_fill_window when lookahead falls below MIN_LOOKAHEAD (0x438) and
//     zng_tr_flush_block when bflush is set (0x222); this loop returns to deflateMedium there instead
//     (full false or true), which does the same in Go and calls it again. deflateMedium's own loop does
//     the input's last positions (fewer than MIN_LOOKAHEAD bytes ahead). next_match is deflateMedium's
//     next, copied into the frame at entry and back at each return, so that it survives the calls.
//   - longest_match is longestMatchAVX2, called with Go's ABI0 as fast_amd64.s calls it; Go has no
//     callee-saved registers, so s, the trees' address and the current match's registers that gcc
//     keeps across the call are set again after it (from the frame, where gcc stored them).
//   - The symbol frequencies are in the tree region (State.trees): R11 holds its address, set at entry
//     and again after each call or gcc instruction that changes R11 (insertStringStep,
//     longestMatchAVX2, fizzle_matches' scratch); where gcc zeroes r11 to store it (0x420), AX does.
//   - zlib-ng counts matches in s->matches (0x2cd); the engine keeps no such count (block.go's tallyDist).
//   - insert_match's limit, 16 * s->max_insert_length in 2.2.5 (0x3cb, 0x3d7), is the State's
//     mediumInsertMax, one load (mediumInsertLimit: 2.2.2's is maxMatch, never exceeded); 2.2.2's
//     deflate_medium.o differs from 2.2.5's in insert_match only.
//   - The State's fields are Go ints (64 bits) where zlib-ng's are 32 bits: loaded and stored whole,
//     computed on in gcc's widths.

#define S_STRSTART (State_streamState+streamState_strstart)
#define S_LOOKAHEAD (State_streamState+streamState_lookahead)
#define S_WSIZE (State_streamState+streamState_wsize)
#define S_LEVEL (State_streamState+streamState_level)
#define S_MATCHSTART (State_streamState+streamState_matchStart)
#define S_INSERTMAX (State_streamState+streamState_mediumInsertMax)
#define S_SYMNEXT (State_streamState+streamState_symNext)
#define S_SYMEND (State_streamState+streamState_symEnd)
#define S_WINDOWSIZE (State_window+8) // len(window): s->window_size

#define LTREE_LENGTHS (treeState_dynLtree+(const_literals+1)*4) // dyn_ltree[LITERALS+1]: the length codes' frequencies

// gcc's frame, 24 bytes up (below them the arguments and result of longestMatchAVX2).
#define F_LEVEL 36(SP)       // 0xc: s->level (early_exit is level < 5)
#define F_STRSTART 40(SP)    // 0x10: next_match's strstart as found, for fizzle_matches
#define F_MATCH 48(SP)       // 0x18: next_match's match_start in fizzle_matches
#define CM 56(SP)            // 0x20: current_match, 8 bytes
#define CM_MATCHSTART 56(SP) // 0x20
#define CM_LENGTH 58(SP)     // 0x22
#define CM_STRSTART 60(SP)   // 0x24, with orgstart at 0x26
#define NM 64(SP)            // 0x28: next_match, 8 bytes
#define NM_LENGTH 66(SP)     // 0x2a
#define NM_STRSTART 68(SP)   // 0x2c, with orgstart at 0x2e

// func mediumRunAVX2(s *State, next *packedMatch) (full bool)
//
// Registers (gcc's): BX s; BP current_match's strstart (its orgstart in bits 16-31 after a next match
// was taken whole), R12 and R15 its length, R13 its match_start, R14 its strstart or orgstart; R10 the
// next match's length after a search ahead; AX, CX, DX, SI, DI, R8, R9 scratch (R8 bflush at the
// emission); R11 the trees (the engine's), gcc's scratch in fizzle_matches.
TEXT ·mediumRunAVX2(SB), NOSPLIT, $72-17
	MOVQ s+0(FP), BX                  // a mov %rdi,%rbx
	MOVQ S_LEVEL(BX), AX              // 11 mov 0xb0(%rdi),%eax
	MOVL AX, F_LEVEL                  // 1b mov %eax,0xc(%rsp)
	MOVQ next+8(FP), AX               // the engine's: next_match from deflateMedium
	MOVQ (AX), AX
	MOVQ AX, NM
	MOVQ State_trees(BX), R11         // the engine's: the frequencies

// The loop's top: MIN_LOOKAHEAD bytes ahead, else back to deflateMedium for zng_fill_window.
top:
	MOVQ S_LOOKAHEAD(BX), AX          // 38 mov 0x4c(%rbx),%eax
	CMPL AX, $0x105                   // 3b cmp $0x105,%eax
	JLS  fill                         // 40 jbe 438
	CMPL F_LEVEL, $4                  // 46 cmpl $0x4,0xc(%rsp)
	JLE  search                       // 4b jle 320

// Levels 5-6 with a match ahead: current_match = next_match.
	MOVWLZX NM_LENGTH, R12            // 51 movzwl 0x2a(%rsp),%r12d
	TESTW   R12, R12                  // 57 test %r12w,%r12w
	JEQ     search                    // 5b je 320
	MOVQ    NM, R14                   // 61 mov 0x28(%rsp),%r14
	XORL    R15, R15                  // 66 xor %r15d,%r15d
	MOVW    R15, NM_LENGTH            // 69 mov %r15w,0x2a(%rsp)
	MOVWLZX R12, R15                  // 6f movzwl %r12w,%r15d
	MOVQ    R14, BP                   // 73 mov %r14,%rbp
	LEAL    4(R15), CX                // 76 lea 0x4(%r15),%ecx
	MOVQ    R14, CM                   // 7a mov %r14,0x20(%rsp)
	MOVL    R15, DX                   // 7f mov %r15d,%edx
	SHRQ    $0x20, BP                 // 82 shr $0x20,%rbp
	SHRQ    $0x30, R14                // 86 shr $0x30,%r14
	CMPL    CX, AX                    // 8a cmp %eax,%ecx
	JCC     noinsertahead             // 8c jae 6e0
	CMPW    R12, $3                   // 92 cmp $0x3,%r12w
	JHI     inslong                   // 97 ja 3cb

// insert_match for a match shorter than WANT_MIN_MATCH: BP strstart, R12 the length, R14 orgstart.
insshort:
	LEAL 1(BP), SI                    // 9d lea 0x1(%rbp),%esi
	LEAL -1(R12), DX                  // a0 lea -0x1(%r12),%edx
	CMPW SI, R14                      // a5 cmp %r14w,%si
	JCS  inserted                     // a9 jb b4
	TESTW DX, DX                      // ab test %dx,%dx
	JNE  insshortspan                 // ae jne 6f0
inserted:
	MOVWLZX CM_MATCHSTART, R13        // b4 movzwl 0x20(%rsp),%r13d
insertdone:
	CMPL F_LEVEL, $4                  // ba cmpl $0x4,0xc(%rsp)
	JLE  noahead                      // bf jle 420

// Look one match ahead (levels 5-6): the position after current_match.
ahead:
	MOVQ    S_LOOKAHEAD(BX), AX       // c5 mov 0x4c(%rbx),%eax
aheadcheck:
	CMPL    AX, $0x106                // c8 cmp $0x106,%eax
	JLS     noahead                   // cd jbe 420
	MOVQ    S_WINDOWSIZE(BX), AX      // d3 mov 0x54(%rbx),%eax
	MOVWLZX BP, R14                   // d6 movzwl %bp,%r14d
	LEAL    (R14)(R15*1), SI          // da lea (%r14,%r15,1),%esi
	SUBL    $0x106, AX                // de sub $0x106,%eax
	CMPL    SI, AX                    // e3 cmp %eax,%esi
	JCC     noahead                   // e5 jae 420
	MOVQ    SI, S_STRSTART(BX)        // eb mov %esi,0x84(%rbx)
	MOVQ    BX, DI                    // f1 mov %rbx,%rdi
	CALL    ·quickInsertStep(SB)      // f4 call quick_insert_string
	MOVQ    S_STRSTART(BX), DI        // f9 mov 0x84(%rbx),%edi
	MOVWLZX AX, SI                    // ff movzwl %ax,%esi
	MOVL    DI, CX                    // 102 mov %edi,%ecx
	MOVL    DI, X1                    // 104 movd %edi,%xmm1
	MOVL    DI, F_STRSTART            // 108 mov %edi,0x10(%rsp)
	SUBQ    SI, CX                    // 10c sub %rsi,%rcx
	MOVQ    S_WSIZE(BX), SI           // 10f mov 0x40(%rbx),%esi
	PSHUFLW $0, X1, X0                // 112 pshuflw $0x0,%xmm1,%xmm0
	MOVL    X0, NM_STRSTART           // 117 movd %xmm0,0x2c(%rsp)
	SUBL    $0x106, SI                // 11d sub $0x106,%esi
	CMPQ    SI, CX                    // 123 cmp %rcx,%rsi
	JLT     nextlit                   // 126 jl 270
	TESTQ   CX, CX                    // 12c test %rcx,%rcx
	JLE     nextlit                   // 12f jle 270
	TESTW   AX, AX                    // 135 test %ax,%ax
	JEQ     nextlit                   // 138 je 270
	MOVWLZX AX, SI                    // 13e movzwl %ax,%esi
	MOVQ    BX, 0(SP)                 // 141 mov %rbx,%rdi (Go's ABI0: through the frame)
	MOVQ    SI, 8(SP)
	CALL    ·longestMatchAVX2(SB)     // 144 call *functable+0x5c (longest_match_avx2)
	MOVQ    16(SP), AX
	MOVQ    s+0(FP), BX               // the engine's: no callee-saved registers
	MOVQ    State_trees(BX), R11
	MOVWLZX CM_LENGTH, R12            // current_match's registers, from the frame
	MOVWLZX CM_LENGTH, R15
	MOVWLZX CM_MATCHSTART, R13
	MOVWLZX CM_STRSTART, R14
	MOVQ    S_MATCHSTART(BX), CX      // 14a mov 0x88(%rbx),%ecx
	MOVL    AX, R10                   // 150 mov %eax,%r10d
	MOVW    CX, NM                    // 153 mov %cx,0x28(%rsp)
	MOVL    CX, DX                    // 158 mov %ecx,%edx
	CMPW    CX, F_STRSTART            // 15a cmp 0x10(%rsp),%cx
	JCC     nextone                   // 15f jae 170
	MOVW    AX, NM_LENGTH             // 161 mov %ax,0x2a(%rsp)
	CMPW    AX, $3                    // 166 cmp $0x3,%ax
	JHI     fizzle                    // 16a ja 570
nextone:
	MOVL    $1, R12                   // 170 mov $0x1,%r12d
	MOVWLZX CM_LENGTH, CX             // 176 movzwl 0x22(%rsp),%ecx
	MOVW    R12, NM_LENGTH            // 17b mov %r12w,0x2a(%rsp)
back:
	MOVQ    R14, S_STRSTART(BX)       // 188 mov %r14d,0x84(%rbx)

// emit_match(s, current_match): CX the length, BP strstart, R13 match_start.
emit:
	MOVWLZX CX, DX                    // 18f movzwl %cx,%edx
	CMPW    CX, $3                    // 192 cmp $0x3,%cx
	JHI     emitmatch                 // 196 ja 288
emitlits:
	TESTW   CX, CX                    // 19c test %cx,%cx
	JEQ     emitnone                  // 19f je 508
	MOVQ    S_SYMNEXT(BX), AX         // 1a5 mov 0x1740(%rbx),%eax
	LEAL    (CX)(BP*1), DI            // 1ab lea (%rcx,%rbp,1),%edi
	XORL    R8, R8                    // 1ae xor %r8d,%r8d

// Literals (zng_tr_tally_lit), one per step while strstart has not reached DI; R8 bflush.
litloop:
	MOVQ    State_window(BX), SI      // 1b1 mov 0x58(%rbx),%rsi
	MOVQ    State_dBuf(BX), R9        // 1b5 mov 0x1730(%rbx),%r9
	MOVWLZX BP, CX                    // 1bc movzwl %bp,%ecx
	XORL    R10, R10                  // 1bf xor %r10d,%r10d
	MOVBLZX (SI)(CX*1), CX            // 1c2 movzbl (%rsi,%rcx,1),%ecx
	MOVL    AX, SI                    // 1c6 mov %eax,%esi
	ADDL    $1, AX                    // 1c8 add $0x1,%eax
	MOVW    R10, (R9)(SI*2)           // 1cb mov %r10w,(%r9,%rsi,2)
	MOVQ    State_lBuf(BX), R9        // 1d0 mov 0x1738(%rbx),%r9
	MOVQ    AX, S_SYMNEXT(BX)         // 1d7 mov %eax,0x1740(%rbx)
	MOVBLZX CX, AX                    // 1dd movzbl %cl,%eax
	MOVB    CX, (R9)(SI*1)            // 1e0 mov %cl,(%r9,%rsi,1)
	XORL    CX, CX                    // 1e4 xor %ecx,%ecx
	ADDW    $1, treeState_dynLtree(R11)(AX*4) // 1e6 addw $0x1,0x104(%rbx,%rax,4)
	MOVQ    S_SYMNEXT(BX), AX         // 1ef mov 0x1740(%rbx),%eax
	CMPQ    S_SYMEND(BX), AX          // 1f5 cmp %eax,0x1744(%rbx)
	SETEQ   CX                        // 1fb sete %cl
	ADDL    $1, BP                    // 1fe add $0x1,%ebp
	SUBQ    $1, S_LOOKAHEAD(BX)       // 201 subl $0x1,0x4c(%rbx)
	ADDL    CX, R8                    // 205 add %ecx,%r8d
	CMPW    DI, BP                    // 208 cmp %bp,%di
	JNE     litloop                   // 20b jne 1b1

// s->strstart += match_length; FLUSH_BLOCK if bflush.
advance:
	ADDQ  S_STRSTART(BX), DX          // 20d add 0x84(%rbx),%edx
	MOVQ  DX, S_STRSTART(BX)          // 213 mov %edx,0x84(%rbx)
	TESTL R8, R8                      // 219 test %r8d,%r8d
	JEQ   top                         // 21c je 38
	MOVQ  next+8(FP), AX              // the engine's: next_match back to deflateMedium
	MOVQ  NM, CX
	MOVQ  CX, (AX)
	MOVB  $1, full+16(FP)             // 222-: zng_tr_flush_block (deflateMedium's)
	RET

// No match ahead (levels 5-6): next_match = {match_start 0, match_length 1}.
nextlit:
	MOVL    $0x10000, AX              // 270 mov .LC0(%rip),%eax
	MOVL    AX, NM                    // 276 mov %eax,0x28(%rsp)
nofizzle:
	MOVWLZX CM_LENGTH, CX             // 27a movzwl 0x22(%rsp),%ecx
	JMP     back                      // 27f jmp 188

// A match (zng_tr_tally_dist): DX the length.
emitmatch:
	MOVQ    S_SYMNEXT(BX), SI         // 288 mov 0x1740(%rbx),%esi
	MOVQ    State_dBuf(BX), DI        // 28e mov 0x1730(%rbx),%rdi
	MOVL    BP, R8                    // 295 mov %ebp,%r8d
	LEAL    -3(DX), AX                // 298 lea -0x3(%rdx),%eax
	SUBL    R13, R8                   // 29b sub %r13d,%r8d
	MOVWLZX BP, BP                    // 29e movzwl %bp,%ebp
	MOVW    R8, (DI)(SI*2)            // 2a1 mov %r8w,(%rdi,%rsi,2)
	MOVQ    SI, CX                    // 2a6 mov %rsi,%rcx
	MOVQ    State_lBuf(BX), DI        // 2a9 mov 0x1738(%rbx),%rdi
	SUBL    R13, BP                   // 2b0 sub %r13d,%ebp
	ADDL    $1, CX                    // 2b3 add $0x1,%ecx
	SUBL    $1, BP                    // 2b6 sub $0x1,%ebp
	MOVQ    CX, S_SYMNEXT(BX)         // 2b9 mov %ecx,0x1740(%rbx)
	MOVB    AX, (DI)(SI*1)            // 2bf mov %al,(%rdi,%rsi,1)
	LEAQ    ·lengthCode(SB), DI       // 2c2 lea zng_length_code,%rdi
	MOVBLZX (DI)(AX*1), AX            // 2c9 movzbl (%rdi,%rax,1),%eax
	ADDW    $1, LTREE_LENGTHS(R11)(AX*4) // 2d4 addw $0x1,0x508(%rbx,%rax,4) (2cd addl $0x1,0x1758(%rbx): s->matches)
	CMPL    BP, $0xff                 // 2dd cmp $0xff,%ebp
	JLS     dcode                     // 2e3 jbe 2ee
	SHRL    $7, BP                    // 2e5 shr $0x7,%ebp
	ADDL    $0x100, BP                // 2e8 add $0x100,%ebp
dcode:
	LEAQ    ·distCode(SB), AX         // 2ee lea zng_dist_code,%rax
	XORL    R8, R8                    // 2f5 xor %r8d,%r8d
	MOVBLZX (AX)(BP*1), AX            // 2f8 movzbl (%rax,%rbp,1),%eax
	ADDW    $1, treeState_dynDtree(R11)(AX*4) // 2fc addw $0x1,0x9f8(%rbx,%rax,4)
	MOVQ    S_SYMEND(BX), AX          // 305 mov 0x1744(%rbx),%eax
	CMPQ    S_SYMNEXT(BX), AX         // 30b cmp %eax,0x1740(%rbx)
	SETEQ   R8                        // 311 sete %r8b
	SUBQ    DX, S_LOOKAHEAD(BX)       // 315 sub %edx,0x4c(%rbx)
	JMP     advance                   // 318 jmp 20d

// No match ahead to use: the hash insertion and the search at strstart (levels 3-4 always).
search:
	MOVQ    S_STRSTART(BX), SI        // 320 mov 0x84(%rbx),%esi
	MOVQ    BX, DI                    // 326 mov %rbx,%rdi
	CALL    ·quickInsertStep(SB)      // 329 call quick_insert_string
	MOVQ    S_STRSTART(BX), DX        // 32e mov 0x84(%rbx),%edx
	MOVWLZX AX, CX                    // 334 movzwl %ax,%ecx
	MOVL    DX, X3                    // 337 movd %edx,%xmm3
	MOVQ    DX, R14                   // 33b mov %rdx,%r14
	MOVL    DX, BP                    // 33e mov %edx,%ebp
	SUBQ    CX, DX                    // 340 sub %rcx,%rdx
	MOVQ    S_WSIZE(BX), CX           // 343 mov 0x40(%rbx),%ecx
	PSHUFLW $0, X3, X0                // 346 pshuflw $0x0,%xmm3,%xmm0
	MOVL    X0, CM_STRSTART           // 34b movd %xmm0,0x24(%rsp)
	SUBL    $0x106, CX                // 351 sub $0x106,%ecx
	CMPQ    CX, DX                    // 357 cmp %rdx,%rcx
	JLT     nomatch                   // 35a jl 518
	TESTQ   DX, DX                    // 360 test %rdx,%rdx
	JLE     nomatch                   // 363 jle 518
	TESTW   AX, AX                    // 369 test %ax,%ax
	JEQ     nomatch                   // 36c je 518
	MOVWLZX AX, SI                    // 372 movzwl %ax,%esi
	MOVQ    BX, 0(SP)                 // 375 mov %rbx,%rdi (Go's ABI0: through the frame)
	MOVQ    SI, 8(SP)
	CALL    ·longestMatchAVX2(SB)     // 37e call *functable+0x5c (longest_match_avx2)
	MOVQ    16(SP), AX
	MOVQ    s+0(FP), BX               // the engine's: no callee-saved registers
	MOVQ    State_trees(BX), R11
	MOVWLZX CM_STRSTART, R14          // strstart, from the frame
	MOVL    $1, R12                   // 378 mov $0x1,%r12d (before the call in gcc's)
	MOVQ    S_MATCHSTART(BX), DX      // 384 mov 0x88(%rbx),%edx
	CMPW    AX, $3                    // 38a cmp $0x3,%ax
	CMOVLHI AX, R12                   // 38e cmova %eax,%r12d
	MOVW    DX, CM_MATCHSTART         // 392 mov %dx,0x20(%rsp)
	MOVQ    S_LOOKAHEAD(BX), AX       // 397 mov 0x4c(%rbx),%eax
	MOVWLZX DX, R13                   // 39a movzwl %dx,%r13d
	MOVW    R12, CM_LENGTH            // 39e mov %r12w,0x22(%rsp)
	CMPW    DX, R14                   // 3a4 cmp %r14w,%dx
	JCC     literal                   // 3a8 jae 524
	MOVWLZX R12, DX                   // 3ae movzwl %r12w,%edx
	LEAL    4(DX), CX                 // 3b2 lea 0x4(%rdx),%ecx
	MOVL    DX, R15                   // 3b5 mov %edx,%r15d
	CMPL    CX, AX                    // 3b8 cmp %eax,%ecx
	JCC     insertdone                // 3ba jae ba
	CMPW    R12, $3                   // 3c0 cmp $0x3,%r12w
	JLS     insshort                  // 3c5 jbe 9d

// insert_match for a match of WANT_MIN_MATCH or longer: DX the length.
inslong:
	MOVQ    S_INSERTMAX(BX), AX       // 3cb mov 0x94(%rbx),%eax (3d7 shl $0x4,%eax: mediumInsertMax)
	MOVWLZX CM_MATCHSTART, R13        // 3d1 movzwl 0x20(%rsp),%r13d
	CMPL    AX, DX                    // 3da cmp %edx,%eax
	JCS     inslast                   // 3dc jb 550
	LEAL    -1(R12), DX               // 3e2 lea -0x1(%r12),%edx
	LEAL    1(BP), AX                 // 3e7 lea 0x1(%rbp),%eax
	MOVWLZX R14, CX                   // 3ea movzwl %r14w,%ecx
	MOVWLZX AX, SI                    // 3ee movzwl %ax,%esi
	MOVWLZX DX, DX                    // 3f1 movzwl %dx,%edx
	LEAL    (DX)(SI*1), DI            // 3f4 lea (%rdx,%rsi,1),%edi
	CMPW    AX, R14                   // 3f7 cmp %r14w,%ax
	JCS     insorg                    // 3fb jb 7e9
	CMPL    CX, DI                    // 401 cmp %edi,%ecx
	JGE     insupto                   // 403 jge 7fc
insspan:
	MOVQ    BX, DI                    // 409 mov %rbx,%rdi
	CALL    ·insertStringStep(SB)     // 40c call insert_string
	MOVQ    State_trees(BX), R11      // the engine's: insert_string's registers
	CMPL    F_LEVEL, $4               // 411 cmpl $0x4,0xc(%rsp)
	JGT     ahead                     // 416 jg c5

// No look ahead (levels 3-4, or too little lookahead): next_match.match_length = 0.
noahead:
	XORL    AX, AX                    // 420 xor %r11d,%r11d (AX: R11 holds the trees)
	MOVWLZX CM_LENGTH, CX             // 423 movzwl 0x22(%rsp),%ecx
	MOVW    AX, NM_LENGTH             // 428 mov %r11w,0x2a(%rsp)
	JMP     emit                      // 42e jmp 18f

fill:
	MOVQ next+8(FP), AX               // the engine's: next_match back to deflateMedium
	MOVQ NM, CX
	MOVQ CX, (AX)
	MOVB $0, full+16(FP)              // 438-: zng_fill_window (deflateMedium's)
	RET

// Too little lookahead to insert after a literal (0x52e).
noinslit:
	MOVWLZX CM_MATCHSTART, R13        // 4a3 movzwl 0x20(%rsp),%r13d
	MOVL    $1, R15                   // 4a9 mov $0x1,%r15d
	MOVL    $1, R12                   // 4af mov $0x1,%r12d
	JMP     insertdone                // 4b5 jmp ba

// fizzle_matches moved next_match back over all of current_match: current_match is empty.
fizzledall:
	XORL    CX, CX                    // 4c0 xor %ecx,%ecx
	MOVWLZX AX, SI                    // 4c2 movzwl %ax,%esi
	MOVQ    R14, S_STRSTART(BX)       // 4c5 mov %r14d,0x84(%rbx)
	MOVW    CX, CM_LENGTH             // 4cc mov %cx,0x22(%rsp)
	MOVWLZX F_STRSTART, CX            // 4d1 movzwl 0x10(%rsp),%ecx
	ADDL    $1, CX                    // 4d6 add $0x1,%ecx
	MOVWLZX CX, CX                    // 4d9 movzwl %cx,%ecx
	MOVQ    CX, AX                    // 4dc mov %rcx,%rax
	MOVWLZX R10, CX                   // 4df movzwl %r10w,%ecx
	SHLQ    $0x10, AX                 // 4e3 shl $0x10,%rax
	ORQ     SI, AX                    // 4e7 or %rsi,%rax
	SHLQ    $0x10, AX                 // 4ea shl $0x10,%rax
	ORQ     CX, AX                    // 4ee or %rcx,%rax
	MOVWLZX DX, CX                    // 4f1 movzwl %dx,%ecx
	XORL    DX, DX                    // 4f4 xor %edx,%edx
	SHLQ    $0x10, AX                 // 4f6 shl $0x10,%rax
	ORQ     CX, AX                    // 4fa or %rcx,%rax
	MOVQ    AX, NM                    // 4fd mov %rax,0x28(%rsp)
	MOVQ    State_trees(BX), R11      // the engine's: fizzle_matches used R11
emitnone:
	ADDQ    DX, S_STRSTART(BX)        // 508 add %edx,0x84(%rbx)
	JMP     top                       // 50e jmp 38

// No match at strstart: a literal.
nomatch:
	XORL    R13, R13                  // 518 xor %r13d,%r13d
	MOVQ    S_LOOKAHEAD(BX), AX       // 51b mov 0x4c(%rbx),%eax
	MOVW    R13, CM_MATCHSTART        // 51e mov %r13w,0x20(%rsp)
literal:
	MOVL    $1, SI                    // 524 mov $0x1,%esi
	MOVW    SI, CM_LENGTH             // 529 mov %si,0x22(%rsp)
	CMPL    AX, $5                    // 52e cmp $0x5,%eax
	JLS     noinslit                  // 531 jbe 4a3
	MOVL    $1, R12                   // 537 mov $0x1,%r12d
	MOVL    $1, R15                   // 53d mov $0x1,%r15d
	JMP     inserted                  // 543 jmp b4

// A match longer than 16 * max_insert_length (2.2.5): only its last position.
inslast:
	MOVL    R12, AX                   // 550 mov %r12d,%eax
	ADDW    BP, AX                    // 553 add %bp,%ax
	JEQ     insertdone                // 556 je ba
	MOVWLZX AX, AX                    // 55c movzwl %ax,%eax
	MOVQ    BX, DI                    // 55f mov %rbx,%rdi
	LEAL    -1(AX), SI                // 562 lea -0x1(%rax),%esi
	CALL    ·quickInsertStep(SB)      // 565 call quick_insert_string
	JMP     insertdone                // 56a jmp ba

// fizzle_matches(s, &current_match, &next_match): CX and DX next's match_start, AX and R10 its
// length, R12 and R15 current's length, F_STRSTART next's strstart.
fizzle:
	CMPW    R12, $1                   // 570 cmp $0x1,%r12w
	JEQ     nofizzle                  // 575 je 27a
	MOVWLZX CX, SI                    // 57b movzwl %cx,%esi
	ADDL    $1, SI                    // 57e add $0x1,%esi
	CMPL    SI, R15                   // 581 cmp %r15d,%esi
	JLT     nofizzle                  // 584 jl 27a
	MOVL    F_STRSTART, DI            // 58a mov 0x10(%rsp),%edi
	MOVWLZX DI, R9                    // 58e movzwl %di,%r9d
	LEAL    1(R9), SI                 // 592 lea 0x1(%r9),%esi
	CMPL    SI, R15                   // 596 cmp %r15d,%esi
	JLT     nofizzle                  // 599 jl 27a
	MOVQ    State_window(BX), R8      // 59f mov 0x58(%rbx),%r8
	MOVWLZX CX, R11                   // 5a3 movzwl %cx,%r11d
	MOVWLZX R12, SI                   // 5a7 movzwl %r12w,%esi
	MOVWLZX DI, R15                   // 5ab movzwl %di,%r15d
	MOVQ    R11, F_MATCH              // 5af mov %r11,0x18(%rsp)
	LEAQ    1(R11), DI                // 5b4 lea 0x1(%r11),%rdi
	MOVQ    R8, R11                   // 5b8 mov %r8,%r11
	SUBQ    SI, DI                    // 5bb sub %rsi,%rdi
	SUBQ    SI, R11                   // 5be sub %rsi,%r11
	MOVBLZX 1(R11)(R15*1), SI         // 5c1 movzbl 0x1(%r11,%r15,1),%esi
	CMPB    (R8)(DI*1), SI            // 5c7 cmp %sil,(%r8,%rdi,1)
	JNE     fizzleout                 // 5cb jne 27a
	MOVL    S_WSIZE(BX), R11          // 5d1 mov 0x40(%rbx),%r11d
	MOVWLZX F_STRSTART, DI            // 5d5 movzwl 0x10(%rsp),%edi
	LEAL    -0x106(R11), SI           // 5da lea -0x106(%r11),%esi
	ADDW    $0x106, DI                // 5e1 add $0x106,%di
	SUBL    R11, DI                   // 5e6 sub %r11d,%edi
	CMPL    SI, R9                    // 5e9 cmp %r9d,%esi
	MOVL    $0, SI                    // 5ec mov $0x0,%esi
	CMOVLCS DI, SI                    // 5f1 cmovb %edi,%esi
	MOVQ    F_MATCH, DI               // 5f4 mov 0x18(%rsp),%rdi
	LEAQ    -1(R8)(DI*1), DI          // 5f9 lea -0x1(%r8,%rdi,1),%rdi
	LEAQ    -1(R8)(R15*1), R8         // 5fe lea -0x1(%r8,%r15,1),%r8
	MOVBLZX (R8), R15                 // 603 movzbl (%r8),%r15d
	CMPB    (DI), R15                 // 607 cmp %r15b,(%rdi)
	JNE     fizzleout                 // 60a jne 27a
	MOVL    F_STRSTART, R11           // 610 mov 0x10(%rsp),%r11d
	CMPW    AX, $0xff                 // 615 cmp $0xff,%ax
	SETHI   AX                        // 619 seta %al
	CMPW    SI, R11                   // 61c cmp %r11w,%si
	SETCC   R9                        // 620 setae %r9b
	ORB     R9, AX                    // 624 or %r9b,%al
	JNE     fizzleout                 // 627 jne 27a
	CMPW    CX, $1                    // 62d cmp $0x1,%cx
	JLS     fizzleout                 // 631 jbe 27a
	MOVL    R11, R15                  // 637 mov %r11d,%r15d
	MOVL    R11, AX                   // 63a mov %r11d,%eax
	MOVQ    $-1, CX                   // 63d mov $0xffffffffffffffff,%rcx
	SUBL    R12, R15                  // 644 sub %r12d,%r15d

// One step back per equal byte: AX next's strstart, DX its match_start, R10 its length, CX the offset
// of the bytes compared next, R15 the strstart at which current_match would be empty, SI the limit.
fizzleloop:
	MOVBLZX (R8)(CX*1), R11           // 647 movzbl (%r8,%rcx,1),%r11d
	SUBL    $1, AX                    // 64c sub $0x1,%eax
	SUBL    $1, DX                    // 64f sub $0x1,%edx
	ADDL    $1, R10                   // 652 add $0x1,%r10d
	CMPB    (DI)(CX*1), R11           // 656 cmp %r11b,(%rdi,%rcx,1)
	JNE     fizzled                   // 65a jne 686
	CMPW    AX, R15                   // 65c cmp %r15w,%ax
	JEQ     fizzledall                // 660 je 4c0
	SUBQ    $1, CX                    // 666 sub $0x1,%rcx
	CMPW    R10, $0xff                // 66a cmp $0xff,%r10w
	SETHI   R9                        // 670 seta %r9b
	CMPW    DX, $1                    // 674 cmp $0x1,%dx
	SETLS   R11                       // 678 setbe %r11b
	ORB     R11, R9                   // 67c or %r11b,%r9b
	JNE     fizzled                   // 67f jne 686
	CMPW    SI, AX                    // 681 cmp %ax,%si
	JCS     fizzleloop                // 684 jb 647
fizzled:
	MOVL    AX, CX                    // 686 mov %eax,%ecx
	SUBW    F_STRSTART, CX            // 688 sub 0x10(%rsp),%cx
	ADDL    R12, CX                   // 68d add %r12d,%ecx
	CMPW    CX, $1                    // 690 cmp $0x1,%cx
	JHI     fizzleout                 // 694 ja 27a
	MOVWLZX F_STRSTART, SI            // 69a movzwl 0x10(%rsp),%esi
	MOVWLZX AX, DI                    // 69f movzwl %ax,%edi
	MOVW    CX, CM_LENGTH             // 6a2 mov %cx,0x22(%rsp)
	MOVQ    R14, S_STRSTART(BX)       // 6a7 mov %r14d,0x84(%rbx)
	ADDL    $1, SI                    // 6ae add $0x1,%esi
	MOVWLZX SI, SI                    // 6b1 movzwl %si,%esi
	MOVQ    SI, AX                    // 6b4 mov %rsi,%rax
	MOVWLZX R10, SI                   // 6b7 movzwl %r10w,%esi
	SHLQ    $0x10, AX                 // 6bb shl $0x10,%rax
	ORQ     DI, AX                    // 6bf or %rdi,%rax
	SHLQ    $0x10, AX                 // 6c2 shl $0x10,%rax
	ORQ     SI, AX                    // 6c6 or %rsi,%rax
	MOVWLZX DX, SI                    // 6c9 movzwl %dx,%esi
	MOVWLZX CX, DX                    // 6cc movzwl %cx,%edx
	SHLQ    $0x10, AX                 // 6cf shl $0x10,%rax
	ORQ     SI, AX                    // 6d3 or %rsi,%rax
	MOVQ    AX, NM                    // 6d6 mov %rax,0x28(%rsp)
	MOVQ    State_trees(BX), R11      // the engine's: fizzle_matches used R11
	JMP     emitlits                  // 6db jmp 19c

// fizzle_matches left both matches as they were, after using R11.
fizzleout:
	MOVQ State_trees(BX), R11         // the engine's
	JMP  nofizzle                     // (27a)

// Too little lookahead to insert (levels 5-6, a match ahead).
noinsertahead:
	MOVWLZX CM_MATCHSTART, R13        // 6e0 movzwl 0x20(%rsp),%r13d
	JMP     aheadcheck                // 6e6 jmp c8

// insert_match for a match of 2 or 3 (never: deflate_medium makes them 1): SI strstart + 1, DX the
// length - 1, R14 orgstart.
insshortspan:
	MOVWLZX SI, SI                    // 6f0 movzwl %si,%esi
	MOVWLZX DX, DX                    // 6f3 movzwl %dx,%edx
	MOVWLZX R14, R14                  // 6f6 movzwl %r14w,%r14d
	LEAL    (DX)(SI*1), AX            // 6fa lea (%rdx,%rsi,1),%eax
	CMPL    AX, R14                   // 6fd cmp %r14d,%eax
	JLE     insshortupto              // 700 jle 78a
	MOVQ    BX, DI                    // 706 mov %rbx,%rdi
	CALL    ·insertStringStep(SB)     // 709 call insert_string
	MOVQ    State_trees(BX), R11      // the engine's: insert_string's registers
	JMP     inserted                  // 70e jmp b4
insshortupto:
	SUBL    SI, R14                   // 78a sub %esi,%r14d
	MOVQ    BX, DI                    // 78d mov %rbx,%rdi
	LEAL    1(R14), DX                // 790 lea 0x1(%r14),%edx
	CALL    ·insertStringStep(SB)     // 794 call insert_string
	MOVQ    State_trees(BX), R11      // the engine's: insert_string's registers
	JMP     inserted                  // 799 jmp b4

// insert_match's other spans, after fizzle_matches moved a match back (orgstart past strstart):
// CX orgstart, SI strstart + 1, DI strstart + match_length.
insorg:
	CMPL CX, DI                       // 7e9 cmp %edi,%ecx
	JGE  insertdone                   // 7eb jge ba
	MOVL DI, DX                       // 7f1 mov %edi,%edx
	MOVL CX, SI                       // 7f3 mov %ecx,%esi
	SUBL CX, DX                       // 7f5 sub %ecx,%edx
	JMP  insspan                      // 7f7 jmp 409
insupto:
	MOVL CX, DX                       // 7fc mov %ecx,%edx
	MOVQ BX, DI                       // 7fe mov %rbx,%rdi
	SUBL SI, DX                       // 801 sub %esi,%edx
	ADDL $1, DX                       // 803 add $0x1,%edx
	CALL ·insertStringStep(SB)        // 806 call insert_string
	MOVQ State_trees(BX), R11         // the engine's: insert_string's registers
	JMP  insertdone                   // 80b jmp ba
