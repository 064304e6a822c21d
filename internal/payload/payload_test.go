package payload

import (
	"bytes"
	"compress/flate"
	"math"
	"strings"
	"testing"
)

func TestGenerate(t *testing.T) {
	tests := []struct {
		seed     int64
		size     int
		randFrac float64
		wantRand int
	}{
		{DefaultSeed, DefaultSize, DefaultRandFrac, 2500},
		{1, 5000, 0, 0},
		{1, 5000, 1, 5000},
		{7, 0, 0.5, 0},
		{7, 3, 0.5, 2}, // round(1.5) = 2
		{7, 1 << 20, 0.25, 1 << 18},
	}
	for _, tt := range tests {
		p, err := Generate(tt.seed, tt.size, tt.randFrac)
		if err != nil {
			t.Fatalf("Generate(%d, %d, %v): %v", tt.seed, tt.size, tt.randFrac, err)
		}
		if len(p) != tt.size {
			t.Fatalf("Generate(%d, %d, %v) has %d bytes", tt.seed, tt.size, tt.randFrac, len(p))
		}
		if tail := p[tt.wantRand:]; !strings.HasPrefix(text+text, string(tail[:min(len(tail), len(text))])) {
			t.Errorf("Generate(%d, %d, %v): bytes after %d are not the text", tt.seed, tt.size, tt.randFrac, tt.wantRand)
		}
		q, _ := Generate(tt.seed, tt.size, tt.randFrac)
		if !bytes.Equal(p, q) {
			t.Errorf("Generate(%d, %d, %v) is not deterministic", tt.seed, tt.size, tt.randFrac)
		}
	}
}

func TestPayloadSeedMatters(t *testing.T) {
	a, _ := Generate(1, 5000, 0.5)
	b, _ := Generate(2, 5000, 0.5)
	if bytes.Equal(a[:2500], b[:2500]) {
		t.Fatal("different seeds gave the same random half")
	}
	if !bytes.Equal(a[2500:], b[2500:]) {
		t.Fatal("different seeds changed the text half")
	}
}

// The random half must not compress and the text half must, or the payload is not "half random".
func TestPayloadCompressibility(t *testing.T) {
	p, _ := Generate(DefaultSeed, DefaultSize, DefaultRandFrac)
	size := func(b []byte) int {
		var buf bytes.Buffer
		w, _ := flate.NewWriter(&buf, 6)
		w.Write(b)
		w.Close()
		return buf.Len()
	}
	if n := size(p[:2500]); n < 2500 {
		t.Errorf("random half compressed to %d of 2500 bytes", n)
	}
	if n := size(p[2500:]); n > 500 {
		t.Errorf("text half compressed to %d of 2500 bytes, want <= 500", n)
	}
}

func TestPayloadBadInput(t *testing.T) {
	tests := []struct {
		size     int
		randFrac float64
		want     string
	}{
		{-1, 0.5, "size -1"},
		{MaxSize + 1, 0.5, "size"},
		{10, -0.1, "random fraction -0.1"},
		{10, 1.5, "random fraction 1.5"},
		{10, math.NaN(), "random fraction NaN"},
	}
	for _, tt := range tests {
		_, err := Generate(1, tt.size, tt.randFrac)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Generate(1, %d, %v) error = %v, want it to mention %q", tt.size, tt.randFrac, err, tt.want)
		}
	}
}
