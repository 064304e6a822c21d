#include "textflag.h"

// func adlerRunNEON(p *byte, blocks int, lanes *[32]uint16)
TEXT ·adlerRunNEON(SB), NOSPLIT, $0-24
	MOVD p+0(FP), R0
	MOVD blocks+8(FP), R1
	MOVD lanes+16(FP), R2
	VEOR V1.B16, V1.B16, V1.B16 // totals of positions 0-7
	VEOR V2.B16, V2.B16, V2.B16 // totals of positions 8-15
	VEOR V3.B16, V3.B16, V3.B16 // prefix totals of positions 0-7
	VEOR V4.B16, V4.B16, V4.B16 // prefix totals of positions 8-15
	CBZ  R1, done

loop:
	VADD    V1.H8, V3.H8, V3.H8
	VADD    V2.H8, V4.H8, V4.H8
	VLD1.P  16(R0), [V5.B16]
	VUADDW  V5.B8, V1.H8, V1.H8
	VUADDW2 V5.B16, V2.H8, V2.H8
	SUB     $1, R1, R1
	CBNZ    R1, loop

done:
	VST1 [V1.H8, V2.H8, V3.H8, V4.H8], (R2)
	RET
