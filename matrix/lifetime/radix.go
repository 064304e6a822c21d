package lifetime

import (
	"math"
	"slices"
)

// sortFloats sorts x ascending, as sort.Float64s does, by a least-significant-digit radix sort on keys
// that order as the floats do: a flip set's 10,000 interval ends are sorted at every grid lifetime of
// every comparison of every label swap, and a comparison sort of them was a third of a merged report's
// rendering. The result is the same slice of values: sorted floats are unique but for the order of
// equal ones, and the only equal floats with different bits, -0 and +0, compare equal everywhere the
// ends are read. Slices holding a NaN (sort.Float64s puts them first) and short ones go to slices.Sort.
func sortFloats(x []float64) {
	if len(x) < 256 || slices.ContainsFunc(x, math.IsNaN) {
		slices.Sort(x)
		return
	}
	keys := make([]uint64, len(x))
	for i, v := range x {
		keys[i] = floatKey(v)
	}
	tmp := make([]uint64, len(x))
	for shift := 0; shift < 64; shift += 8 {
		var count [256]int
		for _, k := range keys {
			count[(k>>shift)&0xff]++
		}
		if count[(keys[0]>>shift)&0xff] == len(keys) {
			continue // every key has this digit: the pass would not move anything
		}
		pos := 0
		for d, c := range count {
			count[d] = pos
			pos += c
		}
		for _, k := range keys {
			d := (k >> shift) & 0xff
			tmp[count[d]] = k
			count[d]++
		}
		keys, tmp = tmp, keys
	}
	for i, k := range keys {
		x[i] = keyFloat(k)
	}
}

// floatKey maps a float (not NaN) to an integer in the same order: a positive float's bits with the sign
// bit set, a negative one's bits inverted.
func floatKey(v float64) uint64 {
	b := math.Float64bits(v)
	if b>>63 == 1 {
		return ^b
	}
	return b | 1<<63
}

// keyFloat inverts floatKey.
func keyFloat(k uint64) float64 {
	if k>>63 == 1 {
		return math.Float64frombits(k &^ (1 << 63))
	}
	return math.Float64frombits(^k)
}
