package deflate

import (
	"fmt"
	stdadler "hash/adler32"
	"math/rand/v2"
	"testing"
)

// TestAdler32 checks the lane-summing Adler-32 against hash/adler32 for every length up to a few
// chunks, every alignment, the bytes that make the lanes largest (0xff), and continued sums.
func TestAdler32(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	random := appendRandom(nil, r, 3*adlerNMax+100)
	ones := make([]byte, len(random))
	for i := range ones {
		ones[i] = 0xff
	}
	for name, data := range map[string][]byte{"random": random, "0xff": ones} {
		for n := 0; n <= len(data)-8; n += 1 + n/16 {
			for off := range 8 {
				p := data[off : off+n]
				if got, want := adler32(1, p), adler32Ref(1, p); got != want {
					t.Fatalf("%s: %d bytes at offset %d: %#08x, want %#08x", name, n, off, got, want)
				}
			}
		}
		// Continued: a running value with both halves near the modulus, then more bytes.
		start := adler32Ref(1, data[:adlerNMax-1])
		if got, want := adler32(start, data[adlerNMax-1:]), stdadler.Checksum(data); got != want {
			t.Errorf("%s: continued %#08x, want %#08x", name, got, want)
		}
	}
}

// TestAdlerBlocks checks the platform's adlerBlocks and adlerBlocksWords against the sums' definition,
// for every block count up to the most adler32 asks for, on random bytes and on 0xff (the largest lanes).
func TestAdlerBlocks(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	random := appendRandom(nil, r, adlerNMax)
	ones := make([]byte, adlerNMax)
	for i := range ones {
		ones[i] = 0xff
	}
	for name, data := range map[string][]byte{"random": random, "0xff": ones} {
		for blocks := 0; blocks <= adlerNMax/16; blocks++ {
			var sum, prefix, weighted uint64
			for k := range blocks {
				prefix += sum
				for j, c := range data[16*k : 16*k+16] {
					sum += uint64(c)
					weighted += uint64(16-j) * uint64(c)
				}
			}
			for _, impl := range []struct {
				name string
				f    func([]byte, int) (uint64, uint64, uint64)
			}{{"platform", adlerBlocks}, {"words", adlerBlocksWords}} {
				s, p, w := impl.f(data, blocks)
				if s != sum || p != prefix || w != weighted {
					t.Fatalf("%s, %s, %d blocks: %d %d %d, want %d %d %d", impl.name, name, blocks, s, p, w, sum, prefix, weighted)
				}
			}
		}
	}
}

// adler32Ref continues an Adler-32 checksum with the standard library.
func adler32Ref(adler uint32, p []byte) uint32 {
	if adler == 1 {
		return stdadler.Checksum(p)
	}
	// hash/adler32 cannot start from a value; sum byte by byte, reducing every byte.
	a, b := adler&0xffff, adler>>16
	for _, c := range p {
		a = (a + uint32(c)) % adlerBase
		b = (b + a) % adlerBase
	}
	return b<<16 | a
}

// BenchmarkAdler32 is the checksum of the stream workload's 100,000 bytes, the engine's against hash/adler32.
func BenchmarkAdler32(b *testing.B) {
	data := appendRandom(nil, rand.New(rand.NewPCG(1, 2)), 100_000)
	for _, impl := range []struct {
		name string
		sum  func([]byte) uint32
	}{{"engine", func(p []byte) uint32 { return adler32(1, p) }}, {"stdlib", stdadler.Checksum}} {
		b.Run(fmt.Sprintf("impl=%s", impl.name), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				impl.sum(data)
			}
		})
	}
}
