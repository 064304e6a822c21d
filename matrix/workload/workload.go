// Package workload defines what one host operation compresses: the payload, the deflate configurations
// that operations cycle through, and how many writes one operation makes.
package workload

import (
	"fmt"
	"slices"
	"strings"
)

// Workload is a named, non-empty list of configurations; operation i uses Configs[i%len(Configs)]. One
// operation is one short-lived compressor, as one .NET stream: open, Writes writes of the same input,
// close (which finishes the stream and disposes of the native state).
//
// Invariant: len(Configs) >= 1 and Writes >= 1 for every workload ByName returns.
type Workload struct {
	Name    string
	Configs []Config
	// Writes is the number of Write calls of one operation, each of the whole input.
	Writes int
	// Input, when set, is the workload's own input, made from the plan's payload seed in place of the
	// plan's payload (whose size and random fraction it then ignores); nil: the plan's payload.
	Input *Input
	// Title names the workload in table and chart headings, as the seeds' tables do ("Fixed configuration").
	Title string
	// Definition says in one line what an operation is, for the reports' definition lines.
	Definition string
	// Summary is the few words a decision needs (the first page's run line): how many configurations, and
	// what that means for the seed's pool of 8 slots.
	Summary string
	// Background, when set, is the process heap the host keeps fragmented around the operations (the
	// service workload); nil: a pristine heap, nothing allocated but the operations'.
	Background *Background
	// Twin, for a workload with a Background, is the pristine workload whose operation it repeats (the
	// service workload's is fixed), so that a report can say what the background changes; "" otherwise.
	Twin string
}

// Config is one operation's deflateInit2 parameters, as .NET passes them (the default strategy always).
// Package host turns it into the engine's deflate.Config at the plan's zlib-ng generation; it is plain
// data here so that what reads results (the statistics, the report) can name and count a workload's
// configurations without linking the engine.
type Config struct {
	Level      int // 0..9
	WindowBits int // rawBits, zlibBits or gzipBits: the framing
	MemLevel   int // 7 for NoCompression, else 8, as .NET passes it
}

// String is the configuration as the engine's deflate.Config spells it at the default strategy.
func (c Config) String() string {
	return fmt.Sprintf("level=%d/wbits=%d/memlevel=%d/strategy=default", c.Level, c.WindowBits, c.MemLevel)
}

// Input is a workload's own input: Size bytes, of which the first round(Size*RandFrac) are seeded random
// (see Payload).
type Input struct {
	Size     int
	RandFrac float64
}

// Config is the configuration of operation i (0-based).
func (w Workload) Config(i int) Config { return w.Configs[i%len(w.Configs)] }

// Window bits selecting each framing, as .NET passes them to deflateInit2.
const (
	rawBits  = -15 // DeflateStream
	zlibBits = 15  // ZLibStream
	gzipBits = 31  // GZipStream: 15 + 16
)

// levels are .NET's CompressionLevel values as zlib levels: NoCompression, Fastest, Optimal, SmallestSize.
var levels = [...]int{0, 1, 6, 9}

// Fixed is the seeds' main workload: every operation is a DeflateStream at CompressionLevel.Optimal.
func Fixed() Workload {
	return Workload{Name: "fixed", Configs: []Config{{Level: 6, WindowBits: rawBits, MemLevel: 8}}, Writes: 1, Title: "Fixed configuration",
		Definition: "a DeflateStream (raw deflate) at Optimal (level 6), one write of the payload",
		Summary:    "one configuration (raw deflate, level 6)"}
}

// Mixed is the seeds' over-capacity workload: twelve configurations (four levels x raw, zlib, gzip), more
// than the pooled variant's eight idle slots. .NET uses memLevel 7 for NoCompression and 8 otherwise.
func Mixed() Workload {
	w := Workload{Name: "mixed", Writes: 1, Title: "Mixed configurations",
		Definition: "twelve configurations in turn (NoCompression, Fastest, Optimal, SmallestSize x DeflateStream, " +
			"ZLibStream, GZipStream), one write of the payload each",
		Summary: "12 configurations in turn, more than pooled/8's slots"}
	for _, level := range levels {
		memLevel := 8
		if level == 0 {
			memLevel = 7
		}
		for _, bits := range []int{rawBits, zlibBits, gzipBits} {
			w.Configs = append(w.Configs, Config{Level: level, WindowBits: bits, MemLevel: memLevel})
		}
	}
	return w
}

// The stream workload's shape: zlib-ng issue #1935's ZLibStream, "1,000 random bytes written 100 times".
const (
	StreamWrites    = 100  // writes per operation
	StreamWriteSize = 1000 // bytes per write, all seeded random
)

// Stream is zlib-ng issue #1935's pattern (dotnet/runtime's report of the 2.2.0-2.2.2 slowdown): every
// operation is one ZLibStream at Optimal (level 6, memLevel 8, windowBits 15) that is written the same
// StreamWriteSize seeded random bytes StreamWrites times, then disposed. It has one configuration, so a
// pool holds it in one slot, as fixed; its operations cost several times a fixed one.
func Stream() Workload {
	return Workload{
		Name:    "stream",
		Configs: []Config{{Level: 6, WindowBits: zlibBits, MemLevel: 8}},
		Writes:  StreamWrites,
		Input:   &Input{Size: StreamWriteSize, RandFrac: 1},
		Title:   "ZLibStream, 100 writes",
		Summary: "one configuration (zlib, level 6), 100 writes of 1,000 random bytes (zlib-ng #1935)",
		Definition: "a ZLibStream at Optimal (level 6) written the same 1,000 seeded random bytes 100 times " +
			"(zlib-ng issue #1935's pattern)",
	}
}

// Service is fixed's operation in a long-lived service's process heap (dotnet/runtime PR 117949: a
// partner service spent 48% of its profile in RtlpAllocateHeap under zlib's allocation, from native heap
// fragmentation): DefaultBackground's blocks live in the process heap from before the warm-up to the end
// of the measured region, and its churn runs after every operation.
func Service() Workload {
	w := Fixed()
	bg := DefaultBackground()
	w.Name, w.Background, w.Title, w.Twin = "service", &bg, "Service heap", w.Name
	w.Definition = fmt.Sprintf("fixed's operation (raw deflate, level 6) in a fragmented process heap: %d seeded blocks of 16 B to 1 MiB "+
		"live in the process heap (malloc; the CRT heap on Windows), %d of them freed and replaced after every operation (off the clock at DOP 1; "+
		"above it the churn's time is in the operation's, as a service's other work is)", bg.Blocks, bg.ChurnPerOp)
	w.Summary = "one configuration (raw deflate, level 6) in a fragmented process heap (PR 117949)"
	return w
}

// all lists the workloads in the order plans and reports take them.
var all = []func() Workload{Fixed, Mixed, Stream, Service}

// Pristine lists the workloads without a background: those whose heap holds nothing but the operations'.
func Pristine() []string {
	var names []string
	for _, f := range all {
		if w := f(); w.Background == nil {
			names = append(names, w.Name)
		}
	}
	return names
}

// Names lists the workloads ByName knows.
func Names() []string {
	names := make([]string, len(all))
	for i, f := range all {
		names[i] = f().Name
	}
	return names
}

// ByName returns the named workload, or an error listing the allowed names.
func ByName(name string) (Workload, error) {
	for _, f := range all {
		if w := f(); w.Name == name {
			return w, nil
		}
	}
	return Workload{}, fmt.Errorf("workload: unknown workload %q; allowed: %v", name, Names())
}

// InputOf is the bytes every write of w's operations compresses: w's own Input made from seed, else the
// plan's payload (seed, size, randFrac).
func (w Workload) InputOf(seed int64, size int, randFrac float64) ([]byte, error) {
	if w.Input != nil {
		size, randFrac = w.Input.Size, w.Input.RandFrac
	}
	return Payload(seed, size, randFrac)
}

// Definitions says what an operation of each named workload is, "fixed: ...; stream: ...", in the order
// given; a name ByName does not know is left out.
func Definitions(names []string) string {
	var parts []string
	for _, n := range names {
		if w, err := ByName(n); err == nil {
			parts = append(parts, n+": "+w.Definition)
		}
	}
	return strings.Join(parts, "; ")
}

// Cycles reports whether the named workload cycles through more than one configuration (mixed: 12),
// so that a pool needs a slot per configuration; false for a name ByName does not know.
func Cycles(name string) bool {
	w, err := ByName(name)
	return err == nil && len(w.Configs) > 1
}

// Valid reports whether name is a workload ByName knows.
func Valid(name string) bool { return slices.Contains(Names(), name) }
