//go:build !linux

package deflate

// threadCPU is known only on Linux (getrusage RUSAGE_THREAD).
func threadCPU() (int64, bool) { return 0, false }
