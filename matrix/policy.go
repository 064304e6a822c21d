package matrix

import (
	"fmt"
	"math"
	"slices"

	"github.com/deflatelab/deflatelab/matrix/sequential"
)

// Policy decides, after each batch of rounds, which cells take more rounds and why the others closed.
// The runner runs every open cell's next batch (Batch rounds, in foldover pairs when the plan is
// adaptive or the rounds are extra: see Plan.RoundOrder), then calls Decide with every cell's progress;
// a cell whose ClosedBy Decide sets takes no more rounds. The fixed design, adaptive stopping and the
// re-sampling of unstable cells are policies of this one mechanism (see NewPolicy).
type Policy interface {
	// Batch is how many rounds the cell takes next, given its progress (>= 1). It must depend only on
	// c.Rounds and c.Base, so that a resumed run finds the batches it was in.
	Batch(c *CellProgress) int
	// Decide sets ClosedBy (and Base) on the open cells that take no more rounds. cells holds every cell
	// of the plan, in plan order, closed ones included: a decision may rest on all of them (a family's
	// correction for multiple comparisons).
	Decide(cells []*CellProgress)
	// Rule describes the stopping rule for run.json and the report; empty for the fixed design.
	Rule() string
}

// CellProgress is one cell's state during a run.
type CellProgress struct {
	Index   int
	Cell    Cell
	Rounds  int      // rounds the cell took (control ran in each)
	Samples []Sample // the cell's samples, in the order they ran
	// Running lists the candidates that take the cell's next rounds, beside control; nil means every
	// candidate. A candidate whose comparison is decided (or out of reach) stops early, so its pairs can
	// be fewer than the cell's rounds.
	Running []string
	// Base is the round count at which the cell's own rule closed it; rounds after it are extra rounds of
	// re-sampling. 0 while the own rule keeps it open.
	Base     int
	Batches  []Batch  // the rounds scheduled so far and the candidates each ran (Schedule)
	ClosedBy string   // why the cell took no more rounds; "" while open
	Unstable []string // candidates whose comparison the regime detector flagged at the last decision
	// Classes are the comparisons' states under an adaptive rule, by candidate: faster, slower,
	// equivalent, or "" while undecided; nil without one.
	Classes map[string]string
}

// Runs reports whether candidate v takes the cell's next rounds.
func (c *CellProgress) Runs(v string) bool { return c.Running == nil || slices.Contains(c.Running, v) }

// Reasons a cell closed, as run.json and cells.json record them.
const (
	ClosedPlanned     = "planned"      // took the plan's rounds (the fixed design)
	ClosedDecided     = "decided"      // adaptive: every comparison decided before the cap
	ClosedFutile      = "futile"       // adaptive: every comparison decided or out of reach by the cap
	ClosedCap         = "cap"          // adaptive: the round cap came first; some comparison undecided
	ClosedStable      = "resampled"    // flagged unstable, and its extra rounds made it stable
	ClosedUnstableCap = "unstable-cap" // still unstable after the most extra rounds allowed
	foldoverBatch     = 2              // a row and its reverse: the smallest batch balanced on its own
)

// Adaptive is a plan's adaptive stopping: the sequential rule's settings (matrix/sequential).
type Adaptive struct {
	Batch     int     `json:"batch"`     // rounds per batch, even (foldover pairs)
	Alpha     float64 `json:"alpha"`     // false discovery rate of each family of comparisons
	Precision float64 `json:"precision"` // the confidence sequence's mixture precision c
	// Correction over each family: "BY" (Benjamini-Yekutieli) or "BH" (Benjamini-Hochberg); see
	// sequential.Rule. Empty is BY.
	Correction string `json:"correction,omitempty"`
}

func (a *Adaptive) validate() error {
	switch {
	case a == nil:
		return nil
	case a.Batch < 2 || a.Batch%2 != 0:
		return fmt.Errorf("matrix: adaptive batch %d: want an even number of rounds >= 2 (foldover pairs keep each batch order-balanced)", a.Batch)
	case !(a.Alpha > 0 && a.Alpha < 1):
		return fmt.Errorf("matrix: adaptive alpha %v: want a level between 0 and 1 exclusive", a.Alpha)
	case !(a.Precision > 0) || math.IsInf(a.Precision, 0):
		return fmt.Errorf("matrix: adaptive precision %v: want a positive finite number", a.Precision)
	case a.Correction != "" && a.Correction != sequential.BY && a.Correction != sequential.BH:
		return fmt.Errorf("matrix: adaptive correction %q: allowed: %s, %s", a.Correction, sequential.BY, sequential.BH)
	}
	return nil
}

// Resample is a plan's re-sampling of unstable cells.
type Resample struct {
	MaxExtra int `json:"maxExtra"` // extra rounds per cell at most, even
}

func (r *Resample) validate() error {
	if r != nil && (r.MaxExtra < 2 || r.MaxExtra%2 != 0 || r.MaxExtra > MaxRounds) {
		return fmt.Errorf("matrix: resample maxExtra %d: want an even number of rounds, 2..%d (foldover pairs; MaxRounds)", r.MaxExtra, MaxRounds)
	}
	return nil
}

// RoundCap is the most rounds any cell of p can take: the runner's guard against a policy that never
// closes a cell.
func (p Plan) RoundCap() int {
	if p.Resample != nil {
		return p.Rounds + p.Resample.MaxExtra
	}
	return p.Rounds
}

// NewPolicy is the policy plan asks for: the fixed design or adaptive stopping, with the re-sampling of
// unstable cells on top when the plan has Resample. unstable is the regime detector (a variant's
// per-round values in round order -> flagged); nil turns re-sampling off.
func NewPolicy(plan Plan, unstable func(values []float64) bool) Policy {
	var p Policy = fixedPolicy{plan.Rounds}
	if plan.Adaptive != nil {
		p = newSequentialPolicy(plan)
	}
	if plan.Resample != nil && unstable != nil {
		p = &resamplePolicy{inner: p, unstable: unstable, maxExtra: plan.Resample.MaxExtra, variants: plan.Variants}
	}
	return p
}

// fixedPolicy is the fixed design: every cell takes the plan's rounds in one batch.
type fixedPolicy struct{ rounds int }

func (f fixedPolicy) Batch(c *CellProgress) int { return f.rounds }
func (f fixedPolicy) Rule() string              { return "" }
func (f fixedPolicy) Decide(cells []*CellProgress) {
	for _, c := range cells {
		if c.ClosedBy == "" && c.Rounds >= f.rounds {
			c.ClosedBy, c.Base = ClosedPlanned, c.Rounds
		}
	}
}
