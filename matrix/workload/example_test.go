package workload_test

import (
	"fmt"

	"github.com/deflatelab/deflatelab/matrix/workload"
)

func ExampleMixed() {
	w := workload.Mixed()
	for i := range 4 {
		fmt.Println(w.Config(i * 3))
	}
	// Output:
	// level=0/wbits=-15/memlevel=7/strategy=default
	// level=1/wbits=-15/memlevel=8/strategy=default
	// level=6/wbits=-15/memlevel=8/strategy=default
	// level=9/wbits=-15/memlevel=8/strategy=default
}

func ExampleDefinitions() {
	fmt.Println(workload.Definitions([]string{"fixed", "stream"}))
	// Output:
	// fixed: a DeflateStream (raw deflate) at Optimal (level 6), one write of the payload; stream: a ZLibStream at Optimal (level 6) written the same 1,000 seeded random bytes 100 times (zlib-ng issue #1935's pattern)
}

func ExampleWorkload_InputOf() {
	w := workload.Stream()
	in, _ := w.InputOf(workload.DefaultSeed, workload.DefaultSize, workload.DefaultRandFrac)
	fmt.Printf("%d writes of %d bytes\n", w.Writes, len(in))
	// Output:
	// 100 writes of 1000 bytes
}
