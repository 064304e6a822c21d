package deflate

import (
	"bytes"
	"go/build"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

// payload5k is the lab's 5,000-byte payload, internal/payload.Default(): 2,500 bytes from PCG(42, 0),
// then English text repeated (labPayload).
func payload5k() []byte { return labPayload(42, 5000, 0.5) }

var (
	text1MOnce sync.Once
	text1MData []byte
)

// text1M is 1 MiB of real text: the .go files of $GOROOT/src/net/http in name order, concatenated and
// cut at 1 MiB. It is deterministic for one Go release (this repository pins Go 1.26).
func text1M(tb testing.TB) []byte {
	text1MOnce.Do(func() {
		dir := filepath.Join(build.Default.GOROOT, "src", "net", "http")
		names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		sort.Strings(names)
		var b bytes.Buffer
		for _, n := range names {
			data, err := os.ReadFile(n)
			if err != nil {
				continue
			}
			b.Write(data)
			if b.Len() >= 1<<20 {
				break
			}
		}
		if b.Len() >= 1<<20 {
			text1MData = b.Bytes()[:1<<20]
		}
	})
	if text1MData == nil {
		tb.Skip("GOROOT/src/net/http is not available for the 1 MiB text input")
	}
	return text1MData
}

// corpusEntry is one input of the round-trip tests.
type corpusEntry struct {
	name string
	data []byte
}

// smallCorpus is every input of the full configuration matrix.
func smallCorpus() []corpusEntry {
	r := rand.New(rand.NewPCG(3, 4))
	random := make([]byte, 40000)
	for i := range random {
		random[i] = byte(r.Uint32())
	}
	runs := append(bytes.Repeat([]byte{'a'}, 70000), bytes.Repeat([]byte("ab"), 3000)...)
	runs = append(runs, bytes.Repeat([]byte{0}, 1000)...)
	return []corpusEntry{
		{"empty", nil},
		{"onebyte", []byte{'x'}},
		{"payload5k", payload5k()},
		{"runs", runs},
		{"random", random},
		{"words", []byte(strings.Repeat("deflate state in native blocks, ", 900))},
	}
}
