//go:build !windows && !(cgo && (linux || darwin))

package nativemem

func processHeap() (Allocator, string) { return goHeap{}, "goheap (no C heap in this build)" }
