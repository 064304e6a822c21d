package deflate

import (
	"fmt"
	"testing"
	"unsafe"
)

// compare256Impl is an implementation of compare256 for the tests.
type compare256Impl struct {
	name string
	f    func(a, b unsafe.Pointer) int
}

// compare256Cases holds, for every position of the first difference (256: none) and several
// alignments of each side, two 256-byte strings that differ there first.
func compare256Cases() (cases []struct{ a, b []byte }) {
	buf := make([]byte, 256+64)
	for i := range buf {
		buf[i] = byte(i * 7)
	}
	for diff := 0; diff <= 256; diff++ {
		for _, align := range [][2]int{{0, 0}, {1, 0}, {0, 31}, {15, 17}, {33, 2}} {
			a := buf[align[0] : align[0]+256]
			b := make([]byte, 256+64)[align[1] : align[1]+256]
			copy(b, a)
			if diff < 256 {
				b[diff] ^= byte(1 << (diff % 8))
				if diff+1 < 256 {
					b[diff+1] ^= 0xff // a later difference must not count
				}
			}
			cases = append(cases, struct{ a, b []byte }{a, b})
		}
	}
	return cases
}

// TestCompare256 checks each implementation of compare256 on this platform against compare256Words,
// at every position of the first difference.
func TestCompare256(t *testing.T) {
	for _, impl := range compare256Impls(t) {
		t.Run("impl="+impl.name, func(t *testing.T) {
			for _, c := range compare256Cases() {
				want := compare256Words(unsafe.Pointer(&c.a[0]), unsafe.Pointer(&c.b[0]))
				if got := impl.f(unsafe.Pointer(&c.a[0]), unsafe.Pointer(&c.b[0])); got != want {
					t.Fatalf("got %d, want %d (a %x, b %x)", got, want, c.a, c.b)
				}
			}
		})
	}
}

// FuzzCompare256 compares the implementations on two strings of the fuzzer's bytes, padded with
// zeros to 256 and placed at offsets taken from shift in their buffers.
func FuzzCompare256(f *testing.F) {
	f.Add([]byte("hello, world"), []byte("hello, there"), uint8(0))
	f.Add(make([]byte, 256), make([]byte, 256), uint8(3))
	f.Add(make([]byte, 200), append(make([]byte, 31), 1), uint8(17))
	f.Fuzz(func(t *testing.T, a, b []byte, shift uint8) {
		pa := make([]byte, 256+64)[shift%64:][:256]
		pb := make([]byte, 256+64)[shift/4%64:][:256]
		copy(pa, a)
		copy(pb, b)
		want := compare256Words(unsafe.Pointer(&pa[0]), unsafe.Pointer(&pb[0]))
		for _, impl := range compare256Impls(t) {
			if got := impl.f(unsafe.Pointer(&pa[0]), unsafe.Pointer(&pb[0])); got != want {
				t.Fatalf("impl=%s: got %d, want %d", impl.name, got, want)
			}
		}
	})
}

// BenchmarkCompare256 times compare256 on strings whose first difference is at length (256: none).
func BenchmarkCompare256(b *testing.B) {
	for _, length := range []int{4, 16, 64, 256} {
		x := make([]byte, 256)
		y := make([]byte, 256)
		if length < 256 {
			y[length] = 1
		}
		for _, impl := range compare256Impls(b) {
			b.Run(fmt.Sprintf("length=%d/impl=%s", length, impl.name), func(b *testing.B) {
				for b.Loop() {
					impl.f(unsafe.Pointer(&x[0]), unsafe.Pointer(&y[0]))
				}
			})
		}
	}
}
