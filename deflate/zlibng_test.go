//go:build zlibng && cgo

package deflate

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/deflate/internal/zng"
)

// The differential tests compare the engine with the zlib-ng linked through internal/zng, byte for
// byte. Run them as testdata/README.md says.

var (
	diffSeed  = flag.Uint64("diff.seed", 0, "seed of TestDifferential's random cases (0: from the clock, logged)")
	diffCases = flag.Int("diff.cases", 300, "number of TestDifferential's random cases")
	diffMax   = flag.Int("diff.max", 1<<20, "largest input of TestDifferential's random cases, bytes")
	diffLevel = flag.Int("diff.level", -2, "only this level in TestDifferential (-2: all)")
	diffStrat = flag.Int("diff.strategy", -1, "only this strategy in TestDifferential (-1: all)")
	diffPrior = flag.Bool("diff.prior", false, "give every TestDifferential case a prior stream on the same state")
)

// zngVersion is the version both reference builds report: the 2.2.5 reference is zlib-ng 2.2.2 with PR
// #1938's reverts, so the generation is told by -zlibng and linkedGeneration instead.
const zngVersion = "2.2.2"

func init() {
	resetCompressImpls = append([]resetCompressImpl{{"zlibng", isLinkedGeneration, openZngResetCompress}}, resetCompressImpls...)
}

// zngStepper drives a zlib-ng stream.
type zngStepper struct{ z *zng.Stream }

func (s zngStepper) step(dst, src []byte, flush Flush) (int, int, bool, error) {
	nDst, nSrc, rc := s.z.Deflate(dst, src, int(flush))
	switch rc {
	case zng.OK, zng.BufError:
		return nDst, nSrc, false, nil
	case zng.StreamEnd:
		return nDst, nSrc, true, nil
	}
	return nDst, nSrc, false, fmt.Errorf("zng_deflate returned %d", rc)
}

func (s zngStepper) reset() error { return s.z.Reset() }

// runZng compresses c with zlib-ng.
func runZng(c diffCase, data []byte) ([]byte, error) {
	out, _, err := runZngCalls(c, data)
	return out, err
}

// runZngCalls is runZng that also returns the number of zng_deflate calls (runCaseCalls).
func runZngCalls(c diffCase, data []byte) ([]byte, int, error) {
	z, err := zng.New(c.cfg.Level, c.cfg.WindowBits, c.cfg.MemLevel, int(c.cfg.Strategy))
	if err != nil {
		return nil, 0, err
	}
	defer z.End()
	if err := runPrior(zngStepper{z}, c); err != nil {
		return nil, 0, err
	}
	return runCaseCalls(zngStepper{z}, c, data)
}

// compareCase runs c on both and describes the first difference, or returns "": in the bytes, or in
// the number of calls (the call that ends the stream, Finished against Z_STREAM_END). sameTokens
// reports that the outputs differ only in their Huffman codes or framing, not in blocks, literals and
// matches.
//
// The engine runs under the linked build's generation (linkedGeneration, which the caller has checked).
func compareCase(c diffCase, data []byte) (diff string, sameTokens bool, err error) {
	c.cfg.Generation = linkedGen
	want, wantCalls, err := runZngCalls(c, data)
	if err != nil {
		return "", false, fmt.Errorf("zlib-ng: %w", err)
	}
	got, gotCalls, err := runEngineCalls(c, data)
	if err != nil {
		return "", false, fmt.Errorf("engine: %w", err)
	}
	if bytes.Equal(got, want) {
		if gotCalls != wantCalls {
			return fmt.Sprintf("same %d bytes, but the engine took %d calls and zlib-ng %d (the stream ends at a different call)", len(got), gotCalls, wantCalls), true, nil
		}
		return "", true, nil
	}
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	desc, same := firstTokenDiff(c.cfg.Format(), got, want)
	return fmt.Sprintf("engine wrote %d bytes, zlib-ng %d; first difference at byte %d; %s", len(got), len(want), i, desc), same, nil
}

func TestZlibngVersion(t *testing.T) {
	if v := zng.Version(); v != zngVersion {
		t.Fatalf("linked zlib-ng is %s, the reference is %s (ZLIBNG_DIR must name a %s build)", v, zngVersion, zngVersion)
	}
	t.Logf("the linked zlib-ng (it reports version %s) writes %s's bytes", zngVersion, linkedGeneration(t))
}

// TestDifferential compares the engine with zlib-ng over random cases it has never seen: a new seed each
// run unless -diff.seed is given.
func TestDifferential(t *testing.T) {
	seed := *diffSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	gen := linkedGeneration(t)
	t.Logf("seed %d (rerun with -diff.seed=%d)", seed, seed)
	r := rand.New(rand.NewPCG(seed, 1))
	n, identical, sameTokens, failed := *diffCases, 0, 0, 0
	if testing.Short() {
		n = min(n, 50)
	}
	for range n {
		c := randomConfigCase(r, *diffMax)
		if *diffLevel != -2 {
			c.cfg.Level = *diffLevel
		}
		if *diffStrat != -1 {
			c.cfg.Strategy = Strategy(*diffStrat)
		}
		if *diffPrior && c.prior.size == 0 {
			c.prior = inputSpec{kind: inputKinds[r.IntN(len(inputKinds))], seed: r.Uint64() >> 40, size: logUniform(r, 1, *diffMax)}
			c.priorDone = r.IntN(2) == 0
		}
		diff, same, err := compareCase(c, c.in.bytes())
		if same {
			sameTokens++
		}
		switch {
		case err != nil:
			t.Errorf("case %v: %v", c, err)
		case diff == "":
			identical++
			continue
		default:
			if failed++; failed <= 20 {
				t.Errorf("case %v: %s", c, diff)
			}
		}
	}
	t.Logf("%d of %d random cases identical to zlib-ng %s in bytes and in the call that ends the stream (%d with the same blocks, literals and matches)", identical, n, gen, sameTokens)
}

// FuzzDifferential compares the engine with zlib-ng for fuzzed input, configuration and call sequence.
func FuzzDifferential(f *testing.F) {
	linkedGeneration(f)
	f.Add([]byte("hello, hello, hello deflate"), uint8(6), uint8(0), uint8(15), uint8(8), uint8(0), uint16(0), uint16(0), uint8(0))
	f.Add(labPayload(42, 5000, 0.5), uint8(1), uint8(0), uint8(15), uint8(8), uint8(0), uint16(700), uint16(100), uint8(3))
	f.Add(bytes.Repeat([]byte{0}, 1000), uint8(9), uint8(1), uint8(12), uint8(9), uint8(2), uint16(3), uint16(1), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, level, strategy, wbits, memLevel, format uint8, chunk, outCap uint16, flushes uint8) {
		fm := Format(format % 3)
		c := diffCase{
			cfg: Config{
				Level:      int(level%11) - 1,
				WindowBits: windowBitsFor(fm, 9+int(wbits%7)),
				MemLevel:   1 + int(memLevel%9),
				Strategy:   Strategy(strategy % 5),
			},
			chunk:   int(chunk),
			flushes: flushPatterns[int(flushes)%len(flushPatterns)],
		}
		c.outCap = minOutCap(c.flushes, max(1, int(outCap)))
		if c.chunk == 0 {
			c.outCap = 1 << 16
		}
		// Bound the calls per execution, as randomCase does, so the fuzzer keeps its pace on long inputs.
		if c.chunk > 0 && len(data)/c.chunk > 2000 {
			c.chunk = len(data) / 2000
		}
		if len(data)/c.outCap > 2000 {
			c.outCap = len(data) / 2000
		}
		diff, _, err := compareCase(c, data)
		if err != nil {
			t.Fatalf("%v: %v", c, err)
		}
		if diff != "" {
			t.Fatalf("%v: %s", c, diff)
		}
	})
}

// TestGoldenZlibng checks zlib-ng's outputs for the golden corpus against testdata (the file was made
// by this library), or with -update rewrites the file from them.
func TestGoldenZlibng(t *testing.T) {
	if zng.Version() != zngVersion {
		t.Fatalf("linked zlib-ng is %s, not %s", zng.Version(), zngVersion)
	}
	gen := linkedGeneration(t)
	cases := goldenCases()
	outs := make([][]byte, len(cases))
	var os byte
	for i, c := range cases {
		out, err := runZng(c, c.in.bytes())
		if err != nil {
			t.Fatalf("case %v: %v", c, err)
		}
		if c.cfg.Format() == Gzip && len(out) >= 10 {
			os = out[9]
		}
		outs[i] = out
	}
	if *update {
		writeGolden(t, gen, os, cases, outs)
		t.Logf("wrote %d digests to %s (gzip OS byte %d)", len(cases), goldenPath(gen), os)
		return
	}
	g := readGolden(t, gen)
	for i, c := range cases {
		pinOS(c, outs[i], g.os)
		var b strings.Builder
		writeDigest(&b, outs[i])
		if d := g.digests[caseKey(c)]; d.sum != b.String() || d.n != len(outs[i]) {
			t.Errorf("case %v: zlib-ng's output does not match %s: regenerate with -update", c, g.path)
		}
	}
}

// TestConfigAcceptance checks that New accepts exactly the configurations zng_deflateInit2 accepts.
func TestConfigAcceptance(t *testing.T) {
	for level := -3; level <= 11; level++ {
		for wbits := -17; wbits <= 33; wbits++ {
			for mem := -1; mem <= 10; mem++ {
				for st := -1; st <= 5; st++ {
					if mem != 8 && st != 0 && (level != 6 || wbits != 15) {
						continue // the full cube is slow; vary memLevel and strategy around one point
					}
					z, zerr := zng.New(level, wbits, mem, st)
					if zerr == nil {
						z.End()
					} else if !errors.Is(zerr, zng.ErrInit) {
						t.Fatal(zerr)
					}
					cfg := Config{Level: level, WindowBits: wbits, MemLevel: mem, Strategy: Strategy(st)}
					s, err := New(cfg, GoHeap, Consolidated)
					if err == nil {
						s.End()
					}
					if (err == nil) != (zerr == nil) {
						t.Errorf("%v: engine error %v, zlib-ng error %v", cfg, err, zerr)
					}
				}
			}
		}
	}
}

// isLinkedGeneration reports whether g is the linked build's generation (the flag's, before the probe
// has run: openZngResetCompress runs it).
func isLinkedGeneration(g Generation) bool {
	stated, err := ParseGeneration(*zngGenFlag)
	return err != nil || g == stated // a bad flag: the benchmark opens and fails with the probe's error
}

func openZngResetCompress(b *testing.B, cfg Config, data []byte) (func() int, func()) {
	linkedGeneration(b)
	z, err := zng.New(cfg.Level, cfg.WindowBits, cfg.MemLevel, int(cfg.Strategy))
	if err != nil {
		b.Fatal(err)
	}
	in := zng.NewBuffer(data, len(data))
	out := zng.NewBuffer(nil, len(data)+len(data)/8+1024)
	return func() int {
			n, err := z.ResetCompress(in, len(data), out)
			if err != nil {
				b.Fatal(err)
			}
			return n
		}, func() {
			z.End()
			in.Free()
			out.Free()
		}
}
