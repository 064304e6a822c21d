#include "go_asm.h"
#include "textflag.h"

// zlib-ng's compress_block (trees.c, with trees_emit.h's zng_emit_lit, zng_emit_dist and
// zng_emit_end_block inlined) as gcc -O2 (12.2) compiled it, transliterated: `objdump -d
// --no-show-raw-insn trees.o` of zlib-ng 2.2.5's libz-ng.a (the same code in 2.2.2). As with the
// matchers (match_avx2_amd64.s), the point is fidelity: the emission must cost the engine what it
// costs zlib-ng. Each instruction below is one of gcc's, in gcc's order and block layout, with gcc's
// registers (rax is AX, rbp is BP, r8 is R8, ...) and its address in the comment; the bits sent are
// compressBlockSymbolsGo's and sendCode's, which are zlib-ng's. gcc keeps s in rax and the bit buffer
// in rdi and r9, but stores the buffer and its count to s after every symbol and loads the symbol
// buffers' addresses from s before each one, and so does this code (State's fields).
//
// Where the engine differs from the C, the instruction count per symbol does not:
//   - gcc's test for a bit buffer of exactly 64 bits before a store (cmp $0x40,%r9d; je), which never
//     holds (the count is below 64 between symbols) and whose path stores the whole buffer, is the
//     engine's test for room instead: a store at or below pendingBuf + len(pendingBuf) - 8 (F_END) fits.
//     Without room the code stops before the store, with the State's buffer, count and pendEnd those
//     after the symbols before it, and returns how many symbols it sent; compressBlock sends the rest
//     in Go (compressBlockSymbolsGo, sendCode). This never happens in practice (the pending region has
//     room for a block's symbols); it keeps a wrong size from writing out of the slice.
//   - The State's fields are Go ints (64 bits) where zlib-ng's are 32 bits: they are loaded and stored
//     whole, computed on in gcc's widths.
//   - gcc's prologue and epilogue push and pop the six callee-saved registers it uses; Go's assembler
//     sets up its frame and frame pointer (BP, which the code then uses as gcc uses rbp, and which the
//     epilogue restores), once per block. The arguments come from the frame, and the room's end and
//     the result are the engine's (a few instructions per block).
//   - zlib-ng's tables are int arrays: extraLBits32, baseLength32, extraDBits32 and baseDist32
//     (tables.go) are their 32-bit copies; zng_length_code and zng_dist_code are lengthCode and
//     distCode.

#define S_PENDEND (State_streamState+streamState_pendEnd)
#define S_BITBUF (State_streamState+streamState_bitBuf)
#define S_BITCOUNT (State_streamState+streamState_bitCount)
#define S_SYMNEXT (State_streamState+streamState_symNext)

#define F_END 0(SP) // pendingBuf + len(pendingBuf) - 8: the last address an eight-byte store fits at

// func compressBlockAsm(s *State, lt, dt unsafe.Pointer) (sent int)
//
// Registers (gcc's): AX s, SI the symbol's index, DI the bit buffer, R9 its count (R10 the new count),
// R11 ltree, R15 dtree, R14 lengthCode, R13 extraLBits32; BX, CX, DX, BP, R8, R10, R12 scratch. It
// returns s.symNext+1 when it sent every symbol and END_BLOCK, else the number of symbols it sent.
TEXT ·compressBlockAsm(SB), NOSPLIT, $8-32
	MOVQ s+0(FP), AX                 // 8d0 mov %rdi,%rax
	MOVQ dt+16(FP), DX               // (dtree, gcc's rdx)
	MOVQ State_pendingBuf(AX), CX    // the engine's: F_END
	ADDQ State_pendingBuf+8(AX), CX
	SUBQ $8, CX
	MOVQ CX, F_END
	MOVQ lt+8(FP), R11               // 8d5 mov %rsi,%r11
	MOVQ S_SYMNEXT(AX), CX           // 8da mov 0x1740(%rax),%ecx
	MOVQ S_BITCOUNT(AX), R9          // 8e6 mov 0x1780(%rdi),%r9d
	MOVQ S_BITBUF(AX), DI            // 8ed mov 0x1778(%rdi),%rdi
	MOVL R9, R10                     // 8f4 mov %r9d,%r10d
	TESTQ CX, CX                     // 8f7 test %ecx,%ecx
	JEQ  endblock                    // 8f9 je ac0
	MOVQ DX, R15                     // 8ff mov %rdx,%r15
	XORL SI, SI                      // 902 xor %esi,%esi
	LEAQ ·lengthCode(SB), R14        // 904 lea zng_length_code,%r14
	LEAQ ·extraLBits32(SB), R13      // 90b lea extra_lbits,%r13
	JMP  next                        // 912 jmp 95b

// A literal (zng_emit_lit).
lit:
	LEAQ    (R11)(CX*4), CX          // 918 lea (%r11,%rcx,4),%rcx
	MOVWLZX (CX), DX                 // 91c movzwl (%rcx),%edx
	MOVWLZX 2(CX), CX                // 91f movzwl 0x2(%rcx),%ecx
	LEAL    (CX)(R9*1), R10          // 923 lea (%rcx,%r9,1),%r10d
	CMPL    R10, $0x3f               // 927 cmp $0x3f,%r10d
	JA      litflush                 // 92b ja a80
	MOVL    R9, CX                   // 931 mov %r9d,%ecx
	SHLQ    CL, DX                   // 934 shl %cl,%rdx
	ORQ     DX, DI                   // 937 or %rdx,%rdi

// The symbol is in the buffer: store it and its count to s, and on to the next.
sent:
	MOVQ R10, S_BITCOUNT(AX)         // 93a mov %r10d,0x1780(%rax)
	MOVL R10, R9                     // 941 mov %r10d,%r9d
	ADDQ $1, SI                      // 944 add $0x1,%rsi
	MOVQ DI, S_BITBUF(AX)            // 948 mov %rdi,0x1778(%rax)
	CMPQ SI, S_SYMNEXT(AX)           // 94f cmp 0x1740(%rax),%esi
	JAE  endblock                    // 955 jae ac0

next:
	MOVQ    State_dBuf(AX), DX       // 95b mov 0x1730(%rax),%rdx
	MOVQ    State_lBuf(AX), CX       // 962 mov 0x1738(%rax),%rcx
	MOVWLZX (DX)(SI*2), DX           // 969 movzwl (%rdx,%rsi,2),%edx
	MOVBLZX (CX)(SI*1), CX           // 96d movzbl (%rcx,%rsi,1),%ecx
	TESTL   DX, DX                   // 971 test %edx,%edx
	JEQ     lit                      // 973 je 918

	// A match (zng_emit_dist): the length's code and extra bits, then the distance's, as one value.
	MOVBLZX CL, CX                   // 975 movzbl %cl,%ecx
	MOVBLZX (R14)(CX*1), R10         // 978 movzbl (%r14,%rcx,1),%r10d
	MOVQ    CX, R8                   // 97d mov %rcx,%r8
	LEAL    0x101(R10), CX           // 980 lea 0x101(%r10),%ecx
	MOVL    (R13)(R10*4), BX         // 987 mov 0x0(%r13,%r10,4),%ebx
	MOVLQSX CX, CX                   // 98c movslq %ecx,%rcx
	LEAQ    (R11)(CX*4), CX          // 98f lea (%r11,%rcx,4),%rcx
	MOVWLZX (CX), BP                 // 993 movzwl (%rcx),%ebp
	MOVWLZX 2(CX), CX                // 996 movzwl 0x2(%rcx),%ecx
	TESTL   BX, BX                   // 99a test %ebx,%ebx
	JEQ     dist                     // 99c je 9b1
	LEAQ    ·baseLength32(SB), R12   // 99e lea base_length,%r12
	SUBL    (R12)(R10*4), R8         // 9a5 sub (%r12,%r10,4),%r8d
	SHLQ    CL, R8                   // 9a9 shl %cl,%r8
	ADDL    BX, CX                   // 9ac add %ebx,%ecx
	ORQ     R8, BP                   // 9ae or %r8,%rbp

dist:
	SUBL $1, DX                      // 9b1 sub $0x1,%edx
	CMPL DX, $0xff                   // 9b4 cmp $0xff,%edx
	JA   far                         // 9ba ja a20
	MOVL DX, R8                      // 9bc mov %edx,%r8d
	LEAQ ·distCode(SB), BX           // 9bf lea zng_dist_code,%rbx
	MOVBLZX (BX)(R8*1), R10          // 9c6 movzbl (%rbx,%r8,1),%r10d

dcode:
	MOVBLZX R10B, R8                 // 9cb movzbl %r10b,%r8d
	LEAQ    (R15)(R8*4), BX          // 9cf lea (%r15,%r8,4),%rbx
	MOVWLZX (BX), R8                 // 9d3 movzwl (%rbx),%r8d
	MOVWLZX 2(BX), BX                // 9d7 movzwl 0x2(%rbx),%ebx
	SHLQ    CL, R8                   // 9db shl %cl,%r8
	ADDL    BX, CX                   // 9de add %ebx,%ecx
	LEAQ    ·extraDBits32(SB), BX    // 9e0 lea extra_dbits,%rbx
	MOVL    (BX)(R10*4), BX          // 9e7 mov (%rbx,%r10,4),%ebx
	ORQ     BP, R8                   // 9eb or %rbp,%r8
	TESTL   BX, BX                   // 9ee test %ebx,%ebx
	JEQ     put                      // 9f0 je a06
	LEAQ    ·baseDist32(SB), BP      // 9f2 lea base_dist,%rbp
	SUBL    (BP)(R10*4), DX          // 9f9 sub 0x0(%rbp,%r10,4),%edx
	SHLQ    CL, DX                   // 9fe shl %cl,%rdx
	ADDL    BX, CX                   // a01 add %ebx,%ecx
	ORQ     DX, R8                   // a03 or %rdx,%r8

put:
	LEAL (CX)(R9*1), R10             // a06 lea (%rcx,%r9,1),%r10d
	CMPL R10, $0x3f                  // a0a cmp $0x3f,%r10d
	JA   matchflush                  // a0e ja a40
	MOVL R9, CX                      // a10 mov %r9d,%ecx
	SHLQ CL, R8                      // a13 shl %cl,%r8
	ORQ  R8, DI                      // a16 or %r8,%rdi
	JMP  sent                        // a19 jmp 93a

// A distance of 256 or more: its code from distCode's second half.
far:
	MOVL    DX, R8                   // a20 mov %edx,%r8d
	LEAQ    ·distCode(SB), BX        // a23 lea zng_dist_code,%rbx
	SHRL    $7, R8                   // a2a shr $0x7,%r8d
	ADDL    $0x100, R8               // a2e add $0x100,%r8d
	MOVBLZX (BX)(R8*1), R10          // a35 movzbl (%rbx,%r8,1),%r10d
	JMP     dcode                    // a3a jmp 9cb

// The match's bits fill the buffer: store its 64 bits, keep the rest of the value's.
matchflush:
	MOVQ S_PENDEND(AX), DX           // a40 mov 0x1c(%rax),%edx
	ADDQ State_pendingBuf(AX), DX    // a43 add 0x8(%rax),%rdx
	CMPQ DX, F_END                   // a47 cmp $0x40,%r9d (the engine's: room for the store)
	JA   stop                        // a4b je b50
	MOVL R9, CX                      // a51 mov %r9d,%ecx
	MOVQ R8, BX                      // a54 mov %r8,%rbx
	SUBL $0x40, R10                  // a57 sub $0x40,%r10d
	SHLQ CL, BX                      // a5b shl %cl,%rbx
	MOVQ BX, CX                      // a5e mov %rbx,%rcx
	ORQ  DI, CX                      // a61 or %rdi,%rcx
	MOVQ R8, DI                      // a64 mov %r8,%rdi
	MOVQ CX, (DX)                    // a67 mov %rcx,(%rdx)
	MOVL $0x40, CX                   // a6a mov $0x40,%ecx
	SUBL R9, CX                      // a6f sub %r9d,%ecx
	ADDQ $8, S_PENDEND(AX)           // a72 addl $0x8,0x1c(%rax)
	SHRQ CL, DI                      // a76 shr %cl,%rdi
	JMP  sent                        // a79 jmp 93a

// The literal's bits fill the buffer.
litflush:
	MOVQ S_PENDEND(AX), R8           // a80 mov 0x1c(%rax),%r8d
	ADDQ State_pendingBuf(AX), R8    // a84 add 0x8(%rax),%r8
	CMPQ R8, F_END                   // a88 cmp $0x40,%r9d (the engine's: room for the store)
	JA   stop                        // a8c je b38
	MOVL R9, CX                      // a92 mov %r9d,%ecx
	MOVQ DX, BX                      // a95 mov %rdx,%rbx
	SUBL $0x40, R10                  // a98 sub $0x40,%r10d
	SHLQ CL, BX                      // a9c shl %cl,%rbx
	MOVQ BX, CX                      // a9f mov %rbx,%rcx
	ORQ  DI, CX                      // aa2 or %rdi,%rcx
	MOVQ DX, DI                      // aa5 mov %rdx,%rdi
	MOVQ CX, (R8)                    // aa8 mov %rcx,(%r8)
	MOVL $0x40, CX                   // aab mov $0x40,%ecx
	SUBL R9, CX                      // ab0 sub %r9d,%ecx
	ADDQ $8, S_PENDEND(AX)           // ab3 addl $0x8,0x1c(%rax)
	SHRQ CL, DI                      // ab7 shr %cl,%rdi
	JMP  sent                        // aba jmp 93a

// END_BLOCK (zng_emit_end_block), R10 the count.
endblock:
	MOVWLZX 0x402(R11), CX           // ac0 movzwl 0x402(%r11),%ecx
	MOVWLZX 0x400(R11), DX           // ac8 movzwl 0x400(%r11),%edx
	LEAL    (CX)(R10*1), SI          // ad0 lea (%rcx,%r10,1),%esi
	CMPL    SI, $0x3f                // ad4 cmp $0x3f,%esi
	JA      endflush                 // ad7 ja b00
	MOVL    R10, CX                  // ad9 mov %r10d,%ecx
	SHLQ    CL, DX                   // adc shl %cl,%rdx
	ORQ     DI, DX                   // adf or %rdi,%rdx

done:
	MOVQ SI, S_BITCOUNT(AX)          // ae4 mov %esi,0x1780(%rax)
	MOVQ DX, S_BITBUF(AX)            // aee mov %rdx,0x1778(%rax)
	MOVQ S_SYMNEXT(AX), SI           // the engine's: every symbol sent, and END_BLOCK
	INCQ SI
	MOVQ SI, sent+24(FP)
	RET                              // af9 ret

endflush:
	MOVQ S_PENDEND(AX), R8           // b00 mov 0x1c(%rax),%r8d
	ADDQ State_pendingBuf(AX), R8    // b04 add 0x8(%rax),%r8
	CMPQ R8, F_END                   // b08 cmp $0x40,%r10d (the engine's: room for the store)
	JA   stopend                     // b0c je b68
	MOVQ DX, BX                      // b0e mov %rdx,%rbx
	MOVL R10, CX                     // b11 mov %r10d,%ecx
	SUBL $0x40, SI                   // b14 sub $0x40,%esi
	SHLQ CL, BX                      // b17 shl %cl,%rbx
	MOVQ BX, CX                      // b1a mov %rbx,%rcx
	ORQ  DI, CX                      // b1d or %rdi,%rcx
	MOVQ CX, (R8)                    // b20 mov %rcx,(%r8)
	MOVL $0x40, CX                   // b23 mov $0x40,%ecx
	SUBL R10, CX                     // b28 sub %r10d,%ecx
	ADDQ $8, S_PENDEND(AX)           // b2b addl $0x8,0x1c(%rax)
	SHRQ CL, DX                      // b2f shr %cl,%rdx
	JMP  done                        // b32 jmp ae2

// No room for a store (the engine's): the State holds the buffer, its count and pendEnd after the
// symbols before SI; compressBlock sends the rest.
stop:
	MOVQ SI, sent+24(FP)
	RET

stopend:
	MOVQ S_SYMNEXT(AX), SI
	MOVQ SI, sent+24(FP)
	RET
