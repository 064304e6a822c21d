package workload

import "github.com/deflatelab/deflatelab/internal/payload"

// Payload defaults, as internal/payload defines them: the seeds' seeded, 5,000-byte, half-random payload.
const (
	DefaultSeed     = payload.DefaultSeed
	DefaultSize     = payload.DefaultSize
	DefaultRandFrac = payload.DefaultRandFrac
	MaxSize         = payload.MaxSize
)

// Payload is the bytes every operation compresses: see payload.Generate, which says how they are made.
func Payload(seed int64, size int, randFrac float64) ([]byte, error) {
	return payload.Generate(seed, size, randFrac)
}
