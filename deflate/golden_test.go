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

// update rewrites the golden digests from zlib-ng; only the zlibng-tagged build can (see testdata/README.md).
var update = flag.Bool("update", false, "rewrite testdata/zlibng-golden.txt from the linked zlib-ng (needs -tags zlibng)")

const goldenPath = "testdata/zlibng-golden.txt"

// goldenOSPrefix starts the golden file's line that pins the gzip header OS byte zlib-ng wrote: it
// depends on the platform zlib-ng was built for (zutil.h: 3 on Unix, 10 on Windows), so the engine's
// engine is run with Config.GzipOS pinned to it, and the test passes on every platform.
const goldenOSPrefix = "# gzip-os "

// golden is the parsed golden file.
type golden struct {
	os      byte
	digests map[string]goldenDigest
	order   []string
}

type goldenDigest struct {
	sum string // hex SHA-256
	n   int    // output length
}

func readGolden(t testing.TB) golden {
	f, err := os.Open(goldenPath)
	if err != nil {
		t.Fatalf("%v (regenerate it: see testdata/README.md)", err)
	}
	defer f.Close()
	g := golden{digests: map[string]goldenDigest{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	osSeen := false
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, goldenOSPrefix); ok {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 255 {
				t.Fatalf("%s: bad OS line %q", goldenPath, line)
			}
			g.os, osSeen = byte(n), true
			continue
		}
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 3 {
			t.Fatalf("%s: line %q is not `sha256 length case`", goldenPath, line)
		}
		n, err := strconv.Atoi(fields[1])
		if err != nil {
			t.Fatalf("%s: line %q: length: %v", goldenPath, line, err)
		}
		g.digests[fields[2]] = goldenDigest{fields[0], n}
		g.order = append(g.order, fields[2])
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if !osSeen {
		t.Fatalf("%s has no %q line", goldenPath, goldenOSPrefix)
	}
	return g
}

// writeGolden writes digests of outs (one per case) made on a platform whose gzip OS byte is os.
func writeGolden(t testing.TB, version string, os byte, cases []diffCase, outs [][]byte) {
	var b strings.Builder
	fmt.Fprintf(&b, "# SHA-256 and length of zlib-ng %s's output for every case of goldenCases (diff_case_test.go).\n", version)
	b.WriteString("# Written by `go test -tags zlibng -run TestGoldenZlibng -update`; see README.md beside this file.\n")
	fmt.Fprintf(&b, "%s%d\n", goldenOSPrefix, os)
	for i, c := range cases {
		sum := sha256.Sum256(outs[i])
		fmt.Fprintf(&b, "%s %d %s\n", hex.EncodeToString(sum[:]), len(outs[i]), caseKey(c))
	}
	if err := writeFileAtomic(goldenPath, []byte(b.String())); err != nil {
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

// TestGolden compresses the golden corpus with the engine and checks every output against zlib-ng's
// digest: byte identity with zlib-ng 2.2.2 on a clone with no C library.
func TestGolden(t *testing.T) {
	if *update {
		t.Skip("-update: TestGoldenZlibng rewrites the file (build with -tags zlibng)")
	}
	g := readGolden(t)
	cases := goldenCases()
	if len(g.digests) != len(cases) {
		t.Errorf("%s has %d cases, goldenCases %d: regenerate it (testdata/README.md)", goldenPath, len(g.digests), len(cases))
	}
	identical, failed := 0, 0
	for _, c := range cases {
		want, ok := g.digests[caseKey(c)]
		if !ok {
			t.Errorf("case %v is not in %s: regenerate it (testdata/README.md)", c, goldenPath)
			continue
		}
		pinned := c
		pinned.cfg.GzipOS = int(g.os)
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
			t.Errorf("case %v: engine wrote %d bytes, zlib-ng %d, different bytes", c, len(out), want.n)
		}
	}
	t.Logf("%d of %d golden cases byte-identical to zlib-ng", identical, len(cases))
	if failed > 20 {
		t.Errorf("... and %d more cases differ", failed-20)
	}
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
