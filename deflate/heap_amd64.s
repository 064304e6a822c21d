#include "go_asm.h"
#include "textflag.h"

// The treeState's fields pqdownheap reads (zlib-ng's s->heap, s->depth, s->heap_len).
#define T_HEAP treeState_heap
#define T_DEPTH treeState_depth
#define T_HEAPLEN treeState_heapLen

// func downHeapAsm(t *treeState, tp unsafe.Pointer, k uint)
//
// downHeapGo, transliterated from gcc 12.2 -O2's pqdownheap in zlib-ng 2.2.5's trees.o (objdump -d):
// the same instructions in the same order, the same registers (DI t, SI the tree, DX k on entry, as
// the SysV call passes them; CX t and R11 the tree in the loop), the same six callee-saved registers
// pushed and popped, and the same branch layout, which is what this is for: the sibling test (j <
// heap_len), then the siblings' frequencies (the right one lower: a jump out of line, equal: a jump out
// of line to the depths, compared into CMOVs, not a branch), then v against the smaller son by
// frequency and, equal, by depth, each a conditional jump where gcc has one. The offsets in comments
// are trees.o's. NOPs are where gcc's alignment puts executed ones (before check, on the path from a
// right son of higher frequency); the other alignments follow jumps and are not executed.
TEXT ·downHeapAsm(SB), NOSPLIT, $0-24
	MOVQ t+0(FP), DI
	MOVQ tp+8(FP), SI
	MOVQ k+16(FP), DX
	PUSHQ R15                          // d0
	MOVLQSX DX, R8                     // k
	ADDL DX, DX                        // j = k << 1
	MOVQ DI, CX
	PUSHQ R14
	PUSHQ R13
	PUSHQ R12
	PUSHQ BP
	PUSHQ BX
	MOVL T_HEAPLEN(DI), R9             // heap_len
	MOVL T_HEAP(DI)(R8*4), R14         // v = heap[k]
	CMPL DX, R9
	JGT  done                          // j > heap_len
	MOVLQSX R14, R13
	MOVQ SI, R11
	MOVWLZX (SI)(R13*4), R12           // tree[v].Freq
	JMP  loop

	PCALIGN $8
move:                                  // 108: heap[k] = heap[j]; k = j; j <<= 1
	LEAL (AX)(AX*1), DX
	MOVL SI, T_HEAP(CX)(R8*4)
	MOVLQSX AX, R8
	CMPL DX, R9
	JGT  done

loop:                                  // 11b
	MOVLQSX DX, AX
	MOVLQSX T_HEAP(CX)(AX*4), R10      // heap[j]
	MOVL DX, AX
	MOVWLZX (R11)(R10*4), DI           // its Freq
	MOVQ R10, SI
	CMPL R9, DX
	JLE  check                         // j >= heap_len: no right son
	ADDL $1, AX
	MOVLQSX AX, BX
	MOVLQSX T_HEAP(CX)(BX*4), R15      // heap[j+1]
	MOVWLZX (R11)(R15*4), BP           // its Freq
	MOVQ R15, BX
	CMPW BP, DI
	JCS  right                         // lower: the right son
	JEQ  tie                           // equal: by depth
	MOVL DX, AX                        // higher: the left son

	PCALIGN $8
check:                                 // 158: v against the smaller son (SI, its Freq DI)
	CMPW R12, DI
	JCS  done                          // v's Freq lower: stop
	JNE  move                          // higher: move down
	MOVBLZX T_DEPTH(CX)(R13*1), BX
	MOVLQSX SI, DX
	CMPB T_DEPTH(CX)(DX*1), BX
	JCS  move                          // equal, the son's depth lower: move down

done:                                  // 175: heap[k] = v
	MOVL R14, T_HEAP(CX)(R8*4)
	POPQ BX
	POPQ BP
	POPQ R12
	POPQ R13
	POPQ R14
	POPQ R15
	RET

	PCALIGN $16
right:                                 // 190
	MOVL BP, DI
	MOVL R15, SI
	JMP  check

	PCALIGN $16
tie:                                   // 1a0: the right son if its depth is no greater
	MOVBLZX T_DEPTH(CX)(R15*1), R15
	CMPB T_DEPTH(CX)(R10*1), R15
	CMOVLCC BX, SI
	CMOVLCS DX, AX
	JMP  check
