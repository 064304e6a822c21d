#include "go_asm.h"
#include "textflag.h"

// The treeState's fields pqdownheap reads (zlib-ng's s->heap, s->depth, s->heap_len).
#define T_HEAP treeState_heap
#define T_DEPTH treeState_depth
#define T_HEAPLEN treeState_heapLen
#define T_HEAPMAX treeState_heapMax

// func downHeapAsm(t *treeState, tp unsafe.Pointer, k uint)
//
// downHeapGo: downHeapPQ<> with the arguments in its registers (the tests' entry; buildTreeNodesAsm calls
// downHeapPQ<> itself).
TEXT ·downHeapAsm(SB), NOSPLIT, $0-24
	MOVQ t+0(FP), DI
	MOVQ tp+8(FP), SI
	MOVQ k+16(FP), DX
	JMP  ·downHeapPQ<>(SB)

// downHeapPQ<> is downHeapGo, transliterated from gcc 12.2 -O2's pqdownheap in zlib-ng 2.2.5's trees.o
// (objdump -d): the same instructions in the same order, the same registers (DI t, SI the tree, DX k,
// as the SysV call passes them; CX t and R11 the tree in the loop), the same six callee-saved registers
// pushed and popped (so its callers keep BX, BP and R12-R15 across it, as build_tree does), and the same
// branch layout, which is what this is for: the sibling test (j < heap_len), then the siblings'
// frequencies (the right one lower: a jump out of line; equal: a jump out of line to the depths, which
// pick the son by CMOVs, not a branch), then v against the smaller son by frequency and, equal, by
// depth, each a conditional jump where gcc has one. The offsets in comments are trees.o's. The NOPs are
// where gcc's alignment puts executed ones (before check, on the path from a right son of higher
// frequency); its other alignments follow jumps and are not executed.
TEXT ·downHeapPQ<>(SB), NOSPLIT|NOFRAME, $0-0
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

// func buildTreeNodesAsm(t *treeState, tp unsafe.Pointer, elems uint)
//
// buildTreeNodesGo, transliterated from the heap's two loops of gcc 12.2 -O2's build_tree in zlib-ng
// 2.2.5's trees.o (e76-fd6, then the root's store, fdc-101a): the same registers (BX t, BP the tree, R15
// the next node, R13 heap_len after the removal, R12 the heapify counter and then heap_max, R14 n) and
// the same instructions, downHeapPQ<> called as build_tree calls pqdownheap (DI, SI, DX), the spills
// around its call that gcc makes for gen_bitlen (inlined after the loops), the removed and the next node
// stored to heap[heap_max..] as one 8-byte word through X0, the new node's frequency as a 16-bit store
// (its Dad is written when it is merged in turn; the root's Len by genBitlen). Not gcc's: the arguments'
// loads, heapMax = heapSize (gcc stores it with heap_len at build_tree's start), and the entry and exit,
// build_tree's (six registers pushed, BP among them, and 0x38 bytes for the spills) in this function of
// its own, which the engine's buildTree calls: about 20 instructions per tree, three trees a block.
TEXT ·buildTreeNodesAsm(SB), NOSPLIT|NOFRAME, $0-24
	MOVQ t+0(FP), DI
	MOVQ tp+8(FP), SI
	MOVQ elems+16(FP), DX
	PUSHQ R15                          // d40: build_tree's prologue
	PUSHQ R14
	PUSHQ R13
	PUSHQ R12
	PUSHQ BP
	PUSHQ BX
	MOVQ DI, BX
	ADJSP $0x38
	MOVQ SI, BP
	MOVQ DX, R15
	MOVL $const_heapSize, T_HEAPMAX(BX)
	MOVL T_HEAPLEN(BX), R13
	SARL $1, R13                       // 1257: heap_len/2 (heap_len >= 2)
	MOVL R13, R12                      // e8b

	PCALIGN $8
heapify:                               // e98
	MOVL R12, DX
	MOVQ BP, SI
	MOVQ BX, DI
	CALL ·downHeapPQ<>(SB)
	SUBL $1, R12
	JNE  heapify

	MOVL T_HEAPLEN(BX), AX             // eac
	SUBL $1, AX
	MOVLQSX AX, R13
	ADDL R15, AX
	MOVW AX, 8(SP)                     // heap_len-1+elems: the next node is this less R13

	PCALIGN $16
merge:                                 // ef0: pqremove
	MOVL R13, T_HEAPLEN(BX)
	MOVLQSX T_HEAP+4(BX), R14          // n = heap[1]
	MOVQ BP, SI
	MOVQ BX, DI
	MOVL T_HEAP+4(BX)(R13*4), DX       // heap[heap_len]
	MOVL R14, X1
	MOVL DX, T_HEAP+4(BX)
	MOVL $1, DX
	CALL ·downHeapPQ<>(SB)
	MOVLQSX T_HEAP+4(BX), DX           // f21: m = heap[1]
	LEAQ (BP)(R14*4), SI
	MOVL T_HEAPMAX(BX), R12
	LEAQ (BP)(DX*4), DI
	LEAL -2(R12), CX
	MOVL DX, X0
	MOVWLZX (DI), R10
	MOVLQSX CX, R9
	ADDW (SI), R10                     // tree[m].Freq + tree[n].Freq
	PUNPCKLLQ X1, X0
	MOVL CX, T_HEAPMAX(BX)
	MOVQ X0, T_HEAP(BX)(R9*4)          // heap[heap_max-2], heap[heap_max-1] = m, n
	MOVW R10, (BP)(R15*4)              // tree[node].Freq
	MOVBLZX T_DEPTH(BX)(R14*1), R11
	MOVBLZX T_DEPTH(BX)(DX*1), R10
	MOVL CX, 0x18(SP)
	LEAL 1(R11), R14
	MOVQ R9, (SP)
	CMPB R11, R10
	LEAL 1(R10), DX
	CMOVLCC R14, DX
	MOVB DX, T_DEPTH(BX)(R15*1)        // depth[node] = max(depth[n], depth[m]) + 1
	MOVWLZX 8(SP), DX
	SUBL R13, DX                       // node
	SUBQ $1, R13
	MOVW DX, 2(DI)                     // tree[m].Dad
	MOVQ BX, DI
	MOVW DX, 2(SI)                     // tree[n].Dad
	MOVL $1, DX
	MOVQ BP, SI
	MOVL R15, T_HEAP+4(BX)             // heap[1] = node++
	ADDQ $1, R15
	CALL ·downHeapPQ<>(SB)
	LEAL 1(R13), DX                    // fc7: heap_len
	MOVQ (SP), R9
	MOVL 0x18(SP), CX
	CMPL DX, $1
	JGT  merge

	MOVL R12, R8                       // fe1: heap[--heap_max] = heap[1]
	MOVLQSX T_HEAP+4(BX), R10
	SUBL $3, R8
	MOVL R8, T_HEAPMAX(BX)
	MOVLQSX R8, R8
	MOVL R10, T_HEAP(BX)(R8*4)
	ADJSP $-0x38                       // 1190: build_tree's epilogue
	POPQ BX
	POPQ BP
	POPQ R12
	POPQ R13
	POPQ R14
	POPQ R15
	RET
