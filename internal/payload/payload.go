// Package payload generates the bytes every operation of the experiment compresses. It sits at the
// bottom of the project (it imports nothing of it) so that the hosts, the variants' tests and benchmarks
// all compress the same bytes.
package payload

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Payload defaults: the seeds compressed "a seeded 5,000-byte, half-random payload" (dotnet/runtime #134700).
const (
	DefaultSeed     = 42   // the seed flags and profiles use unless told otherwise
	DefaultSize     = 5000 // bytes per operation, as in the seeds
	DefaultRandFrac = 0.5  // "half-random"
	MaxSize         = 64 << 20
)

// text fills the compressible part of a payload: plain English prose, repeated. Its exact words do not
// matter; what matters is that it is natural text with the match structure deflate expects.
const text = "The quick brown fox jumps over the lazy dog while the compression engine looks for " +
	"repeated strings in the window behind it. Short-lived compressors pay for their state on every " +
	"operation, so the cost of allocating and clearing that state shows up first in cold processes. "

// Generate reconstructs the seeds' payload: the first round(size*randFrac) bytes come from math/rand/v2's
// PCG generator seeded with (seed, 0), the rest is the English text above repeated to fill size bytes.
// The seeds did not publish their generator, so this matches their description (seeded, 5,000 bytes,
// half random), not their bytes. The same arguments always give the same payload, on every platform.
func Generate(seed int64, size int, randFrac float64) ([]byte, error) {
	if size < 0 || size > MaxSize {
		return nil, fmt.Errorf("payload: size %d is outside 0..%d bytes", size, MaxSize)
	}
	if math.IsNaN(randFrac) || randFrac < 0 || randFrac > 1 {
		return nil, fmt.Errorf("payload: random fraction %v is outside 0..1", randFrac)
	}
	p := make([]byte, size)
	nRand := int(math.Round(float64(size) * randFrac))
	r := rand.New(rand.NewPCG(uint64(seed), 0))
	for i := 0; i < nRand; i += 8 {
		v := r.Uint64()
		for j := i; j < nRand && j < i+8; j++ {
			p[j] = byte(v)
			v >>= 8
		}
	}
	for i := nRand; i < size; {
		i += copy(p[i:], text)
	}
	return p, nil
}

// Default is the payload at the default seed, size and random fraction.
func Default() []byte {
	p, err := Generate(DefaultSeed, DefaultSize, DefaultRandFrac)
	if err != nil {
		panic(err) // the defaults are valid by construction
	}
	return p
}
