package deflate

import (
	"math/rand/v2"
	"testing"
)

// TestPendingOverlay stresses the LIT_MEM overlay: the compressed block grows in the pending region
// toward the distance buffer it is being read from, fastest when symbols are far matches of varied
// lengths and distances (many extra bits) and lit_bufsize is smallest. Were the output to overtake the
// unread symbols, the block would encode corrupted matches and the round trip would fail.
func TestPendingOverlay(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 8 {
		data := make([]byte, 0, 200000)
		for len(data) < 40000 {
			data = append(data, byte(r.Uint32()))
		}
		for len(data) < cap(data) {
			if trial%4 < 2 && r.IntN(4) == 0 {
				data = append(data, byte(r.Uint32()))
				continue
			}
			d := 20000 + r.IntN(12000)
			if trial%2 == 1 {
				d = 1 + r.IntN(32000)
			}
			l := 3 + r.IntN(256)
			if trial%4 == 2 {
				l = 3 + r.IntN(8)
			}
			start := len(data) - d
			for i := range min(l, cap(data)-len(data)) {
				data = append(data, data[start+i])
			}
		}
		for _, memLevel := range []int{1, 2} {
			for _, level := range []int{1, 6, 9} {
				s, err := New(Config{Level: level, WindowBits: -15, MemLevel: memLevel}, GoHeap, nil)
				if err != nil {
					t.Fatal(err)
				}
				checkDecodes(t, Raw, compress(t, s, data), data)
				s.End()
			}
		}
	}
}
