package deflate

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
)

// diffCase is one compression of the differential and golden tests: an input, a Config, and the
// sequence of calls that feeds it (zlib's output depends on all three: block boundaries follow the
// flushes and, at level 0, the output space of each call).
//
// The input is cut into chunks of chunk bytes (0: the whole input in one call). Every chunk but the last
// is followed by the flush that flushes names for its index (cycled, n/s/f/p/b for NoFlush, SyncFlush,
// FullFlush, PartialFlush, BlockFlush); the last chunk goes with Finish. Every call gets an output buffer of outCap bytes and is
// repeated, with the unread input, while it fills that buffer.
//
// With a prior input, the state first compresses it (to the end with Finish when priorDone, else with
// NoFlush only, abandoning the stream) and is Reset: zlib-ng keeps what the window, prev and some
// fields hold across deflateReset, and its next output can depend on them.
type diffCase struct {
	in        inputSpec
	cfg       Config
	chunk     int
	flushes   string
	outCap    int
	prior     inputSpec // size 0: a fresh state
	priorDone bool
}

func (c diffCase) String() string {
	s := fmt.Sprintf("%v %v chunk=%d flush=%s out=%d", c.in, c.cfg, c.chunk, c.flushes, c.outCap)
	if c.prior.size > 0 {
		s += fmt.Sprintf(" prior=%s/%d/%d/finished=%v", c.prior.kind, c.prior.seed, c.prior.size, c.priorDone)
	}
	return s
}

var flushByLetter = map[byte]Flush{'n': NoFlush, 's': SyncFlush, 'f': FullFlush, 'p': PartialFlush, 'b': BlockFlush}

// stepper is one deflate implementation driven by runCase: one zlib deflate() call per step. done
// reports that a Finish call completed the stream.
type stepper interface {
	step(dst, src []byte, flush Flush) (nDst, nSrc int, done bool, err error)
	reset() error
}

// runPrior runs c's prior stream on st, if any, and resets st.
func runPrior(st stepper, c diffCase) error {
	if c.prior.size == 0 {
		return nil
	}
	p := diffCase{in: c.prior, chunk: 0, flushes: "n", outCap: 1 << 16}
	data := c.prior.bytes()
	if !c.priorDone {
		p.chunk = max(1, len(data)-1) // the last byte is never fed: the stream is abandoned
		data = data[:p.chunk]
		buf := make([]byte, p.outCap)
		for src := data; ; {
			nDst, nSrc, _, err := st.step(buf, src, NoFlush)
			if err != nil {
				return fmt.Errorf("prior: %w", err)
			}
			if src = src[nSrc:]; nDst < len(buf) && len(src) == 0 {
				break
			}
		}
	} else if _, err := runCase(st, p, data); err != nil {
		return fmt.Errorf("prior: %w", err)
	}
	return st.reset()
}

// maxCallsPerStep bounds the calls of one step, so that an implementation that stops making progress
// fails the test instead of hanging it.
const maxCallsPerStep = 1 << 24

// runCase feeds data to st as c says and returns everything st wrote.
func runCase(st stepper, c diffCase, data []byte) ([]byte, error) {
	out, _, err := runCaseCalls(st, c, data)
	return out, err
}

// runCaseCalls is runCase that also counts st's calls: with Finish, the calls go on until st reports
// the end of the stream, so two implementations that write the same bytes make the same number of
// calls only if they end the stream (zlib-ng's Z_STREAM_END) at the same call.
func runCaseCalls(st stepper, c diffCase, data []byte) (out []byte, total int, err error) {
	out = make([]byte, 0, len(data)/2+64)
	buf := make([]byte, c.outCap)
	chunk := c.chunk
	if chunk <= 0 {
		chunk = max(len(data), 1)
	}
	for i, k := 0, 0; ; k++ {
		end := min(i+chunk, len(data))
		src := data[i:end]
		flush := Finish
		if end < len(data) {
			flush = flushByLetter[c.flushes[k%len(c.flushes)]]
		}
		idle := 0
		for calls := 0; ; calls++ {
			if calls == maxCallsPerStep {
				return out, total, fmt.Errorf("step %d (flush %d) made %d calls without completing", k, flush, calls)
			}
			nDst, nSrc, done, err := st.step(buf, src, flush)
			total++
			if err != nil {
				return out, total, fmt.Errorf("step %d (flush %d), call %d: %w", k, flush, calls, err)
			}
			out = append(out, buf[:nDst]...)
			src = src[nSrc:]
			if flush == Finish {
				if done {
					break
				}
				if nDst == 0 && nSrc == 0 {
					if idle++; idle > 2 {
						return out, total, fmt.Errorf("step %d: Finish makes no progress", k)
					}
				}
				continue
			}
			if nDst < len(buf) {
				if len(src) != 0 {
					return out, total, fmt.Errorf("step %d: a call left output space and %d input bytes", k, len(src))
				}
				break
			}
		}
		i = end
		if flush == Finish {
			return out, total, nil
		}
	}
}

// engineStepper drives a State.
type engineStepper struct{ s *State }

func (e engineStepper) step(dst, src []byte, flush Flush) (int, int, bool, error) {
	nDst, nSrc, err := e.s.Deflate(dst, src, flush)
	return nDst, nSrc, flush == Finish && e.s.Finished(), err
}

func (e engineStepper) reset() error { return e.s.Reset() }

// runEngine compresses c with the engine.
func runEngine(c diffCase, data []byte) ([]byte, error) {
	out, _, err := runEngineCalls(c, data)
	return out, err
}

// runEngineCalls is runEngine that also returns the number of Deflate calls (runCaseCalls).
func runEngineCalls(c diffCase, data []byte) ([]byte, int, error) {
	s, err := New(c.cfg, GoHeap, Consolidated)
	if err != nil {
		return nil, 0, err
	}
	defer s.End()
	if err := runPrior(engineStepper{s}, c); err != nil {
		return nil, 0, err
	}
	return runCaseCalls(engineStepper{s}, c, data)
}

// logUniform returns an int in [lo, hi] whose logarithm is uniform: small sizes are as common as large.
func logUniform(r *rand.Rand, lo, hi int) int {
	l, h := math.Log(float64(lo)+1), math.Log(float64(hi)+1)
	return min(hi, max(lo, int(math.Exp(l+r.Float64()*(h-l)))-1))
}

var flushPatterns = []string{"n", "s", "f", "nns", "nsf", "snf", "nnnf", "ss", "nf", "p", "b", "npb", "bsp", "nbnf"}

// randomCase draws a valid case with an input of at most maxSize bytes. wbits and mem are drawn when 0.
func randomCase(r *rand.Rand, maxSize int, level int, strategy Strategy, format Format, wbits, mem int) diffCase {
	if wbits == 0 {
		wbits = 9 + r.IntN(7)
		if format == Zlib && r.IntN(8) == 0 {
			wbits = 8
		}
	}
	if mem == 0 {
		mem = 1 + r.IntN(9)
	}
	size := logUniform(r, 0, maxSize)
	if r.IntN(10) == 0 {
		size = r.IntN(3)
	}
	c := diffCase{
		in:      inputSpec{kind: inputKinds[r.IntN(len(inputKinds))], seed: r.Uint64() >> 40, size: size},
		cfg:     Config{Level: level, WindowBits: windowBitsFor(format, wbits), MemLevel: mem, Strategy: strategy},
		flushes: flushPatterns[r.IntN(len(flushPatterns))],
		outCap:  1 << 16,
	}
	if r.IntN(5) < 3 {
		c.chunk = logUniform(r, 1, max(1, size))
	}
	if r.IntN(2) == 0 {
		c.outCap = logUniform(r, 1, 1<<16)
	}
	c.outCap = minOutCap(c.flushes, c.outCap)
	if r.IntN(6) == 0 {
		c.prior = inputSpec{kind: inputKinds[r.IntN(len(inputKinds))], seed: r.Uint64() >> 40, size: logUniform(r, 1, maxSize)}
		c.priorDone = r.IntN(3) != 0
	}
	// Keep the number of calls bounded: tiny chunks or buffers only for small inputs.
	if size/max(1, c.chunk) > 20000 && c.chunk > 0 {
		c.chunk = size / 20000
	}
	if size/c.outCap > 20000 {
		c.outCap = size / 20000
	}
	return c
}

// minOutCap raises outCap to 7 when the calls flush: zlib's manual asks for avail_out > 6 with
// Z_SYNC_FLUSH and Z_FULL_FLUSH, since a flush that ends with the buffer exactly full is repeated by the
// next call, and with fewer bytes than a marker it never completes (the other flushes get the same
// margin).
func minOutCap(flushes string, outCap int) int {
	if strings.ContainsAny(flushes, "psfb") {
		return max(outCap, 7)
	}
	return outCap
}

// randomConfigCase draws any valid case: level -1..9, every strategy and format.
func randomConfigCase(r *rand.Rand, maxSize int) diffCase {
	return randomCase(r, maxSize, r.IntN(11)-1, Strategy(r.IntN(5)), Format(r.IntN(3)), 0, 0)
}

// goldenCases is the golden corpus: every level x strategy x format, every windowBits x format x
// memLevel, the lab's payload at every level, and a few inputs of several MiB. It is deterministic.
func goldenCases() []diffCase {
	r := rand.New(rand.NewPCG(2026, 10))
	var cs []diffCase
	for level := -1; level <= 9; level++ {
		for _, st := range Strategies() {
			for f := Raw; f <= Gzip; f++ {
				cs = append(cs, randomCase(r, 96<<10, level, st, f, 0, 0))
			}
		}
	}
	for wbits := 8; wbits <= 15; wbits++ {
		for f := Raw; f <= Gzip; f++ {
			if wbits == 8 && f != Zlib {
				continue // zlib-ng accepts windowBits 8 only with the zlib wrapper
			}
			for mem := 1; mem <= 9; mem++ {
				cs = append(cs, randomCase(r, 64<<10, r.IntN(10), Strategy(r.IntN(5)), f, wbits, mem))
			}
		}
	}
	for level := 0; level <= 9; level++ {
		c := generationProbe() // the lab's payload; at level 6 the probe itself
		c.cfg.Level = level
		cs = append(cs, c)
	}
	big := func(kind string, size, level int, st Strategy, chunk int, flushes string) {
		cs = append(cs, diffCase{
			in:  inputSpec{kind, uint64(len(cs)), size},
			cfg: Config{Level: level, WindowBits: -15, MemLevel: 8, Strategy: st}, chunk: chunk, flushes: flushes, outCap: 1 << 16,
		})
	}
	big("text", 4<<20, 1, DefaultStrategy, 0, "n")
	big("text", 4<<20, 6, DefaultStrategy, 0, "n")
	big("text", 4<<20, 9, DefaultStrategy, 0, "n")
	big("mixed", 3<<20, 2, DefaultStrategy, 100000, "nns")
	big("mixed", 3<<20, 4, DefaultStrategy, 65536, "n")
	big("mixed", 3<<20, 7, Filtered, 250000, "nf")
	big("binary", 3<<20, 3, DefaultStrategy, 0, "n")
	big("binary", 2<<20, 8, DefaultStrategy, 0, "n")
	big("zeros", 4<<20, 6, DefaultStrategy, 0, "n")
	big("random", 2<<20, 5, DefaultStrategy, 0, "n")
	big("runs", 2<<20, 6, RLE, 0, "n")
	big("mixed", 2<<20, 0, DefaultStrategy, 70000, "ns")
	big("periodic", 4<<20, 3, DefaultStrategy, 0, "n")
	big("periodic", 4<<20, 4, DefaultStrategy, 0, "n")
	big("periodic", 4<<20, 5, DefaultStrategy, 0, "n")
	big("periodic", 4<<20, 6, DefaultStrategy, 0, "n")
	return append(append(cs, reuseCases...), dotnetStreamCase())
}

// reuseCases are streams whose zlib-ng output differs from a fresh state's because of the stream the
// state ran before deflateReset (TestReuseChangesOutput checks that they do, for the engine).
var reuseCases = []diffCase{
	// A finished stream left its bytes in the window past the new data; at a sync flush the matcher
	// reads them and picks another candidate of the same length.
	{in: inputSpec{"mixed", 9243403, 1296}, cfg: Config{Level: 4, WindowBits: 15, MemLevel: 3}, chunk: 9, flushes: "nns", outCap: 6472,
		prior: inputSpec{"binary", 2969676, 10422}, priorDone: true},
	// An abandoned level-1 stream left its block open (deflate_quick's block_open survives deflateReset):
	// the new stream writes no block header of its own.
	{in: inputSpec{"payload", 2252087, 126}, cfg: Config{Level: 1, WindowBits: -12, MemLevel: 6, Strategy: Filtered}, flushes: "nsf", outCap: 65536,
		prior: inputSpec{"mixed", 12126429, 59479}},
}

// dotnetStreamCase is zlib-ng #1935's workload as the lab's stream workload runs it, the calls .NET's
// ZLibStream makes at CompressionLevel.Optimal (zlib framing, level -1, memLevel 8): 100 writes of the same
// 1,000 bytes, one deflate(Z_NO_FLUSH) each into an 8,192-byte buffer, then Z_FINISH into it until the
// stream ends.
func dotnetStreamCase() diffCase {
	return diffCase{
		in:  inputSpec{"stream", 42, 100 * streamWriteSize},
		cfg: Config{Level: -1, WindowBits: 15, MemLevel: 8}, chunk: streamWriteSize, flushes: "n", outCap: dotnetBufferSize,
	}
}

// dotnetBufferSize is DeflateStream.DefaultBufferSize, the output buffer of every deflate call .NET makes.
const dotnetBufferSize = 8192

// caseKey is the golden file's key of a case.
func caseKey(c diffCase) string { return strings.ReplaceAll(c.String(), " ", ",") }
