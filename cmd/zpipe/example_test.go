package main

import (
	"os"
	"strings"
)

// The split layout forced on any platform: the owner block keeps window and prev adjacent, head has a
// 64-byte-aligned block of its own, freed first.
func Example_describe() {
	run(strings.Fields("-describe -backend goheap -variant splitalloc -force-split"), nil, os.Stdout, os.Stderr)
	// Output:
	// variant    splitalloc
	// backend    goheap
	// config     level=6/wbits=-15/memlevel=8/strategy=default (raw)
	// zlibng     zlib-ng 2.2.5 (.NET 10 and later)
	// split      true
	// allocated  2 blocks, 350399 bytes
	//
	// block  bytes requested
	// 0      219264
	// 1      131135
	//
	// region       block  offset  size
	// window       0      0       65536
	// prev         0      65536   65536
	// head         1      0       131072
	// pending      0      131072  81920
	// state        0      212992  6144
	// bookkeeping  0      219136  56
	//
	// free order  [1 0]
}
