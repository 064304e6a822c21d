package giveback

import (
	"fmt"
	"strconv"
	"strings"
)

// Spec is one point of the probe, measured in one fresh process: a backend, a block size, a pattern
// and the rounds to run. Invariant (Validate): Size in 1..MaxSize, Rounds in MinRounds..MaxRounds, a
// valid Pattern, a Backend name without the separator.
type Spec struct {
	Backend string  `json:"backend"`
	Size    int     `json:"size"`
	Pattern Pattern `json:"pattern"`
	Rounds  int     `json:"rounds"`
}

// Size and round bounds. MaxSize: the sweep's largest block is 2 MiB; 16 MiB leaves room above it
// without letting a typo map gigabytes. MinRounds: the steady half needs at least two rounds.
const (
	MaxSize       = 16 << 20
	MinRounds     = 4
	MaxRounds     = 1 << 16
	DefaultRounds = 32
)

// minTouched is the least a probe process allocates and touches, in bytes: eight times the Go runtime's
// 4 MiB minimum heap goal, so that the goheap backend (whose Free leaves the block to the garbage
// collector) has been through several collections in its steady half, and its faults are reuse or
// scavenging, not the heap's first growth. A block of 4 KiB takes 8,192 rounds; one of 1 MiB the default.
const minTouched = 32 << 20

// windowRoundsPerBlock: a window/N probe runs at least this many rounds per block of its window. glibc
// settles a window only after about 5N rounds (measured on linux/amd64: 39 rounds for window/8 and 31 for
// window/4, at 342 KiB and at 2 MiB alike: until then each new block comes from fresh heap memory,
// because posix_memalign asks for 96 bytes more than the hole a freed block leaves), so the steady half
// starts past that with room to spare.
const windowRoundsPerBlock = 12

// RoundsFor is the rounds a probe of size and p runs: at least min, enough to allocate minTouched, and
// for a window enough to settle (windowRoundsPerBlock).
func RoundsFor(size int, p Pattern, min int) int {
	perRound := size
	switch p.Kind {
	case PatternBatch:
		perRound *= p.N
	case PatternWindow:
		min = max(min, windowRoundsPerBlock*p.N)
	}
	return max(min, (minTouched+perRound-1)/perRound)
}

// specSep separates a Spec's fields in its text form.
const specSep = ","

// String is the Spec's text form, which ParseSpec reads: "libc,350336,window/8,16".
func (s Spec) String() string {
	return strings.Join([]string{s.Backend, strconv.Itoa(s.Size), s.Pattern.String(), strconv.Itoa(s.Rounds)}, specSep)
}

// Validate says what is wrong with s, or nil.
func (s Spec) Validate() error {
	switch {
	case s.Backend == "" || strings.ContainsAny(s.Backend, specSep+" "):
		return fmt.Errorf("backend %q: want a backend name", s.Backend)
	case s.Size < 1 || s.Size > MaxSize:
		return fmt.Errorf("size %d out of range; allowed: 1..%d bytes", s.Size, MaxSize)
	case s.Rounds < MinRounds || s.Rounds > MaxRounds:
		return fmt.Errorf("rounds %d out of range; allowed: %d..%d", s.Rounds, MinRounds, MaxRounds)
	}
	return s.Pattern.Validate()
}

// ParseSpec reads the text form String writes.
func ParseSpec(text string) (Spec, error) {
	f := strings.Split(text, specSep)
	if len(f) != 4 {
		return Spec{}, fmt.Errorf("probe spec %q: want backend,size,pattern,rounds", text)
	}
	size, err := strconv.Atoi(f[1])
	if err != nil {
		return Spec{}, fmt.Errorf("probe spec %q: size %q is not a whole number", text, f[1])
	}
	rounds, err := strconv.Atoi(f[3])
	if err != nil {
		return Spec{}, fmt.Errorf("probe spec %q: rounds %q is not a whole number", text, f[3])
	}
	p, err := ParsePattern(f[2])
	if err != nil {
		return Spec{}, fmt.Errorf("probe spec %q: %w", text, err)
	}
	s := Spec{Backend: f[0], Size: size, Pattern: p, Rounds: rounds}
	if err := s.Validate(); err != nil {
		return Spec{}, fmt.Errorf("probe spec %q: %w", text, err)
	}
	return s, nil
}
