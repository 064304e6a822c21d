package deflate

import (
	"fmt"
	"testing"
	"unsafe"
)

// compare256Path is one of the paths compare256 can take on this platform: use selects it and returns a
// function that restores the default.
type compare256Path struct {
	name string
	use  func() (restore func())
}

// compare256With returns compare256 on path p, for the tests.
func compare256With(p compare256Path) func(a, b unsafe.Pointer) int {
	return func(a, b unsafe.Pointer) int {
		defer p.use()()
		return compare256(a, b)
	}
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

// TestCompare256 checks compare256 on each of its paths on this platform against compare256Words, at
// every position of the first difference.
func TestCompare256(t *testing.T) {
	for _, p := range compare256Paths(t) {
		t.Run("impl="+p.name, func(t *testing.T) {
			f := compare256With(p)
			for _, c := range compare256Cases() {
				want := compare256Words(unsafe.Pointer(&c.a[0]), unsafe.Pointer(&c.b[0]))
				if got := f(unsafe.Pointer(&c.a[0]), unsafe.Pointer(&c.b[0])); got != want {
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
		for _, p := range compare256Paths(t) {
			if got := compare256With(p)(unsafe.Pointer(&pa[0]), unsafe.Pointer(&pb[0])); got != want {
				t.Fatalf("impl=%s: got %d, want %d", p.name, got, want)
			}
		}
	})
}

// compare256Sink keeps the benchmarks' results alive.
var compare256Sink int

// BenchmarkCompare256 times compare256Words and compare256 on each of its paths, called directly (so
// inlined as in the matchers), on strings whose first difference is at length (256: none).
func BenchmarkCompare256(b *testing.B) {
	for _, length := range []int{4, 16, 64, 256} {
		x := make([]byte, 256)
		y := make([]byte, 256)
		if length < 256 {
			y[length] = 1
		}
		px, py := unsafe.Pointer(&x[0]), unsafe.Pointer(&y[0])
		b.Run(fmt.Sprintf("length=%d/impl=words", length), func(b *testing.B) {
			for b.Loop() {
				compare256Sink += compare256Words(px, py)
			}
		})
		for _, p := range compare256Paths(b) {
			b.Run(fmt.Sprintf("length=%d/impl=%s", length, p.name), func(b *testing.B) {
				defer p.use()()
				for b.Loop() {
					compare256Sink += compare256(px, py)
				}
			})
		}
	}
}
