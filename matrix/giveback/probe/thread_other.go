//go:build !linux

package probe

// onWorkerThread runs f locked to one OS thread. Outside Linux the backends keep no per-thread heaps
// for blocks of these sizes (Windows' low-fragmentation heap serves blocks up to 16 KiB per heap, not per
// thread), so which thread does not matter, only that it stays one.
func onWorkerThread(f func()) { lockedThread(f) }
