package deflate

import (
	"os"
	"testing"

	"golang.org/x/sys/cpu"
)

// DEFLATE_COMPARE256=sse2 runs the package's tests with compare256's SSE2 path on a CPU with AVX2, so
// that the differential and golden tests cover it too.
func init() {
	if os.Getenv("DEFLATE_COMPARE256") == "sse2" {
		useAVX2 = false
	}
}

// compare256Paths lists compare256's paths on amd64: compare256Tail with SSE2 and, where the CPU has
// it, AVX2, each selected by setting useAVX2.
func compare256Paths(tb testing.TB) []compare256Path {
	with := func(avx2 bool) func() func() {
		return func() func() {
			saved := useAVX2
			useAVX2 = avx2
			return func() { useAVX2 = saved }
		}
	}
	paths := []compare256Path{{"sse2", with(false)}}
	if cpu.X86.HasAVX2 {
		paths = append(paths, compare256Path{"avx2", with(true)})
	} else {
		tb.Log("no AVX2 on this CPU: its path is not tested")
	}
	return paths
}
