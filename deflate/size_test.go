package deflate

import (
	"bytes"
	stdflate "compress/flate"
	"testing"
)

// TestOutputSizeVsStdlib holds the size target: at every level, raw output is at most 1% larger than
// compress/flate's for the payload and the 1 MiB text (default memLevel 8, 32 KiB window).
func TestOutputSizeVsStdlib(t *testing.T) {
	inputs := []corpusEntry{{"payload5k", payload5k()}, {"text1M", text1M(t)}}
	for level := 0; level <= 9; level++ {
		for _, in := range inputs {
			var ref bytes.Buffer
			fw, _ := stdflate.NewWriter(&ref, level)
			fw.Write(in.data)
			fw.Close()
			s, err := New(Config{Level: level, WindowBits: -15, MemLevel: 8}, GoHeap, Consolidated)
			if err != nil {
				t.Fatal(err)
			}
			got := len(compress(t, s, in.data))
			s.End()
			ratio := float64(got) / float64(ref.Len())
			t.Logf("level %d %-9s deflatelab %8d stdlib %8d ratio %.4f", level, in.name, got, ref.Len(), ratio)
			if ratio > 1.01 {
				t.Errorf("level %d %s: %d bytes, %.2f%% more than compress/flate's %d", level, in.name, got, 100*(ratio-1), ref.Len())
			}
		}
	}
}
