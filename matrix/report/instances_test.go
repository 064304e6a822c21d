package report

import (
	"math"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/host"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// TestInstancesSection: two runner instances whose candidate effects point opposite ways are shown per
// instance and named as disagreeing; a single instance writes nothing.
func TestInstancesSection(t *testing.T) {
	cell := matrix.Cell{Platform: "linux/amd64", Backend: "libc", Workload: "fixed", DOP: 1, Phase: "warm"}
	var samples []matrix.Sample
	for i, run := range []string{"r1", "r2"} {
		effect := []float64{0.95, 1.05}[i]
		for round := range 12 {
			jitter := 1 + 0.002*float64(round%5)
			for pos, v := range []string{"control", "pooled/8"} {
				ms := 20.0 * jitter
				if v != "control" {
					ms *= effect * (1 + 0.001*float64(round%3))
				}
				samples = append(samples, matrix.Sample{Run: run, Cell: cell, Variant: v, Round: round, Position: pos, OK: true,
					Result: &host.Result{Variant: v, Ops: 1000, ElapsedNs: int64(math.Round(ms * 1e6)), OutputBytes: 1, Digest: "d"}})
			}
		}
	}
	a, err := stats.Analyze(samples, stats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	writeInstances(&b, &model{Analysis: a})
	out := b.String()
	for _, want := range []string{"## Runner instances", "2 runner instances", "r1: -5", "faster", "r2: +5", "slower", "**instances disagree**", "K 2"} {
		if !strings.Contains(out, want) {
			t.Errorf("section lacks %q:\n%s", want, out)
		}
	}
	one, _ := stats.Analyze(samples[:24], stats.Options{})
	b.Reset()
	writeInstances(&b, &model{Analysis: one})
	if b.Len() != 0 {
		t.Errorf("one instance wrote %q", b.String())
	}
}
