package varianttest

import "github.com/deflatelab/deflatelab/deflate"

// Variation is a configuration that differs from deflate.DefaultConfig in one respect, named.
type Variation struct {
	Name  string
	Other deflate.Config
}

// OneFieldApart are configurations each one field (or one spelling) away from deflate.DefaultConfig: a
// state kept for reuse (a pool's, a worker's) must never serve one of them for the default, since Reset
// keeps the whole Config. Level -1 and 6 are different keys, as they were in the seed.
func OneFieldApart() []Variation {
	return []Variation{
		{"level", deflate.Config{Level: 9, WindowBits: -15, MemLevel: 8}},
		{"level-default-vs-6", deflate.Config{Level: -1, WindowBits: -15, MemLevel: 8}},
		{"strategy", deflate.Config{Level: 6, WindowBits: -15, MemLevel: 8, Strategy: deflate.Filtered}},
		{"windowBits-format", deflate.Config{Level: 6, WindowBits: 31, MemLevel: 8}},
		{"windowBits-size", deflate.Config{Level: 6, WindowBits: -12, MemLevel: 8}},
		{"memLevel", deflate.Config{Level: 6, WindowBits: -15, MemLevel: 9}},
		{"gzipOS", deflate.Config{Level: 6, WindowBits: -15, MemLevel: 8, GzipOS: deflate.GzipOSWindows}},
		{"generation", deflate.Config{Level: 6, WindowBits: -15, MemLevel: 8, Generation: deflate.ZlibNG222}},
	}
}
