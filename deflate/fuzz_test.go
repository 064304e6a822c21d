package deflate

import (
	"bytes"
	"testing"
)

// FuzzRoundTrip compresses arbitrary input with a configuration drawn from the fuzzer's numbers,
// feeding it in chunks with flushes, and checks that both inflaters give the input back.
func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte("hello, hello, hello deflate"), uint8(6), uint8(0), uint8(15), uint8(8), uint8(0), uint16(0))
	f.Add(payload5k(), uint8(1), uint8(3), uint8(9), uint8(1), uint8(1), uint16(700))
	f.Add(bytes.Repeat([]byte{0}, 1000), uint8(9), uint8(1), uint8(12), uint8(9), uint8(2), uint16(3))
	f.Fuzz(func(t *testing.T, data []byte, level, strategy, wbits, memLevel, format uint8, chunk uint16) {
		f := Format(format % 3)
		cfg := Config{
			Level:      int(level%11) - 1,
			WindowBits: windowBitsFor(f, 9+int(wbits%7)),
			MemLevel:   1 + int(memLevel%9),
			Strategy:   Strategy(strategy % 5),
		}
		s, err := New(cfg, GoHeap, Consolidated)
		if err != nil {
			t.Fatal(err)
		}
		defer s.End()
		var out bytes.Buffer
		w := NewWriter(&out, s)
		step := int(chunk)
		if step == 0 {
			step = len(data) + 1
		}
		for i := 0; i < len(data); i += step {
			if _, err := w.Write(data[i:min(i+step, len(data))]); err != nil {
				t.Fatal(err)
			}
			if i/step%3 == 1 {
				if err := w.Flush(); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		checkDecodes(t, f, out.Bytes(), data)
	})
}
