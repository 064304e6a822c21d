package deflate

import (
	"errors"
	"fmt"
)

// Strategy tunes the match finder, with zlib's deflateInit2 numbering.
type Strategy int

const (
	DefaultStrategy Strategy = 0 // Z_DEFAULT_STRATEGY: lazy or greedy matching by level
	Filtered        Strategy = 1 // Z_FILTERED: prefer literals over short matches (length < 6)
	HuffmanOnly     Strategy = 2 // Z_HUFFMAN_ONLY: no string matching at all
	RLE             Strategy = 3 // Z_RLE: matches at distance one only
	Fixed           Strategy = 4 // Z_FIXED: never emit dynamic Huffman blocks
)

var strategyNames = [...]string{"default", "filtered", "huffman", "rle", "fixed"}

// String returns the strategy's short name, as flags and reports spell it.
func (s Strategy) String() string {
	if s >= 0 && int(s) < len(strategyNames) {
		return strategyNames[s]
	}
	return fmt.Sprintf("Strategy(%d)", int(s))
}

// ParseStrategy is the inverse of Strategy.String.
func ParseStrategy(name string) (Strategy, error) {
	for i, n := range strategyNames {
		if n == name {
			return Strategy(i), nil
		}
	}
	return 0, fmt.Errorf("deflate: strategy %q is not one of %v", name, strategyNames)
}

// Strategies lists every strategy, in zlib's numbering order.
func Strategies() []Strategy {
	return []Strategy{DefaultStrategy, Filtered, HuffmanOnly, RLE, Fixed}
}

// Format is the framing around the DEFLATE stream, chosen by WindowBits as zlib does.
type Format int

const (
	Raw  Format = iota // WindowBits -9..-15: bare RFC 1951 stream
	Zlib               // WindowBits 9..15: RFC 1950 header and Adler-32 trailer
	Gzip               // WindowBits 25..31: RFC 1952 header and CRC-32/ISIZE trailer
)

func (f Format) String() string {
	switch f {
	case Raw:
		return "raw"
	case Zlib:
		return "zlib"
	case Gzip:
		return "gzip"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Config is deflateInit2's parameter set.
//
// Level is -1 (Z_DEFAULT_COMPRESSION, meaning 6) or 0..9. WindowBits follows zlib: 9..15 zlib framing,
// -9..-15 raw, 25..31 gzip; 8 (and -8, 24) are accepted and treated as 9, as zlib does. MemLevel is
// 1..9 and sizes the symbol buffer (lit_bufsize = 1 << (MemLevel+6)); in zlib-ng it does not size the
// hash table.
type Config struct {
	Level      int
	WindowBits int
	MemLevel   int
	Strategy   Strategy
}

// DefaultConfig is .NET's DeflateStream at CompressionLevel.Optimal: raw, level 6, memLevel 8.
func DefaultConfig() Config {
	return Config{Level: 6, WindowBits: -15, MemLevel: 8, Strategy: DefaultStrategy}
}

// ErrConfig is wrapped by every error that Validate returns.
var ErrConfig = errors.New("deflate: invalid config")

// Validate reports the first field outside zlib's accepted range, naming the field, the value and what
// is allowed.
func (c Config) Validate() error {
	switch {
	case c.Level < -1 || c.Level > 9:
		return fmt.Errorf("%w: Level %d is outside -1..9", ErrConfig, c.Level)
	case !validWindowBits(c.WindowBits):
		return fmt.Errorf("%w: WindowBits %d is not one of 8..15 (zlib), -8..-15 (raw) or 24..31 (gzip)", ErrConfig, c.WindowBits)
	case c.MemLevel < 1 || c.MemLevel > 9:
		return fmt.Errorf("%w: MemLevel %d is outside 1..9", ErrConfig, c.MemLevel)
	case c.Strategy < DefaultStrategy || c.Strategy > Fixed:
		return fmt.Errorf("%w: Strategy %d is outside 0..4 (default, filtered, huffman, rle, fixed)", ErrConfig, int(c.Strategy))
	}
	return nil
}

func validWindowBits(w int) bool {
	return (w >= 8 && w <= 15) || (w <= -8 && w >= -15) || (w >= 24 && w <= 31)
}

// Format reports the framing that WindowBits selects. The result is meaningless for an invalid Config.
func (c Config) Format() Format {
	switch {
	case c.WindowBits < 0:
		return Raw
	case c.WindowBits > 15:
		return Gzip
	}
	return Zlib
}

// WBits is log2 of the window size: |WindowBits| with the gzip offset removed and 8 raised to 9.
func (c Config) WBits() int {
	w := c.WindowBits
	if w < 0 {
		w = -w
	}
	if w > 15 {
		w -= 16
	}
	if w == 8 {
		w = 9 // zlib 1.2.9+ and zlib-ng silently use a 512-byte window for windowBits 8
	}
	return w
}

// EffectiveLevel maps Z_DEFAULT_COMPRESSION (-1) to 6.
func (c Config) EffectiveLevel() int {
	if c.Level == -1 {
		return 6
	}
	return c.Level
}

// String is a key=value form usable in benchmark names.
func (c Config) String() string {
	return fmt.Sprintf("level=%d/wbits=%d/memlevel=%d/strategy=%s", c.Level, c.WindowBits, c.MemLevel, c.Strategy)
}
