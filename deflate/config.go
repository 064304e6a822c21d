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
	Zlib               // WindowBits 8..15: RFC 1950 header and Adler-32 trailer
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

// Config is deflateInit2's parameter set, plus the gzip header's OS byte.
//
// Level is -1 (Z_DEFAULT_COMPRESSION, meaning 6) or 0..9. WindowBits follows zng_deflateInit2: 8..15
// zlib framing, -9..-15 raw, 25..31 gzip; 8 is treated as 9 (a 512-byte window), and -8 and 24 are
// rejected, as zlib-ng rejects a 256-byte window without the zlib wrapper. MemLevel is 1..9 and sizes
// the symbol buffer (lit_bufsize = 1 << (MemLevel+6)); in zlib-ng it does not size the hash table.
//
// Generation is the zlib-ng release whose output the engine reproduces; the zero value is the default,
// ZlibNG225.
//
// GzipOS is the OS byte of a gzip header (RFC 1952 2.3.1): 0 means the platform's, as zlib-ng's
// OS_CODE is (GzipOSDefault: 10 on Windows, 19 on macOS and iOS, 3 elsewhere); 1..255 pin it, so that
// output made on one platform can be compared on another (GzipOSUnix is Linux's 3). OS code 0 (FAT)
// cannot be chosen: no zlib-ng build for a platform Go targets writes it. Raw and zlib streams ignore it.
type Config struct {
	Level      int
	WindowBits int
	MemLevel   int
	Strategy   Strategy
	GzipOS     int
	Generation Generation
}

// GzipOSUnix and GzipOSWindows are zlib-ng's OS_CODE on Unix (Linux included) and on Windows.
const (
	GzipOSUnix    = 3
	GzipOSWindows = 10
)

// DefaultConfig is .NET's DeflateStream at CompressionLevel.Optimal: raw, level 6, memLevel 8.
func DefaultConfig() Config {
	return Config{Level: 6, WindowBits: -15, MemLevel: 8, Strategy: DefaultStrategy}
}

// ErrConfig is wrapped by every error that Validate returns.
var ErrConfig = errors.New("deflate: invalid config")

// Validate reports the first field that zng_deflateInit2 would reject (Z_STREAM_ERROR), naming the
// field, the value and what is allowed; it accepts exactly what zng_deflateInit2 accepts, for a known
// Generation.
func (c Config) Validate() error {
	switch {
	case c.Level < -1 || c.Level > 9:
		return fmt.Errorf("%w: Level %d is outside -1..9", ErrConfig, c.Level)
	case !validWindowBits(c.WindowBits):
		return fmt.Errorf("%w: WindowBits %d is not one of 8..15 (zlib), -9..-15 (raw) or 25..31 (gzip)", ErrConfig, c.WindowBits)
	case c.MemLevel < 1 || c.MemLevel > 9:
		return fmt.Errorf("%w: MemLevel %d is outside 1..9", ErrConfig, c.MemLevel)
	case c.Strategy < DefaultStrategy || c.Strategy > Fixed:
		return fmt.Errorf("%w: Strategy %d is outside 0..4 (default, filtered, huffman, rle, fixed)", ErrConfig, int(c.Strategy))
	case c.GzipOS < 0 || c.GzipOS > 255:
		return fmt.Errorf("%w: GzipOS %d is outside 0..255 (0: the platform's OS code)", ErrConfig, c.GzipOS)
	case !c.Generation.known():
		return fmt.Errorf("%w: Generation %d is not one of %s (zlib-ng versions)", ErrConfig, uint8(c.Generation), generationNames())
	}
	return nil
}

// validWindowBits is zng_deflateInit2's test: a negative value is raw and a value above 15 is gzip with
// 16 added; the remaining bits must be 8..15, and 8 only with the zlib wrapper.
func validWindowBits(w int) bool {
	return (w >= 8 && w <= 15) || (w <= -9 && w >= -15) || (w >= 25 && w <= 31)
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

// WBits is log2 of the window size: |WindowBits| with the gzip offset removed and 8 raised to 9 (only
// zlib framing allows 8).
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

// String is a key=value form usable in benchmark names; a pinned GzipOS is added as os=N and a
// Generation other than the default as zlibng=V, so that the default's names stay as they were.
func (c Config) String() string {
	s := fmt.Sprintf("level=%d/wbits=%d/memlevel=%d/strategy=%s", c.Level, c.WindowBits, c.MemLevel, c.Strategy)
	if c.GzipOS != 0 {
		s += fmt.Sprintf("/os=%d", c.GzipOS)
	}
	if c.Generation != ZlibNG225 {
		s += "/zlibng=" + c.Generation.String()
	}
	return s
}

// gzipOSByte is the OS byte a gzip header gets: GzipOS, or the platform's when it is 0.
func (c Config) gzipOSByte() byte {
	if c.GzipOS != 0 {
		return byte(c.GzipOS)
	}
	return GzipOSDefault
}
