package hostresult

import (
	"math/bits"
)

// MaxBins is the timeline's fixed size: bin k holds operations 2^(k-1)+1 .. 2^k (bin 0 the first), so 40
// bins cover 2^39 operations, far beyond any phase, in an array that never grows inside the loop.
const MaxBins = 40

// Bin is the timeline bin of the operation with 0-based index i: 0 for the first operation, 1 for the
// second, 2 for the third and fourth, 3 for the fifth to eighth, and so on (log2-spaced: bin k holds
// operation numbers 2^(k-1)+1 .. 2^k). Indexes past the last bin go to the last bin.
func Bin(i int) int {
	if i <= 0 {
		return 0
	}
	return min(bits.Len(uint(i)), MaxBins-1)
}

// BinRange is the first and last 1-based operation number bin k can hold (clipped to ops by BinOps).
func BinRange(k int) (first, last int) {
	if k == 0 {
		return 1, 1
	}
	return 1<<(k-1) + 1, 1 << k
}

// BinOps is how many of a phase's ops operations fall in bin k.
func BinOps(k, ops int) int {
	first, last := BinRange(k)
	return max(0, min(last, ops)-first+1)
}

// Bins is the number of bins a phase of ops operations fills.
func Bins(ops int) int {
	if ops < 1 {
		return 0
	}
	return Bin(ops-1) + 1
}
