// Package workload defines what one host operation compresses: the payload, and the deflate
// configurations that operations cycle through.
package workload

import (
	"fmt"
	"slices"

	"github.com/deflatelab/deflatelab/deflate"
)

// Workload is a named, non-empty list of configurations; operation i uses Configs[i%len(Configs)].
type Workload struct {
	Name    string
	Configs []deflate.Config
}

// Config is the configuration of operation i (0-based).
func (w Workload) Config(i int) deflate.Config { return w.Configs[i%len(w.Configs)] }

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
	return Workload{Name: "fixed", Configs: []deflate.Config{deflate.DefaultConfig()}}
}

// Mixed is the seeds' over-capacity workload: twelve configurations (four levels x raw, zlib, gzip), more
// than the pooled variant's eight idle slots. .NET uses memLevel 7 for NoCompression and 8 otherwise.
func Mixed() Workload {
	w := Workload{Name: "mixed"}
	for _, level := range levels {
		memLevel := 8
		if level == 0 {
			memLevel = 7
		}
		for _, bits := range []int{rawBits, zlibBits, gzipBits} {
			w.Configs = append(w.Configs, deflate.Config{Level: level, WindowBits: bits, MemLevel: memLevel, Strategy: deflate.DefaultStrategy})
		}
	}
	return w
}

var all = []func() Workload{Fixed, Mixed}

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

// Valid reports whether name is a workload ByName knows.
func Valid(name string) bool { return slices.Contains(Names(), name) }
