package stats

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
)

// PairNoises' SD is the per-pair log ratio's, the pairs took runner time, and the detectable change is
// DetectableZ SDs over sqrt(pairs).
func TestPairNoises(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ss := simulate(rng, nestedTruth{Round: 0.05, Process: 0.04, PerOp: 3}, 1, 12, 3000)
	a, err := Analyze(ss, Options{Metrics: []Metric{Elapsed}})
	if err != nil {
		t.Fatal(err)
	}
	ps := a.PairNoises()
	if len(ps) != 3*3 { // three cells, three candidates
		t.Fatalf("%d comparisons, want 9", len(ps))
	}
	for _, p := range ps {
		var logs []float64
		for r := range 12 {
			var c, x matrix.Sample
			for _, s := range ss {
				if s.Cell == p.Cell && s.Round == r {
					switch s.Variant {
					case "control":
						c = s
					case p.Candidate:
						x = s
					}
				}
			}
			logs = append(logs, logTime(x.Result)-logTime(c.Result))
		}
		sd := math.Sqrt(sumSq(logs) / 11)
		if p.Pairs != 12 || math.Abs(p.SD-sd) > 1e-9 || p.Seconds <= 0 {
			t.Errorf("%v %s: %d pairs, SD %v (want 12, %v), %v s", p.Cell, p.Candidate, p.Pairs, p.SD, sd, p.Seconds)
		}
		if d := p.Detectable(); math.Abs(d-DetectableZ*sd/math.Sqrt(12)) > 1e-9 {
			t.Errorf("detectable %v", d)
		}
	}
}
