package deflate

import (
	"os"
	"testing"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// DEFLATE_COMPARE256=sse2 runs the package's tests with compare256's SSE2 path on a CPU with AVX2, so
// that the differential and golden tests cover it too.
func init() {
	if os.Getenv("DEFLATE_COMPARE256") == "sse2" {
		useAVX2 = false
	}
}

// compare256Impls lists compare256's implementations on amd64: the Go words, and compare256 with
// compare256Tail's SSE2 and (where the CPU has it) AVX2, each chosen by setting useAVX2 for the call.
func compare256Impls(tb testing.TB) []compare256Impl {
	with := func(avx2 bool) func(a, b unsafe.Pointer) int {
		return func(a, b unsafe.Pointer) int {
			saved := useAVX2
			defer func() { useAVX2 = saved }()
			useAVX2 = avx2
			return compare256(a, b)
		}
	}
	impls := []compare256Impl{{"words", compare256Words}, {"sse2", with(false)}}
	if cpu.X86.HasAVX2 {
		impls = append(impls, compare256Impl{"avx2", with(true)})
	} else {
		tb.Log("no AVX2 on this CPU: its path is not tested")
	}
	return impls
}
