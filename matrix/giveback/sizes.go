package giveback

import (
	"math"
	"slices"
)

// Mark is a block size the lab's variants allocate, drawn on the chart and named in the tables.
type Mark struct {
	Size int    `json:"size"`
	Name string `json:"name"`
}

// Marks are the deflate state's blocks (zlib-ng 2.2, windowBits 15, memLevel 8; see
// /work/shared/reference/native-deflate-state.md): the consolidated state, and the split experiment's
// head (131,072 + 63 bytes, so that it can be aligned to 64) and its remainder.
var Marks = []Mark{
	{Size: 131_072 + 63, Name: "split head"},
	{Size: 219_264, Name: "split remainder"},
	{Size: 350_336, Name: "consolidated state"},
}

// Sweep bounds: from one 4 KiB page to 2 MiB (past Windows' 508 KiB VirtualAlloc threshold and glibc's
// 128 KiB initial mmap threshold), two sizes per octave.
const (
	sweepMin      = 4 << 10
	sweepMax      = 2 << 20
	sweepPerOctet = 2
)

// DefaultSizes are the sweep's sizes, ascending: log-spaced from 4 KiB to 2 MiB, each rounded to a
// multiple of 64 bytes, with the Marks' sizes added.
func DefaultSizes() []int {
	var out []int
	steps := int(math.Round(math.Log2(sweepMax/sweepMin))) * sweepPerOctet
	for i := 0; i <= steps; i++ {
		v := sweepMin * math.Pow(2, float64(i)/sweepPerOctet)
		out = append(out, int(math.Round(v/64))*64)
	}
	for _, m := range Marks {
		out = append(out, m.Size)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
