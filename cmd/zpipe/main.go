// Command zpipe compresses stdin to stdout with any variant, allocator backend and configuration, or, with
// -describe, prints the blocks and regions that variant allocates for that configuration.
//
//	zpipe -wbits 31 < notes.txt > notes.txt.gz    (the default, -wbits -15, is raw deflate)
//	zpipe -variant pooled -backend goheap -level 6 -wbits 31 -memlevel 8 -strategy default < in > out
//	zpipe -describe -variant splitalloc -force-split
//	zpipe -zlibng 2.2.2 < in > out    (zlib-ng 2.2.2's bytes, .NET 9's; the default, 2.2.5, is .NET 10's)
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
