// Command host runs one sample of the experiment in a fresh process and prints it as one JSON line
// (matrix/host.Result). It is built once per variant: the build tag variant_control, variant_pooled,
// variant_reuse or variant_splitalloc picks the one variant linked in (control when no tag is given), so the binaries
// differ only in the variant - the seeds' separate hosts.
//
//	go build -tags variant_pooled -o bin/linux-amd64/host-pooled ./cmd/host
//	host-pooled -workload fixed -dop 8 -phase warm -backend libc
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
