package giveback

import (
	"fmt"
	"strconv"
	"strings"
)

// Pattern is how the probe frees blocks and allocates them again. Kind is one of the Pattern* names; N
// is the window's or batch's block count (0 for PatternSame).
//
//   - same: allocate, touch, free, and again: the freed block is the next one's (the control variant's
//     compressor per operation).
//   - window/N: N other blocks of the size stay live; each operation frees the oldest and allocates a new
//     one, so the freed block lies between live ones, not at the heap's end.
//   - batch/N: allocate and touch N blocks, then free all N; and again (a pool of N emptied at once).
type Pattern struct {
	Kind string `json:"kind"`
	N    int    `json:"n,omitempty"`
}

// The pattern kinds.
const (
	PatternSame   = "same"
	PatternWindow = "window"
	PatternBatch  = "batch"
)

// MaxN bounds a window or batch: 64 blocks of MaxSize are 128 MiB, the most a probe process holds.
const MaxN = 64

// DefaultN is the window's and batch's default count: the pooled variant's default capacity, 8.
const DefaultN = 8

// DefaultPatterns are the patterns the probe measures unless told otherwise.
func DefaultPatterns() []Pattern {
	return []Pattern{{Kind: PatternSame}, {Kind: PatternWindow, N: DefaultN}, {Kind: PatternBatch, N: DefaultN}}
}

func (p Pattern) String() string {
	if p.Kind == PatternSame {
		return p.Kind
	}
	return fmt.Sprintf("%s/%d", p.Kind, p.N)
}

// Validate says what is wrong with p, or nil.
func (p Pattern) Validate() error {
	switch p.Kind {
	case PatternSame:
		if p.N != 0 {
			return fmt.Errorf("pattern %q takes no count; allowed: same, window/N, batch/N (N 1..%d)", p, MaxN)
		}
	case PatternWindow, PatternBatch:
		if p.N < 1 || p.N > MaxN {
			return fmt.Errorf("pattern %s: count %d out of range; allowed: 1..%d", p.Kind, p.N, MaxN)
		}
	default:
		return fmt.Errorf("unknown pattern %q; allowed: same, window/N, batch/N (N 1..%d)", p.Kind, MaxN)
	}
	return nil
}

// ParsePattern reads a pattern as String writes it: "same", "window/8", "batch/8". A window or batch
// without a count takes DefaultN.
func ParsePattern(s string) (Pattern, error) {
	kind, count, hasCount := strings.Cut(strings.TrimSpace(s), "/")
	p := Pattern{Kind: kind}
	if kind != PatternSame {
		p.N = DefaultN
	}
	if hasCount {
		n, err := strconv.Atoi(count)
		if err != nil {
			return Pattern{}, fmt.Errorf("pattern %q: count %q is not a whole number; allowed: same, window/N, batch/N (N 1..%d)", s, count, MaxN)
		}
		p.N = n
	}
	if err := p.Validate(); err != nil {
		return Pattern{}, err
	}
	return p, nil
}
