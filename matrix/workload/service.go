package workload

import "fmt"

// StateSize is the deflate state's size at level 6, memLevel 8, windowBits 15 (zlib-ng 2.2.5, the
// consolidated layout): what the service workload's probe allocates, 350,336 bytes (342 KiB).
const StateSize = 350336

// Background is the service workload's native heap: a seeded population of Blocks blocks in the process
// heap (malloc; the CRT heap on Windows), built before the warm-up and kept until the end of the measured
// region, and a fixed churn of ChurnPerOp steps after every operation, each freeing one live block and
// allocating another in its slot, after Settle such steps between the build and the first operation. Block sizes follow Sizes. Which slot a step frees and what it allocates
// are functions of (Seed, step) alone, so a seed fixes the whole schedule.
//
// Invariant (Validate): Blocks >= 1, ChurnPerOp >= 0, Settle >= 0, Sizes non-empty with 1 <= Min <= Max <= MaxBlock and
// positive weights.
type Background struct {
	Seed       uint64 `json:"seed"`
	Blocks     int    `json:"blocks"`     // live blocks, always: a churn step frees one and allocates one
	ChurnPerOp int    `json:"churnPerOp"` // churn steps after every operation, warm-up included
	// Settle is the churn steps taken after the build and before the first operation, so that even a cold
	// sample's first operation meets a heap that has been churned (a service that has run a while).
	Settle int         `json:"settle"`
	Sizes  []SizeClass `json:"sizes"` // the size mix
}

// SizeClass is one part of the size mix: a block falls in it with probability Weight / (sum of weights),
// its size then about log-uniform in [Min, Max] bytes (an octave drawn uniformly, the size uniform inside it).
type SizeClass struct {
	Min    int `json:"min"`
	Max    int `json:"max"`
	Weight int `json:"weight"`
}

// MaxBlock is the largest background block: "small objects up to about 1 MiB".
const MaxBlock = 1 << 20

// DefaultBackground is the service workload's heap. The mix is a service's: mostly small objects, a long
// tail up to 1 MiB (60% 16 B-256 B, 25% to 4 KiB, 12% to 64 KiB, 3% 64 KiB-1 MiB; about 12 KB a block on
// average, so 2,048 blocks hold about 24 MiB). Blocks above glibc's initial 128 KiB mmap threshold go to
// mmap until a freed one raises the threshold (up to 1 MiB, the largest), which moves the trim threshold
// to twice that: the dynamics that decide whether a freed 342 KiB state stays resident. Four churn steps
// per operation move 4 of the 2,048 blocks, so the population turns over about every 500 operations:
// the warm-up's 2,000 operations turn it four times before the measured region, and Settle's 4,096 steps
// turn it twice before any operation, cold included.
func DefaultBackground() Background {
	return Background{Seed: 0x5e741ce, Blocks: 2048, ChurnPerOp: 4, Settle: 4096, Sizes: []SizeClass{
		{Min: 16, Max: 256, Weight: 60},
		{Min: 256, Max: 4 << 10, Weight: 25},
		{Min: 4 << 10, Max: 64 << 10, Weight: 12},
		{Min: 64 << 10, Max: MaxBlock, Weight: 3},
	}}
}

// BackgroundOf is the background of the first named workload that has one, nil if none has: what a plan
// of those workloads records (matrix.Plan.Service).
func BackgroundOf(names []string) *Background {
	for _, n := range names {
		if w, err := ByName(n); err == nil && w.Background != nil {
			return w.Background
		}
	}
	return nil
}

// Validate names the first bad field and what is allowed.
func (b Background) Validate() error {
	switch {
	case b.Blocks < 1:
		return fmt.Errorf("workload: background blocks %d: want >= 1", b.Blocks)
	case b.ChurnPerOp < 0:
		return fmt.Errorf("workload: background churnPerOp %d: want >= 0", b.ChurnPerOp)
	case b.Settle < 0:
		return fmt.Errorf("workload: background settle %d: want >= 0", b.Settle)
	case len(b.Sizes) == 0:
		return fmt.Errorf("workload: background sizes: want at least one size class")
	}
	for i, c := range b.Sizes {
		if c.Min < 1 || c.Min > c.Max || c.Max > MaxBlock || c.Weight < 1 {
			return fmt.Errorf("workload: background sizes[%d] = %+v: want 1 <= min <= max <= %d and weight >= 1", i, c, MaxBlock)
		}
	}
	return nil
}

// Step is one change to the background: free the block in Slot (none while the population is built) and
// allocate Size bytes into it.
type Step struct {
	Slot int
	Size int
}

// Initial is the block that slot k holds when the population is built (k in 0..Blocks-1).
func (b Background) Initial(k int) Step {
	return Step{Slot: k, Size: b.size(mix(b.Seed, uint64(k)))}
}

// Churn is the n-th churn step of the process (0-based, Settle's first):
// a slot drawn uniformly, and a new size.
func (b Background) Churn(n int64) Step {
	h := mix(b.Seed^0xc4a2, uint64(n))
	return Step{Slot: int(h % uint64(b.Blocks)), Size: b.size(mix(h, 1))}
}

// size draws a size from the mix with the random word h.
func (b Background) size(h uint64) int {
	total := 0
	for _, c := range b.Sizes {
		total += c.Weight
	}
	pick := int(h % uint64(total))
	c := b.Sizes[len(b.Sizes)-1]
	for _, s := range b.Sizes {
		if pick < s.Weight {
			c = s
			break
		}
		pick -= s.Weight
	}
	// About log-uniform in [Min, Max]: an octave [Min*2^j, Min*2^(j+1)) drawn uniformly, the size uniform
	// inside it (capped at Max), all in integers so that no floating point decides a size.
	octaves := uint64(0)
	for lo := c.Min; lo < c.Max; lo *= 2 {
		octaves++
	}
	u := mix(h, 2)
	lo := c.Min << (u % max(octaves, 1))
	hi := min(lo*2-1, c.Max)
	return lo + int((u>>8)%uint64(hi-lo+1))
}

// mix is splitmix64's finaliser over seed and n: a fixed, well-spread word for every (seed, n).
func mix(seed, n uint64) uint64 {
	z := seed + (n+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
