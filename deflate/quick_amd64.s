#include "go_asm.h"
#include "textflag.h"

// zlib-ng's deflate_quick (deflate_quick.c, with trees_emit.h's zng_tr_emit_lit and zng_tr_emit_dist
// inlined), its quick_insert_string (insert_string.c) and compare256_avx2 (compare256_avx2.c) as gcc -O2
// (12.2) compiled them, transliterated: `objdump -d --no-show-raw-insn` of deflate_quick.o,
// insert_string.o and compare256_avx2.o in zlib-ng 2.2.5's libz-ng.a (the same code in 2.2.2). As with
// the matchers (match_avx2_amd64.s) and compress_block (block_amd64.s), the point is fidelity: level 1
// must cost the engine what it costs zlib-ng. Each instruction below is one of gcc's, in gcc's order
// and block layout, with gcc's registers (rbx is BX, rbp is BP, r12 is R12, ...) and its address in the
// comment; what the loop does is quickRunGo's, which is zlib-ng's. gcc keeps s in rbx, static_ltree in
// r12 and static_dtree in r15 and nothing else across positions: strstart, lookahead, the bit buffer,
// its count and pending are loaded from s and stored back to it at every position, and so they are here
// (the State's fields).
//
// Where the engine differs from the C, the instruction count per position does not:
//   - gcc's loop calls zng_flush_pending when pending + 8 reaches pending_buf_size (0x180) and
//     zng_fill_window when lookahead falls below MIN_LOOKAHEAD (0x1b8); this loop returns to
//     deflateQuick there instead, which does the same in Go and calls it again, and it enters where
//     gcc's code goes on after zng_fill_window (0x254: a literal with fewer than four bytes ahead,
//     else the hash and the probe), so that the last positions of the input, where zlib-ng calls
//     zng_fill_window at each, run this code too. The room's end is the
//     engine's: F_SIZE below, pendStart + 4*litBufsize (what deflateQuick flushes at), or the pending
//     region's length if that is less, so that no store leaves pendingBuf.
//   - The entry (loading s and the two trees' addresses) and the exit are the engine's, once per call;
//     gcc's prologue and epilogue and its block starts and ends outside the loop are deflateQuick's Go.
//   - The State's fields are Go ints (64 bits) where zlib-ng's are 32 bits: they are loaded and stored
//     whole, computed on in gcc's widths. MAX_DIST(s) is computed from w_size as gcc does (wsize).
//   - zlib-ng calls compare256 through its functable (an indirect call); this calls compare256AVX2Step
//     directly. quick_insert_string and compare256_avx2 keep gcc's C calling convention (arguments in
//     DI and SI, the result in AX), which Go's assembler lets a NOFRAME function have.
//   - zlib-ng's tables are int arrays: extraLBits32, baseLength32, extraDBits32 and baseDist32
//     (tables.go) are their 32-bit copies; zng_length_code and zng_dist_code are lengthCode and
//     distCode.

#define S_STRSTART (State_streamState+streamState_strstart)
#define S_LOOKAHEAD (State_streamState+streamState_lookahead)
#define S_WSIZE (State_streamState+streamState_wsize)
#define S_WMASK (State_streamState+streamState_wmask)
#define S_PENDSTART (State_streamState+streamState_pendStart)
#define S_PENDEND (State_streamState+streamState_pendEnd)
#define S_BITBUF (State_streamState+streamState_bitBuf)
#define S_BITCOUNT (State_streamState+streamState_bitCount)
#define S_LITBUFSIZE (State_streamState+streamState_litBufsize)

#define F_SIZE 0(SP) // min(pendStart + 4*litBufsize, len(pendingBuf)): gcc's pending_buf_size

// func quickRunAVX2(s *State)
//
// Registers (gcc's): BX s, R12 staticLtree, R15 staticDtree; at the loop's top DI is pendEnd (gcc's
// pending), SI strstart after the hash head's load, BP the distance, R8 and R9 (R11 for a match) the bit
// count and buffer as loaded, AX the code (then the buffer), CX its length, DX the new count; R10, R14
// scratch.
TEXT ·quickRunAVX2(SB), NOSPLIT, $8-9
	MOVQ    s+0(FP), BX                  // 0d mov %rdi,%rbx
	MOVQ    State_pendingBuf+8(BX), CX   // the engine's: room for the first symbol, then F_SIZE
	MOVQ    S_PENDEND(BX), DI
	LEAQ    8(DI), DX
	CMPQ    DX, CX
	JHI     noroom
	MOVQ    S_LITBUFSIZE(BX), AX
	SHLQ    $2, AX
	ADDQ    S_PENDSTART(BX), AX
	CMPQ    AX, CX
	CMOVQGT CX, AX
	MOVQ    AX, F_SIZE
	MOVB    $1, ran+8(FP)
	LEAQ    ·staticLtree(SB), R12        // 30 lea static_ltree,%r12
	LEAQ    ·staticDtree(SB), R15        // 37 lea static_dtree,%r15
	MOVQ    S_LOOKAHEAD(BX), AX          // 1c0 mov 0x4c(%rbx),%eax (after zng_fill_window)
	MOVQ    S_STRSTART(BX), SI           // 3d4 mov 0x84(%rbx),%esi
	MOVL    SI, DI                       // 254 mov %esi,%edi
	CMPL    AX, $3                       // 256 cmp $0x3,%eax
	JLS     lit                          // 259 jbe af
	JMP     insert                       // 25f jmp 82

noroom:
	MOVB $0, ran+8(FP)
	RET

// A literal whose code fits the bit buffer (zng_tr_emit_lit's send_bits, first case).
litfits:
	MOVL R8, CX                          // 40 mov %r8d,%ecx
	SHLQ CL, AX                          // 43 shl %cl,%rax
	ORQ  R9, AX                          // 46 or %r9,%rax

// The literal is in the buffer: store the position, the buffer and its count to s.
litsent:
	ADDL $1, SI                          // 49 add $0x1,%esi
	SUBQ $1, S_LOOKAHEAD(BX)             // 4c subl $0x1,0x4c(%rbx)
	MOVQ DX, S_BITCOUNT(BX)              // 50 mov %edx,0x1780(%rbx)
	MOVQ AX, S_BITBUF(BX)                // 56 mov %rax,0x1778(%rbx)
	MOVQ SI, S_STRSTART(BX)              // 5d mov %esi,0x84(%rbx)

// The loop's top: room for eight more pending bytes, MIN_LOOKAHEAD bytes ahead; then the hash head.
top:
	ADDQ $8, DI                          // 63 add $0x8,%edi
	CMPQ DI, F_SIZE                      // 66 cmp 0x18(%rbx),%edi
	JCC  done                            // 69 jae 180 (zng_flush_pending: deflateQuick's)
	CMPQ S_LOOKAHEAD(BX), $0x105         // 6f cmpl $0x105,0x4c(%rbx)
	JLS  done                            // 76 jbe 1b8 (zng_fill_window: deflateQuick's)
	MOVQ S_STRSTART(BX), SI              // 7c mov 0x84(%rbx),%esi
insert:
	MOVQ BX, DI                          // 82 mov %rbx,%rdi
	CALL ·quickInsertStep(SB)            // 85 call quick_insert_string
	MOVQ S_STRSTART(BX), DI              // 8a mov 0x84(%rbx),%edi
	MOVQ S_WSIZE(BX), DX                 // 90 mov 0x40(%rbx),%edx
	MOVWLZX AX, AX                       // 93 movzwl %ax,%eax
	MOVQ DI, BP                          // 96 mov %rdi,%rbp
	SUBL $0x106, DX                      // 99 sub $0x106,%edx
	MOVQ DI, SI                          // 9f mov %rdi,%rsi
	SUBQ AX, BP                          // a2 sub %rax,%rbp
	CMPQ DX, BP                          // a5 cmp %rbp,%rdx
	JLT  lit                             // a8 jl af
	TESTQ BP, BP                         // aa test %rbp,%rbp
	JGT  probe                           // ad jg 120

// A literal (zng_tr_emit_lit): DI strstart, SI strstart.
lit:
	ADDQ    State_window(BX), DI         // af add 0x58(%rbx),%rdi
litload:
	MOVBLZX (DI), AX                     // b3 movzbl (%rdi),%eax
	MOVQ    S_BITCOUNT(BX), R8           // b6 mov 0x1780(%rbx),%r8d
	MOVQ    S_BITBUF(BX), R9             // bd mov 0x1778(%rbx),%r9
	MOVQ    S_PENDEND(BX), DI            // c4 mov 0x1c(%rbx),%edi
	LEAQ    (R12)(AX*4), DX              // c7 lea (%r12,%rax,4),%rdx
	MOVWLZX 2(DX), CX                    // cb movzwl 0x2(%rdx),%ecx
	MOVWLZX (DX), AX                     // cf movzwl (%rdx),%eax
	LEAL    (R8)(CX*1), DX               // d2 lea (%r8,%rcx,1),%edx
	CMPL    DX, $0x3f                    // d6 cmp $0x3f,%edx
	JLS     litfits                      // d9 jbe 40
	ADDQ    State_pendingBuf(BX), DI     // df add 0x8(%rbx),%rdi
	CMPL    R8, $0x40                    // e3 cmp $0x40,%r8d
	JEQ     litfull                      // e7 je 160
	MOVQ    AX, SI                       // e9 mov %rax,%rsi
	MOVL    R8, CX                       // ec mov %r8d,%ecx
	SUBL    $0x40, DX                    // ef sub $0x40,%edx
	SHLQ    CL, SI                       // f2 shl %cl,%rsi
	MOVQ    SI, CX                       // f5 mov %rsi,%rcx
	ORQ     R9, CX                       // f8 or %r9,%rcx
	MOVQ    CX, (DI)                     // fb mov %rcx,(%rdi)
	MOVQ    S_PENDEND(BX), CX            // fe mov 0x1c(%rbx),%ecx
	MOVQ    S_STRSTART(BX), SI           // 101 mov 0x84(%rbx),%esi
	LEAQ    8(CX), DI                    // 107 lea 0x8(%rcx),%edi
	MOVL    $0x40, CX                    // 10a mov $0x40,%ecx
	SUBL    R8, CX                       // 10f sub %r8d,%ecx
	MOVQ    DI, S_PENDEND(BX)            // 112 mov %edi,0x1c(%rbx)
	SHRQ    CL, AX                       // 115 shr %cl,%rax
	JMP     litsent                      // 118 jmp 49

// The hash head is in range: compare its first two bytes, then the rest (compare256).
probe:
	MOVQ    State_window(BX), DX         // 120 mov 0x58(%rbx),%rdx
	ADDQ    DX, DI                       // 124 add %rdx,%rdi
	ADDQ    AX, DX                       // 127 add %rax,%rdx
	MOVWLZX (DX), AX                     // 12a movzwl (%rdx),%eax
	CMPW    (DI), AX                     // 12d cmp %ax,(%rdi)
	JNE     litload                      // 130 jne b3
	LEAQ    2(DX), SI                    // 132 lea 0x2(%rdx),%rsi
	ADDQ    $2, DI                       // 136 add $0x2,%rdi
	CALL    ·compare256AVX2Step(SB)      // 13a call *functable+0x24 (compare256_avx2)
	LEAL    2(AX), DX                    // 140 lea 0x2(%rax),%edx
	CMPL    DX, $3                       // 143 cmp $0x3,%edx
	JHI     match                        // 146 ja 268
	MOVQ    S_STRSTART(BX), DI           // 14c mov 0x84(%rbx),%edi
	MOVQ    DI, SI                       // 152 mov %rdi,%rsi
	ADDQ    State_window(BX), DI         // 155 add 0x58(%rbx),%rdi
	JMP     litload                      // 159 jmp b3

// send_bits with a full buffer (bi_valid 64, which the engine's count never is; gcc's path).
litfull:
	MOVQ R9, (DI)                        // 160 mov %r9,(%rdi)
	MOVQ S_PENDEND(BX), SI               // 163 mov 0x1c(%rbx),%esi
	MOVL CX, DX                          // 166 mov %ecx,%edx
	LEAQ 8(SI), DI                       // 168 lea 0x8(%rsi),%edi
	MOVQ S_STRSTART(BX), SI              // 16b mov 0x84(%rbx),%esi
	MOVQ DI, S_PENDEND(BX)               // 171 mov %edi,0x1c(%rbx)
	JMP  litsent                         // 174 jmp 49

done:
	RET

// A match of DX bytes at distance BP (zng_tr_emit_dist): its length capped by lookahead and
// STD_MAX_MATCH, its codes and extra bits into one value, sent.
match:
	MOVQ    S_LOOKAHEAD(BX), SI          // 268 mov 0x4c(%rbx),%esi
	MOVL    $0x102, AX                   // 26b mov $0x102,%eax
	LEAQ    ·lengthCode(SB), CX          // 270 lea zng_length_code,%rcx
	LEAQ    ·extraLBits32(SB), R10       // 277 lea extra_lbits,%r10
	MOVQ    S_BITCOUNT(BX), R8           // 27e mov 0x1780(%rbx),%r8d
	MOVQ    S_BITBUF(BX), R11            // 285 mov 0x1778(%rbx),%r11
	CMPL    SI, AX                       // 28c cmp %eax,%esi
	CMOVLLS SI, AX                       // 28e cmovbe %esi,%eax
	CMPL    AX, DX                       // 291 cmp %edx,%eax
	CMOVLHI DX, AX                       // 293 cmova %edx,%eax
	LEAL    -3(AX), DX                   // 296 lea -0x3(%rax),%edx
	MOVQ    DX, DI                       // 299 mov %rdx,%rdi
	MOVBLZX (CX)(DX*1), DX               // 29c movzbl (%rcx,%rdx,1),%edx
	LEAL    0x101(DX), CX                // 2a0 lea 0x101(%rdx),%ecx
	MOVL    (R10)(DX*4), R10             // 2a6 mov (%r10,%rdx,4),%r10d
	MOVLQSX CX, CX                       // 2aa movslq %ecx,%rcx
	LEAQ    (R12)(CX*4), CX              // 2ad lea (%r12,%rcx,4),%rcx
	MOVWLZX (CX), R9                     // 2b1 movzwl (%rcx),%r9d
	MOVWLZX 2(CX), CX                    // 2b5 movzwl 0x2(%rcx),%ecx
	TESTL   R10, R10                     // 2b9 test %r10d,%r10d
	JEQ     lenbits                      // 2bc je 2d2
	LEAQ    ·baseLength32(SB), R14       // 2be lea base_length,%r14
	SUBL    (R14)(DX*4), DI              // 2c5 sub (%r14,%rdx,4),%edi
	SHLQ    CL, DI                       // 2c9 shl %cl,%rdi
	ADDL    R10, CX                      // 2cc add %r10d,%ecx
	ORQ     DI, R9                       // 2cf or %rdi,%r9

lenbits:
	SUBL    $1, BP                       // 2d2 sub $0x1,%ebp
	CMPL    BP, $0xff                    // 2d5 cmp $0xff,%ebp
	JHI     fardist                      // 2db ja 360
	MOVL    BP, DX                       // 2e1 mov %ebp,%edx
	LEAQ    ·distCode(SB), DI            // 2e3 lea zng_dist_code,%rdi
	MOVBLZX (DI)(DX*1), DI               // 2ea movzbl (%rdi,%rdx,1),%edi

distcode:
	MOVBLZX DI, DX                       // 2ee movzbl %dil,%edx
	LEAQ    (R15)(DX*4), R10             // 2f2 lea (%r15,%rdx,4),%r10
	MOVWLZX (R10), DX                    // 2f6 movzwl (%r10),%edx
	SHLQ    CL, DX                       // 2fa shl %cl,%rdx
	ORQ     R9, DX                       // 2fd or %r9,%rdx
	MOVWLZX 2(R10), R9                   // 300 movzwl 0x2(%r10),%r9d
	ADDL    R9, CX                       // 305 add %r9d,%ecx
	LEAQ    ·extraDBits32(SB), R9        // 308 lea extra_dbits,%r9
	MOVL    (R9)(DI*4), R9               // 30f mov (%r9,%rdi,4),%r9d
	TESTL   R9, R9                       // 313 test %r9d,%r9d
	JEQ     distbits                     // 316 je 32c
	LEAQ    ·baseDist32(SB), R10         // 318 lea base_dist,%r10
	SUBL    (R10)(DI*4), BP              // 31f sub (%r10,%rdi,4),%ebp
	SHLQ    CL, BP                       // 323 shl %cl,%rbp
	ADDL    R9, CX                       // 326 add %r9d,%ecx
	ORQ     BP, DX                       // 329 or %rbp,%rdx

distbits:
	LEAL (R8)(CX*1), R9                  // 32c lea (%r8,%rcx,1),%r9d
	MOVQ S_PENDEND(BX), DI               // 330 mov 0x1c(%rbx),%edi
	CMPL R9, $0x3f                       // 333 cmp $0x3f,%r9d
	JHI  matchstore                      // 337 ja 380
	MOVL R8, CX                          // 339 mov %r8d,%ecx
	SHLQ CL, DX                          // 33c shl %cl,%rdx
	ORQ  R11, DX                         // 33f or %r11,%rdx

// The match is in the buffer: store the position, lookahead, the buffer and its count to s.
matchsent:
	SUBL AX, SI                          // 342 sub %eax,%esi
	ADDQ AX, S_STRSTART(BX)              // 344 add %eax,0x84(%rbx)
	MOVQ R9, S_BITCOUNT(BX)              // 34a mov %r9d,0x1780(%rbx)
	MOVQ DX, S_BITBUF(BX)                // 351 mov %rdx,0x1778(%rbx)
	MOVQ SI, S_LOOKAHEAD(BX)             // 358 mov %esi,0x4c(%rbx)
	JMP  top                             // 35b jmp 63

// A distance above 256: its code from distCode's second half.
fardist:
	MOVL    BP, DX                       // 360 mov %ebp,%edx
	LEAQ    ·distCode(SB), DI            // 362 lea zng_dist_code,%rdi
	SHRL    $7, DX                       // 369 shr $0x7,%edx
	ADDL    $0x100, DX                   // 36c add $0x100,%edx
	MOVBLZX (DI)(DX*1), DI               // 372 movzbl (%rdi,%rdx,1),%edi
	JMP     distcode                     // 376 jmp 2ee

// The match overflows the buffer: store eight bytes.
matchstore:
	ADDQ State_pendingBuf(BX), DI        // 380 add 0x8(%rbx),%rdi
	CMPL R8, $0x40                       // 384 cmp $0x40,%r8d
	JEQ  matchfull                       // 388 je 4b8
	MOVQ DX, SI                          // 38e mov %rdx,%rsi
	MOVL R8, CX                          // 391 mov %r8d,%ecx
	SUBL $0x40, R9                       // 394 sub $0x40,%r9d
	SHLQ CL, SI                          // 398 shl %cl,%rsi
	MOVQ SI, CX                          // 39b mov %rsi,%rcx
	ORQ  R11, CX                         // 39e or %r11,%rcx
	MOVQ CX, (DI)                        // 3a1 mov %rcx,(%rdi)
	MOVQ S_PENDEND(BX), CX               // 3a4 mov 0x1c(%rbx),%ecx
	MOVQ S_LOOKAHEAD(BX), SI             // 3a7 mov 0x4c(%rbx),%esi
	LEAQ 8(CX), DI                       // 3aa lea 0x8(%rcx),%edi
	MOVL $0x40, CX                       // 3ad mov $0x40,%ecx
	SUBL R8, CX                          // 3b2 sub %r8d,%ecx
	MOVQ DI, S_PENDEND(BX)               // 3b5 mov %edi,0x1c(%rbx)
	SHRQ CL, DX                          // 3b8 shr %cl,%rdx
	JMP  matchsent                       // 3bb jmp 342

matchfull:
	MOVQ R11, (DI)                       // 4b8 mov %r11,(%rdi)
	MOVQ S_PENDEND(BX), SI               // 4bb mov 0x1c(%rbx),%esi
	MOVL CX, R9                          // 4be mov %ecx,%r9d
	LEAQ 8(SI), DI                       // 4c1 lea 0x8(%rsi),%edi
	MOVQ S_LOOKAHEAD(BX), SI             // 4c4 mov 0x4c(%rbx),%esi
	MOVQ DI, S_PENDEND(BX)               // 4c7 mov %edi,0x1c(%rbx)
	JMP  matchsent                       // 4ca jmp 342

// func quickInsertStep()
//
// zlib-ng's quick_insert_string(s, str) as gcc compiled it (insert_string.o): s in DI, str in SI, the
// previous head of str's chain in AX; it changes CX, DX and R8 too.
TEXT ·quickInsertStep(SB), NOSPLIT|NOFRAME, $0-0
	MOVQ    State_window(DI), DX         // 10 mov 0x58(%rdi),%rdx
	MOVL    SI, AX                       // 14 mov %esi,%eax
	IMUL3L  $const_hashMul, (DX)(AX*1), AX // 16 imul $0x9e3779b1,(%rdx,%rax,1),%eax
	MOVQ    State_head(DI), DX           // 1d mov 0x68(%rdi),%rdx
	SHRL    $const_hashShift, AX         // 21 shr $0x10,%eax
	LEAQ    (DX)(AX*2), DX               // 24 lea (%rdx,%rax,2),%rdx
	MOVWLZX (DX), CX                     // 28 movzwl (%rdx),%ecx
	MOVL    CX, AX                       // 2b mov %ecx,%eax
	CMPL    CX, SI                       // 2d cmp %esi,%ecx
	JEQ     qisret                       // 2f je 44
	MOVQ    State_prev(DI), CX           // 31 mov 0x60(%rdi),%rcx
	MOVL    SI, R8                       // 35 mov %esi,%r8d
	ANDL    S_WMASK(DI), R8              // 38 and 0x48(%rdi),%r8d
	MOVW    AX, (CX)(R8*2)               // 3c mov %ax,(%rcx,%r8,2)
	MOVW    SI, (DX)                     // 41 mov %si,(%rdx)
qisret:
	RET                                  // 44 ret

// func compare256AVX2Step()
//
// zlib-ng's compare256_avx2(src0, src1) as gcc compiled it (compare256_avx2.o): the 256 bytes at DI and
// SI, the length of their common prefix in AX; it changes DX and Y0-Y2 too (upper halves cleared).
// TZCNT of a non-zero value, as here, is BSF's on a CPU without BMI1.
TEXT ·compare256AVX2Step(SB), NOSPLIT|NOFRAME, $0-0
	XORL      DX, DX                     // 0 xor %edx,%edx
c256loop:
	VMOVDQU   (DI)(DX*1), Y1             // 2 vmovdqu (%rdi,%rdx,1),%ymm1
	VPCMPEQB  (SI)(DX*1), Y1, Y0         // 7 vpcmpeqb (%rsi,%rdx,1),%ymm1,%ymm0
	VPMOVMSKB Y0, AX                     // c vpmovmskb %ymm0,%eax
	CMPL      AX, $-1                    // 10 cmp $0xffffffff,%eax
	JNE       c256first                  // 13 jne 40
	VMOVDQU   0x20(DI)(DX*1), Y2         // 15 vmovdqu 0x20(%rdi,%rdx,1),%ymm2
	VPCMPEQB  0x20(SI)(DX*1), Y2, Y0     // 1b vpcmpeqb 0x20(%rsi,%rdx,1),%ymm2,%ymm0
	VPMOVMSKB Y0, AX                     // 21 vpmovmskb %ymm0,%eax
	CMPL      AX, $-1                    // 25 cmp $0xffffffff,%eax
	JNE       c256second                 // 28 jne 50
	ADDQ      $0x40, DX                  // 2a add $0x40,%rdx
	CMPQ      DX, $0x100                 // 2e cmp $0x100,%rdx
	JNE       c256loop                   // 35 jne 2
	MOVL      $0x100, AX                 // 37 mov $0x100,%eax
	VZEROUPPER                           // 3c vzeroupper
	RET                                  // 3f ret
c256first:
	NOTL      AX                         // 40 not %eax
	TZCNTL    AX, AX                     // 42 tzcnt %eax,%eax
	ADDL      DX, AX                     // 46 add %edx,%eax
	VZEROUPPER                           // 48 vzeroupper
	RET                                  // 4b ret
c256second:
	NOTL      AX                         // 50 not %eax
	TZCNTL    AX, AX                     // 52 tzcnt %eax,%eax
	LEAL      0x20(AX)(DX*1), AX         // 56 lea 0x20(%rax,%rdx,1),%eax
	VZEROUPPER                           // 5a vzeroupper
	RET                                  // 5d ret
