package matrix

import (
	"math"
	"slices"

	"github.com/deflatelab/deflatelab/matrix/sequential"
)

// DefaultAdaptive is the adaptive stopping lab bench -adaptive asks for: batches of one foldover pair,
// a 5% false discovery rate per family, and the sequential package's mixture precision.
var DefaultAdaptive = Adaptive{Batch: foldoverBatch, Alpha: sequential.DefaultRule.Alpha, Precision: sequential.DefaultPrecision}

// sequentialPolicy is adaptive stopping: after each batch every comparison of the plan (each candidate
// against control in each cell, on elapsed time) is decided by the sequential rule over the whole
// family, and a cell closes when all of its comparisons are decided, or at the plan's Rounds (the cap).
type sequentialPolicy struct {
	rule       sequential.Rule
	batch, cap int
	control    string
	candidates []string
}

func newSequentialPolicy(plan Plan) *sequentialPolicy {
	a := plan.Adaptive
	s := &sequentialPolicy{
		rule:  sequential.Rule{Alpha: a.Alpha, Margin: plan.Margin(), Precision: a.Precision, Correction: a.Correction, MaxN: plan.Rounds},
		batch: a.Batch, cap: plan.Rounds, control: ControlOf(plan.Variants),
	}
	for _, v := range plan.Variants {
		if v != s.control {
			s.candidates = append(s.candidates, v)
		}
	}
	return s
}

// ControlOf is the variant every candidate is compared with: "control" when planned, else the first.
func ControlOf(variants []string) string {
	if slices.Contains(variants, "control") {
		return "control"
	}
	return variants[0]
}

func (s *sequentialPolicy) Batch(c *CellProgress) int { return min(s.batch, max(s.cap-c.Rounds, 1)) }
func (s *sequentialPolicy) Rule() string              { return s.rule.String() }

func (s *sequentialPolicy) Decide(cells []*CellProgress) {
	var family [][]float64
	for _, c := range cells {
		for _, k := range s.candidates {
			family = append(family, LogRatios(c.Samples, s.control, k, c.Rounds))
		}
	}
	ds := s.rule.Decide(family)
	for i, c := range cells {
		c.Classes = map[string]string{}
		running, decided := []string{}, true
		for j, k := range s.candidates {
			d := ds[i*len(s.candidates)+j]
			c.Classes[k] = d.Class
			decided = decided && d.Class != sequential.Undecided
			if c.Runs(k) && d.Class == sequential.Undecided && !d.Futile {
				running = append(running, k)
			}
		}
		if c.ClosedBy != "" {
			continue
		}
		c.Running = running
		switch {
		case len(running) > 0 && c.Rounds < s.cap:
		case decided:
			c.ClosedBy, c.Base = ClosedDecided, c.Rounds
		case len(running) == 0:
			c.ClosedBy, c.Base = ClosedFutile, c.Rounds
		default:
			c.ClosedBy, c.Base = ClosedCap, c.Rounds
		}
	}
}

// LogRatios is the per-round elapsed-time log ratios ln(candidate/control) of a cell's first rounds
// rounds, in round order: the paired effects the sequential rule decides on. A round in which either
// side failed, or took no time, gives none.
func LogRatios(samples []Sample, control, candidate string, rounds int) []float64 {
	ctl, cand := make([]float64, rounds), make([]float64, rounds)
	for _, s := range samples {
		if !s.OK || s.Result == nil || s.Result.ElapsedNs <= 0 || s.Round >= rounds {
			continue
		}
		switch s.Variant {
		case control:
			ctl[s.Round] = float64(s.Result.ElapsedNs)
		case candidate:
			cand[s.Round] = float64(s.Result.ElapsedNs)
		}
	}
	var out []float64
	for r := range rounds {
		if ctl[r] > 0 && cand[r] > 0 {
			out = append(out, math.Log(cand[r]/ctl[r]))
		}
	}
	return out
}
