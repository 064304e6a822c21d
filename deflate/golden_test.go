package deflate

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// update rewrites the golden digests of the linked zlib-ng's generation from it; only the zlibng-tagged
// build can (see testdata/README.md).
var update = flag.Bool("update", false, "rewrite testdata/zlibng-golden-<generation>.txt from the linked zlib-ng (needs -tags zlibng)")

// goldenPath is the golden file of generation g: one file per generation, the same cases in each.
func goldenPath(g Generation) string { return "testdata/zlibng-golden-" + g.String() + ".txt" }

// goldenOSPrefix starts the golden file's line that pins the gzip header OS byte zlib-ng wrote: it
// depends on the platform zlib-ng was built for (zutil.h: 3 on Unix, 10 on Windows), so the engine's
// engine is run with Config.GzipOS pinned to it, and the test passes on every platform.
const goldenOSPrefix = "# gzip-os "

// golden is the parsed golden file of one generation.
type golden struct {
	path    string
	os      byte
	digests map[string]goldenDigest
	order   []string
}

type goldenDigest struct {
	sum string // hex SHA-256
	n   int    // output length
}

// readGolden parses generation gen's golden file, failing t on any error.
func readGolden(t testing.TB, gen Generation) golden {
	g, err := parseGolden(goldenPath(gen))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// parseGolden parses one golden file.
func parseGolden(path string) (golden, error) {
	f, err := os.Open(path)
	if err != nil {
		return golden{}, fmt.Errorf("%w (regenerate it: see testdata/README.md)", err)
	}
	defer f.Close()
	g := golden{path: path, digests: map[string]goldenDigest{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	osSeen := false
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, goldenOSPrefix); ok {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 255 {
				return g, fmt.Errorf("%s: bad OS line %q", path, line)
			}
			g.os, osSeen = byte(n), true
			continue
		}
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 3 {
			return g, fmt.Errorf("%s: line %q is not `sha256 length case`", path, line)
		}
		n, err := strconv.Atoi(fields[1])
		if err != nil {
			return g, fmt.Errorf("%s: line %q: length: %w", path, line, err)
		}
		g.digests[fields[2]] = goldenDigest{fields[0], n}
		g.order = append(g.order, fields[2])
	}
	if err := sc.Err(); err != nil {
		return g, err
	}
	if !osSeen {
		return g, fmt.Errorf("%s has no %q line", path, goldenOSPrefix)
	}
	return g, nil
}

// writeGolden writes generation gen's golden file: digests of outs (one per case) made on a platform
// whose gzip OS byte is os.
func writeGolden(t testing.TB, gen Generation, os byte, cases []diffCase, outs [][]byte) {
	var b strings.Builder
	fmt.Fprintf(&b, "# SHA-256 and length of the output of %s for every case of goldenCases (diff_case_test.go).\n", gen.Description())
	fmt.Fprintf(&b, "# Written by `go test -tags zlibng -run TestGoldenZlibng -zlibng %s -update` with that build linked; see README.md beside this file.\n", gen)
	fmt.Fprintf(&b, "%s%d\n", goldenOSPrefix, os)
	for i, c := range cases {
		sum := sha256.Sum256(outs[i])
		fmt.Fprintf(&b, "%s %d %s\n", hex.EncodeToString(sum[:]), len(outs[i]), caseKey(c))
	}
	if err := writeFileAtomic(goldenPath(gen), []byte(b.String())); err != nil {
		t.Fatal(err)
	}
}

func writeFileAtomic(path string, data []byte) error {
	tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// pinOS sets a gzip stream's header OS byte to os (for a zlib-ng built for another platform).
func pinOS(c diffCase, out []byte, os byte) {
	if c.cfg.Format() == Gzip && len(out) >= 10 {
		out[9] = os
	}
}

// TestGolden compresses the golden corpus with the engine under each generation and checks every output
// against that generation's zlib-ng digest: byte identity with zlib-ng 2.2.5 and 2.2.2 on a clone with
// no C library.
func TestGolden(t *testing.T) {
	if *update {
		t.Skip("-update: TestGoldenZlibng rewrites the file (build with -tags zlibng)")
	}
	for _, gen := range Generations() {
		t.Run("zlibng="+gen.String(), func(t *testing.T) { checkGolden(t, gen) })
	}
}

// checkGolden runs the golden corpus through the engine under gen against gen's file.
func checkGolden(t *testing.T, gen Generation) {
	g := readGolden(t, gen)
	cases := goldenCases()
	if len(g.digests) != len(cases) {
		t.Errorf("%s has %d cases, goldenCases %d: regenerate it (testdata/README.md)", g.path, len(g.digests), len(cases))
	}
	identical, failed := 0, 0
	for _, c := range cases {
		want, ok := g.digests[caseKey(c)]
		if !ok {
			t.Errorf("case %v is not in %s: regenerate it (testdata/README.md)", c, g.path)
			continue
		}
		pinned := c
		pinned.cfg.GzipOS = int(g.os)
		pinned.cfg.Generation = gen
		out, err := runEngine(pinned, pinned.in.bytes())
		if err != nil {
			t.Errorf("case %v: %v", c, err)
			continue
		}
		sum := sha256.Sum256(out)
		if hex.EncodeToString(sum[:]) == want.sum && len(out) == want.n {
			identical++
			continue
		}
		if failed++; failed <= 20 {
			t.Errorf("case %v: engine wrote %d bytes, zlib-ng %s %d, different bytes", c, len(out), gen, want.n)
		}
	}
	t.Logf("%d of %d golden cases byte-identical to zlib-ng %s", identical, len(cases), gen)
	if failed > 20 {
		t.Errorf("... and %d more cases differ", failed-20)
	}
}

// TestGoldenGenerationsDiffer checks what the generation probe relies on (linkedGeneration, in the
// zlibng-tagged tests): the two golden files differ on the probe case, and only on cases the generations
// can write differently (deflate_medium: levels 3-6, not huffman-only or RLE).
func TestGoldenGenerationsDiffer(t *testing.T) {
	g225, g222 := readGolden(t, ZlibNG225), readGolden(t, ZlibNG222)
	if k := caseKey(generationProbe()); g225.digests[k] == g222.digests[k] {
		t.Errorf("the probe case %s has the same digest in both golden files: it cannot tell the generations apart", k)
	}
	differ := 0
	for _, c := range goldenCases() {
		k := caseKey(c)
		if g225.digests[k] == g222.digests[k] {
			continue
		}
		differ++
		if l := c.cfg.EffectiveLevel(); l < 3 || l > 6 || c.cfg.Strategy == HuffmanOnly || c.cfg.Strategy == RLE {
			t.Errorf("case %v: the generations' digests differ, but only deflate_medium differs between them", c)
		}
	}
	t.Logf("%d of %d golden cases differ between zlib-ng 2.2.5 and 2.2.2", differ, len(goldenCases()))
}

// generationProbe is the case that tells a zlib-ng build's generation from its output: the lab's payload
// (5,000 bytes, the second half repeated English text: long matches) at level 6, where 2.2.2 and 2.2.5
// write different bytes.
func generationProbe() diffCase {
	return diffCase{in: inputSpec{"payload", 42, 5000}, cfg: DefaultConfig(), flushes: "n", outCap: 1 << 16}
}

// TestReuseChangesOutput shows that a Reset state's output can depend on the stream before the Reset,
// as zlib-ng's does after deflateReset: reuseCases differ from the same cases on a fresh state (and
// TestGolden checks both against zlib-ng's).
func TestReuseChangesOutput(t *testing.T) {
	for _, c := range reuseCases {
		data := c.in.bytes()
		reused, err := runEngine(c, data)
		if err != nil {
			t.Fatal(err)
		}
		fresh := c
		fresh.prior = inputSpec{}
		out, err := runEngine(fresh, data)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(reused, out) {
			t.Errorf("%v: the same output as on a fresh state; zlib-ng's differs", c)
		}
	}
}

// TestLabPayload pins labPayload to internal/payload.Default()'s bytes (SHA-256 printed by
// `go run` of sha256.Sum256(payload.Default()) at this commit), since deflate cannot import it.
func TestLabPayload(t *testing.T) {
	const want = "f05d90318b2444dec24918f8a88122404299fbbffc980a672456dcbcfd131714"
	sum := sha256.Sum256(labPayload(42, 5000, 0.5))
	if got := hex.EncodeToString(sum[:]); got != want {
		t.Errorf("labPayload(42, 5000, 0.5) has SHA-256 %s, internal/payload.Default() %s", got, want)
	}
}

// writeDigest writes out's hex SHA-256 to w.
func writeDigest(w *strings.Builder, out []byte) {
	sum := sha256.Sum256(out)
	w.WriteString(hex.EncodeToString(sum[:]))
}

// TestRepeatAfterReset checks doc.go's promise: a state that compresses the same whole input with one
// Finish call, Reset in between, writes the same bytes every time and the same as a fresh state.
func TestRepeatAfterReset(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 34))
	for range 150 {
		c := randomConfigCase(r, 200<<10)
		c.chunk, c.flushes, c.outCap, c.prior = 0, "n", 1<<18, inputSpec{}
		data := c.in.bytes()
		first, err := runEngine(c, data)
		if err != nil {
			t.Fatal(err)
		}
		again := c
		again.prior, again.priorDone = c.in, true
		second, err := runEngine(again, data)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first, second) {
			t.Errorf("%v: the output after Reset differs from a fresh state's", c)
		}
	}
}
