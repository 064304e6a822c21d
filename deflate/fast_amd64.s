#include "go_asm.h"
#include "textflag.h"

// zlib-ng's deflate_fast (deflate_fast.c, with deflate_p.h's zng_tr_tally_lit and zng_tr_tally_dist
// inlined) and its insert_string (insert_string.c) as gcc -O2 (12.2) compiled them, transliterated:
// `objdump -d --no-show-raw-insn` of deflate_fast.o and insert_string.o in zlib-ng 2.2.5's libz-ng.a
// (the same code in 2.2.2), the way quick_amd64.s follows deflate_quick: each instruction one of gcc's,
// in gcc's order and block layout, with gcc's registers and its address in the comment; what the loop
// does is fastRunGo's, which is zlib-ng's. gcc keeps s in rbx, zng_length_code in r12 and
// zng_dist_code in rbp; strstart, lookahead and sym_next live in s and are loaded and stored there at
// every position, and so they are here (the State's fields). quick_insert_string is quickInsertStep
// (quick_amd64.s).
//
// Where the engine differs from the C:
//   - gcc's loop calls zng_fill_window when lookahead falls below MIN_LOOKAHEAD (0x20f) and
//     zng_tr_flush_block when the symbol buffer is full (0x144); this loop returns to deflateFast
//     there instead (full false or true), which does the same in Go and calls it again. It enters
//     where gcc's code goes on after zng_fill_window (0x237: a literal with fewer than four bytes
//     ahead, else the hash), so the input's last positions run this code too.
//   - longest_match is longestMatchAVX2 (match_avx2_amd64.s, gcc's longest_match_avx2), called with
//     Go's ABI0 (the arguments and the result through the frame) where gcc calls it through the
//     functable with registers; Go has no callee-saved registers, so s, zng_length_code and the trees'
//     address are set again after it (longestMatchAVX2 pushes and pops none of the five registers
//     gcc's longest_match_avx2 saves: the caller pays for them here, as match_avx2_amd64.s says).
//   - The symbol frequencies are in the tree region (State.trees), not in the State as zlib-ng's are
//     in deflate_state: R11 holds its address, set at entry and again after each call that changes
//     R11 (insertStringStep, longestMatchAVX2).
//   - zlib-ng counts matches in s->matches (an addl per match, 0xce); the engine keeps no such count
//     (block.go's tallyDist says why), one instruction less per match.
//   - The State's fields are Go ints (64 bits) where zlib-ng's are 32 bits: they are loaded and stored
//     whole, computed on in gcc's widths. MAX_DIST(s) is computed from w_size as gcc does (wsize).

#define S_STRSTART (State_streamState+streamState_strstart)
#define S_LOOKAHEAD (State_streamState+streamState_lookahead)
#define S_WSIZE (State_streamState+streamState_wsize)
#define S_WMASK (State_streamState+streamState_wmask)
#define S_MATCHSTART (State_streamState+streamState_matchStart)
#define S_MAXINSERT (State_streamState+streamState_maxLazyMatch)
#define S_SYMNEXT (State_streamState+streamState_symNext)
#define S_SYMEND (State_streamState+streamState_symEnd)

#define LTREE_LENGTHS (treeState_dynLtree+(const_literals+1)*4) // dyn_ltree[LITERALS+1]: the length codes' frequencies

// func fastRunAVX2(s *State) (full bool)
//
// Registers (gcc's): BX s, R12 lengthCode, BP distCode, R11 the trees (the engine's); DX the match
// length or strstart, AX and CX scratch, R14 and R15 sym_next and sym_end after a match, R13 the
// inserted span's length.
TEXT ·fastRunAVX2(SB), NOSPLIT, $24-9
	MOVQ s+0(FP), BX                  // 18 mov %rdi,%rbx
	LEAQ ·lengthCode(SB), R12         // 8 lea zng_length_code,%r12
	LEAQ ·distCode(SB), BP            // 10 lea zng_dist_code,%rbp
	MOVQ State_trees(BX), R11         // the engine's: the frequencies
	MOVQ S_LOOKAHEAD(BX), AX          // 217 mov 0x4c(%rbx),%eax (after zng_fill_window)
	MOVQ S_STRSTART(BX), DX           // 237 mov 0x84(%rbx),%edx
	MOVQ DX, SI                       // 23d mov %rdx,%rsi
	CMPL AX, $3                       // 240 cmp $0x3,%eax
	JLS  lit                          // 243 jbe 1a0
	JMP  insert                       // 249 jmp 3c

// The loop's top: MIN_LOOKAHEAD bytes ahead, else back to deflateFast for zng_fill_window.
top:
	MOVQ S_LOOKAHEAD(BX), AX          // 28 mov 0x4c(%rbx),%eax
	CMPL AX, $0x105                   // 2b cmp $0x105,%eax
	JLS  fill                         // 30 jbe 20f
again:
	MOVQ S_STRSTART(BX), SI           // 36 mov 0x84(%rbx),%esi
insert:
	MOVQ BX, DI                       // 3c mov %rbx,%rdi
	CALL ·quickInsertStep(SB)         // 3f call quick_insert_string
	MOVQ    S_STRSTART(BX), DX        // 44 mov 0x84(%rbx),%edx
	MOVWLZX AX, SI                    // 4a movzwl %ax,%esi
	MOVQ    DX, CX                    // 4d mov %rdx,%rcx
	SUBQ    SI, CX                    // 50 sub %rsi,%rcx
	MOVQ    S_WSIZE(BX), SI           // 53 mov 0x40(%rbx),%esi
	SUBL    $0x106, SI                // 56 sub $0x106,%esi
	CMPQ    SI, CX                    // 5c cmp %rcx,%rsi
	JLT     lit                       // 5f jl 1a0
	TESTQ   CX, CX                    // 65 test %rcx,%rcx
	JLE     lit                       // 68 jle 1a0
	TESTW   AX, AX                    // 6e test %ax,%ax
	JEQ     lit                       // 71 je 1a0
	MOVWLZX AX, SI                    // 77 movzwl %ax,%esi
	MOVQ    BX, 0(SP)                 // 7a mov %rbx,%rdi (Go's ABI0: through the frame)
	MOVQ    SI, 8(SP)
	CALL    ·longestMatchAVX2(SB)     // 7d call *functable+0x5c (longest_match_avx2)
	MOVQ    16(SP), AX
	MOVQ    s+0(FP), BX               // the engine's: no callee-saved registers
	LEAQ    ·lengthCode(SB), R12
	MOVQ    State_trees(BX), R11
	MOVL    AX, DX                    // 83 mov %eax,%edx
	CMPL    AX, $3                    // 85 cmp $0x3,%eax
	JLS     litmiss                   // 88 jbe 196

// A match (zng_tr_tally_dist), then the insertion of its positions.
	MOVQ    S_SYMNEXT(BX), DI         // 8e mov 0x1740(%rbx),%edi
	MOVQ    State_dBuf(BX), R8        // 94 mov 0x1730(%rbx),%r8
	LEAL    -3(AX), CX                // 9b lea -0x3(%rax),%ecx
	MOVQ    S_STRSTART(BX), AX        // 9e mov 0x84(%rbx),%eax
	SUBL    S_MATCHSTART(BX), AX      // a4 sub 0x88(%rbx),%eax
	MOVW    AX, (R8)(DI*2)            // aa mov %ax,(%r8,%rdi,2)
	MOVQ    DI, SI                    // af mov %rdi,%rsi
	MOVQ    State_lBuf(BX), R8        // b2 mov 0x1738(%rbx),%r8
	SUBL    $1, AX                    // b9 sub $0x1,%eax
	ADDL    $1, SI                    // bc add $0x1,%esi
	MOVQ    SI, S_SYMNEXT(BX)         // bf mov %esi,0x1740(%rbx)
	MOVB    CX, (R8)(DI*1)            // c5 mov %cl,(%r8,%rdi,1)
	MOVBLZX (R12)(CX*1), CX           // c9 movzbl (%r12,%rcx,1),%ecx
	ADDW    $1, LTREE_LENGTHS(R11)(CX*4) // d5 addw $0x1,0x508(%rbx,%rcx,4) (ce addl $0x1,0x1758(%rbx): s->matches)
	CMPL    AX, $0xff                 // de cmp $0xff,%eax
	JLS     dcode                     // e3 jbe ed
	SHRL    $7, AX                    // e5 shr $0x7,%eax
	ADDL    $0x100, AX                // e8 add $0x100,%eax
dcode:
	MOVBLZX (BP)(AX*1), AX            // ed movzbl 0x0(%rbp,%rax,1),%eax
	MOVQ    S_SYMNEXT(BX), R14        // f2 mov 0x1740(%rbx),%r14d
	MOVQ    S_SYMEND(BX), R15         // f9 mov 0x1744(%rbx),%r15d
	MOVQ    S_STRSTART(BX), SI        // 100 mov 0x84(%rbx),%esi
	ADDW    $1, treeState_dynDtree(R11)(AX*4) // 106 addw $0x1,0x9f8(%rbx,%rax,4)
	MOVQ    S_LOOKAHEAD(BX), AX       // 10f mov 0x4c(%rbx),%eax
	SUBL    DX, AX                    // 112 sub %edx,%eax
	MOVQ    AX, S_LOOKAHEAD(BX)       // 114 mov %eax,0x4c(%rbx)
	CMPL    S_MAXINSERT(BX), DX       // 117 cmp %edx,0x94(%rbx)
	JCS     inslast                   // 11d jb 128
	CMPL    AX, $3                    // 11f cmp $0x3,%eax
	JHI     insspan                   // 122 ja 250
inslast:
	ADDL DX, SI                       // 128 add %esi,%edx (into SI: the same sum)
	MOVQ BX, DI                       // 12a mov %rbx,%rdi
	MOVQ SI, S_STRSTART(BX)           // 12d mov %edx,0x84(%rbx)
	LEAL -1(SI), SI                   // 133 lea -0x1(%rdx),%esi
	CALL ·quickInsertStep(SB)         // 136 call quick_insert_string
symsent:
	CMPL R14, R15                     // 13b cmp %r15d,%r14d
	JNE  top                          // 13e jne 28
	MOVB $1, full+8(FP)               // 144-: zng_tr_flush_block (deflateFast's)
	RET

// A literal (zng_tr_tally_lit): DX strstart.
litmiss:
	MOVQ    S_STRSTART(BX), DX        // 196 mov 0x84(%rbx),%edx
lit:
	MOVQ    S_SYMNEXT(BX), CX         // 1a0 mov 0x1740(%rbx),%ecx
	MOVQ    State_window(BX), AX      // 1a6 mov 0x58(%rbx),%rax
	XORL    DI, DI                    // 1aa xor %edi,%edi
	MOVQ    State_dBuf(BX), SI        // 1ac mov 0x1730(%rbx),%rsi
	MOVBLZX (AX)(DX*1), AX            // 1b3 movzbl (%rax,%rdx,1),%eax
	MOVQ    CX, DX                    // 1b7 mov %rcx,%rdx
	MOVW    DI, (SI)(CX*2)            // 1ba mov %di,(%rsi,%rcx,2)
	MOVQ    State_lBuf(BX), SI        // 1be mov 0x1738(%rbx),%rsi
	ADDL    $1, DX                    // 1c5 add $0x1,%edx
	MOVQ    DX, S_SYMNEXT(BX)         // 1c8 mov %edx,0x1740(%rbx)
	MOVB    AX, (SI)(CX*1)            // 1ce mov %al,(%rsi,%rcx,1)
	MOVQ    S_STRSTART(BX), DI        // 1d1 mov 0x84(%rbx),%edi
	ADDW    $1, treeState_dynLtree(R11)(AX*4) // 1d7 addw $0x1,0x104(%rbx,%rax,4)
	MOVQ    S_LOOKAHEAD(BX), AX       // 1e0 mov 0x4c(%rbx),%eax
	LEAL    1(DI), DX                 // 1e3 lea 0x1(%rdi),%edx
	MOVQ    S_SYMEND(BX), DI          // 1e6 mov 0x1744(%rbx),%edi
	SUBL    $1, AX                    // 1ec sub $0x1,%eax
	MOVQ    DX, S_STRSTART(BX)        // 1ef mov %edx,0x84(%rbx)
	MOVQ    AX, S_LOOKAHEAD(BX)       // 1f5 mov %eax,0x4c(%rbx)
	CMPQ    S_SYMNEXT(BX), DI         // 1f8 cmp %edi,0x1740(%rbx)
	JEQ     flush                     // 1fe je 14a
	CMPL    AX, $0x105                // 204 cmp $0x105,%eax
	JHI     again                     // 209 ja 36
fill:
	MOVB $0, full+8(FP)               // 20f: zng_fill_window (deflateFast's)
	RET

flush:
	MOVB $1, full+8(FP)               // 14a-: zng_tr_flush_block (deflateFast's)
	RET

// The positions of a match up to max_insert_length long, after the first (insert_string).
insspan:
	ADDL $1, SI                       // 250 add $0x1,%esi
	LEAL -1(DX), R13                  // 253 lea -0x1(%rdx),%r13d
	MOVQ BX, DI                       // 257 mov %rbx,%rdi
	MOVQ SI, S_STRSTART(BX)           // 25a mov %esi,0x84(%rbx)
	MOVL R13, DX                      // 260 mov %r13d,%edx
	CALL ·insertStringStep(SB)        // 263 call insert_string
	ADDQ R13, S_STRSTART(BX)          // 268 add %r13d,0x84(%rbx)
	MOVQ State_trees(BX), R11         // the engine's: insert_string's registers
	JMP  symsent                      // 26f jmp 13b

// func insertStringStep()
//
// zlib-ng's insert_string(s, str, count) as gcc compiled it (insert_string.o): s in DI, str in SI,
// count in DX; it changes AX, CX, DX, SI, DI and R8-R11.
TEXT ·insertStringStep(SB), NOSPLIT|NOFRAME, $0-0
	MOVL    SI, CX                    // 50 mov %esi,%ecx
	MOVL    DX, DX                    // 52 mov %edx,%edx
	ADDQ    State_window(DI), CX      // 54 add 0x58(%rdi),%rcx
	MOVQ    DI, R9                    // 58 mov %rdi,%r9
	ADDQ    CX, DX                    // 5b add %rcx,%rdx
	CMPQ    CX, DX                    // 5e cmp %rdx,%rcx
	JCC     isret                     // 61 jae a9
	MOVQ    State_head(DI), R11       // 63 mov 0x68(%rdi),%r11
isloop:
	IMUL3L  $const_hashMul, (CX), AX  // 70 imul $0x9e3779b1,(%rcx),%eax
	SHRL    $const_hashShift, AX      // 76 shr $0x10,%eax
	LEAQ    (R11)(AX*2), DI           // 79 lea (%r11,%rax,2),%rdi
	MOVWLZX (DI), R8                  // 7d movzwl (%rdi),%r8d
	CMPW    R8, SI                    // 81 cmp %si,%r8w
	JEQ     isnext                    // 85 je 9d
	MOVWLZX S_WMASK(R9), AX           // 87 movzwl 0x48(%r9),%eax
	MOVQ    State_prev(R9), R10       // 8c mov 0x60(%r9),%r10
	ANDL    SI, AX                    // 90 and %esi,%eax
	MOVWLZX AX, AX                    // 92 movzwl %ax,%eax
	MOVW    R8, (R10)(AX*2)           // 95 mov %r8w,(%r10,%rax,2)
	MOVW    SI, (DI)                  // 9a mov %si,(%rdi)
isnext:
	ADDQ    $1, CX                    // 9d add $0x1,%rcx
	ADDL    $1, SI                    // a1 add $0x1,%esi
	CMPQ    DX, CX                    // a4 cmp %rcx,%rdx
	JNE     isloop                    // a7 jne 70
isret:
	RET                               // a9 ret
