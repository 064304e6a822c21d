package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/host"
)

// writeResults writes samples as a results file in a fresh folder and returns its path.
func writeResults(t *testing.T, samples []matrix.Sample) string {
	t.Helper()
	var b strings.Builder
	for _, s := range samples {
		line, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(line, '\n'))
	}
	p := filepath.Join(t.TempDir(), "samples.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestDegenerateInputs renders results that leave charts and tables empty: every sample failed, only
// control, a single sample. Each must render without error and say what is missing.
func TestDegenerateInputs(t *testing.T) {
	cell := matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: 1, Phase: "cold", Backend: "libc"}
	ok := func(variant string, round int) matrix.Sample {
		return matrix.Sample{Run: "r", Cell: cell, Variant: variant, Round: round, OK: true,
			Result: &host.Result{Ops: 10, ElapsedNs: 1e6, OutputBytes: 5, Digest: "d"}}
	}
	failed := func(variant string, round int) matrix.Sample {
		return matrix.Sample{Run: "r", Cell: cell, Variant: variant, Round: round, Error: "boom"}
	}
	for _, tc := range []struct {
		name    string
		samples []matrix.Sample
		want    []string
	}{
		{"all failed", []matrix.Sample{failed("control", 0), failed("pooled", 0)}, []string{"2 failed", "no samples", "no successful sample"}},
		{"control only", []matrix.Sample{ok("control", 0), ok("control", 1)}, []string{"## Verdicts", "n=2, no CI"}},
		{"one pair", []matrix.Sample{ok("control", 0), ok("pooled", 0)}, []string{"(1 pairs, no CI)"}},
		{"candidate only", []matrix.Sample{ok("pooled", 0)}, []string{"Data quality"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			path, err := Render(Options{In: []string{writeResults(t, tc.samples)}, Out: out, Name: "x"})
			if err != nil {
				t.Fatal(err)
			}
			page, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(page), w) {
					t.Errorf("report lacks %q", w)
				}
			}
		})
	}
}
