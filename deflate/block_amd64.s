#include "textflag.h"

// func compressBlockSymbols(lt, dt unsafe.Pointer, lBuf []byte, dBuf []uint16, out []byte, pos int, bitBuf uint64, bitCount uint) (i, newPos int, newBuf uint64, newCount uint)
//
// compressBlockSymbolsGo (block.go), zlib-ng's compress_block with its inlined zng_emit_lit and
// zng_emit_dist, in assembly; the bits are those of putBits, in the same order. Registers:
//
//	SI   the next symbol's byte in lBuf (a literal, or a match length less minMatch), R13 its end
//	DI   the next symbol's distance in dBuf (0 for a literal)
//	R8   lt, R9 dt: tree entries of 32 bits, the code in the low half, its length in the high one
//	     (ctCode; amd64 is little-endian)
//	R10  out + the write position, R11 out + len(out) - 8: an eight-byte store at R10 fits while
//	     R10 <= R11 (unsigned)
//	DX   the bit buffer, CX its count (below 64; CL is the count SHLQ needs without BMI2)
//	AX   the symbol's bits (v), BX their number (nb <= 48); R12, R14 scratch
//
// A match saves the bit buffer and its count in the frame and uses DX and CX to build its bits: the
// distance's (code, then extra bits) first, then the length's (code, extra bits), and the distance's
// shifted above the length's, as matchCode.
TEXT ·compressBlockSymbols(SB), NOSPLIT, $16-144
	MOVQ lt+0(FP), R8
	MOVQ dt+8(FP), R9
	MOVQ lBuf_base+16(FP), SI
	MOVQ dBuf_base+40(FP), DI
	MOVQ dBuf_len+48(FP), R13
	ADDQ SI, R13
	MOVQ out_base+64(FP), R10
	MOVQ out_len+72(FP), R11
	LEAQ -8(R10)(R11*1), R11
	ADDQ pos+88(FP), R10
	MOVQ bitBuf+96(FP), DX
	MOVQ bitCount+104(FP), CX

next:
	CMPQ    SI, R13
	JAE     done
	MOVWLZX (DI), AX
	TESTL   AX, AX
	JNZ     match
	MOVBLZX (SI), AX
	MOVL    (R8)(AX*4), AX
	MOVL    AX, BX
	SHRL    $16, BX
	MOVWLZX AX, AX

// put appends the nb = BX bits of v = AX (putBits) and moves to the next symbol.
put:
	LEAL (CX)(BX*1), R14
	CMPL R14, $64
	JAE  flush
	SHLQ CL, AX
	ORQ  AX, DX
	MOVL R14, CX
	INCQ SI
	ADDQ $2, DI
	JMP  next

// The buffer fills: store its 64 bits, keep v's bits that did not fit (v >> (64 - count); count >= 16
// here, as nb <= 48).
flush:
	CMPQ R10, R11
	JA   done
	MOVQ AX, R12
	SHLQ CL, R12
	ORQ  R12, DX
	MOVQ DX, (R10)
	ADDQ $8, R10
	NEGB CL
	SHRQ CL, AX
	MOVQ AX, DX
	LEAL -64(R14), CX
	INCQ SI
	ADDQ $2, DI
	JMP  next

// A match at distance AX of length minMatch + the byte at SI (matchCode).
match:
	MOVQ DX, bitBuf-8(SP)
	MOVQ CX, bitCount-16(SP)
	DECL AX // d = distance - 1
	CMPL AX, $256
	JAE  far
	LEAQ ·distSyms(SB), R14
	MOVL (R14)(AX*4), R14
	JMP  dist

far:
	MOVL AX, DX
	SHRL $7, DX
	LEAQ ·distSyms+1024(SB), R14 // distSyms[1]
	MOVL (R14)(DX*4), R14

dist:
	MOVBLZX R14, DX // the distance code
	MOVL    R14, BX
	SHRL    $8, BX
	MOVBLZX BX, BX  // its extra bits' number
	SHRL    $16, R14
	SUBL    R14, AX // their value: d - base
	MOVL    (R9)(DX*4), DX
	MOVL    DX, CX
	SHRL    $16, CX
	MOVWLZX DX, DX
	SHLQ    CL, AX
	ORQ     DX, AX  // the distance's bits
	ADDL    CX, BX  // and their number
	MOVBLZX (SI), R14
	LEAQ    ·lengthSyms(SB), DX
	MOVL    (DX)(R14*4), R14 // the length's lengthSym
	MOVWLZX R14, DX
	MOVL    (R8)(DX*4), DX
	MOVL    DX, CX
	SHRL    $16, CX
	MOVWLZX DX, DX
	MOVL    R14, R12
	SHRL    $16, R12
	MOVBLZX R12, R12 // its extra bits' value
	SHLQ    CL, R12
	ORQ     R12, DX  // the length's bits
	SHRL    $24, R14
	ADDL    CX, R14  // and their number
	MOVL    R14, CX
	SHLQ    CL, AX
	ORQ     DX, AX
	ADDL    R14, BX
	MOVQ    bitBuf-8(SP), DX
	MOVQ    bitCount-16(SP), CX
	JMP     put

done:
	SUBQ lBuf_base+16(FP), SI
	MOVQ SI, i+112(FP)
	SUBQ out_base+64(FP), R10
	MOVQ R10, newPos+120(FP)
	MOVQ DX, newBuf+128(FP)
	MOVQ CX, newCount+136(FP)
	RET
