package matrix

import (
	"fmt"
	"slices"

	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// Plan is a whole experiment on one platform: every variant, in every cell (workload x DOP x phase x
// backend), for Rounds rounds. Within a round each variant runs once, in the order Order gives.
type Plan struct {
	Profile   string   `json:"profile"`
	Platform  string   `json:"platform"` // goos/goarch the hosts run on
	Variants  []string `json:"variants"` // candidates: host variants, or pooled/N (see ParseCandidate)
	Workloads []string `json:"workloads"`
	DOPs      []int    `json:"dops"`
	Phases    []string `json:"phases"`
	Backends  []string `json:"backends"` // allocator names as the hosts know them
	Rounds    int      `json:"rounds"`

	Order string `json:"order"` // rotate or shuffle
	Seed  uint64 `json:"seed"`  // shuffle's seed, recorded so that a plan can be replayed

	ColdOps int `json:"coldOps"`
	WarmOps int `json:"warmOps"`
	Warmup  int `json:"warmup"`

	PayloadSeed   int64   `json:"payloadSeed"`
	PayloadSize   int     `json:"payloadSize"`
	PayloadRandom float64 `json:"payloadRandom"`
	ForceSplit    bool    `json:"forceSplit,omitempty"`
	// ZlibNG is the zlib-ng generation whose deflate the hosts' engine reproduces ("2.2.5" or "2.2.2", as
	// deflate.Generation spells it; host -zlibng). Empty in plans recorded before the field: those ran
	// 2.2.2, the only generation then (Generation, LegacyZlibNG).
	ZlibNG Generation `json:"zlibng,omitempty"`

	// EquivMargin is the practical-equivalence margin of the report's verdicts and of adaptive stopping, a
	// fraction of control's time (0.02: a change within +-2% counts as no change); 0 means the default,
	// DefaultEquivMargin (= stats.DefaultEquivMargin).
	EquivMargin float64 `json:"equivMargin,omitempty"`
	// Adaptive, when set, makes Rounds a cap: rounds run in batches and a cell closes as soon as every
	// comparison in it is decided (see Adaptive). Nil is the fixed design: every cell takes Rounds.
	Adaptive *Adaptive `json:"adaptive,omitempty"`
	// Resample, when set, gives cells the regime detector flags unstable extra rounds after their own.
	Resample *Resample `json:"resample,omitempty"`
	// Pairing is how a round's two processes run: Alternating (one after the other; "" in plans recorded
	// before the field) or Duet (at once, each on processors of its own, where the cell allows it).
	Pairing string `json:"pairing,omitempty"`
	// Service records the background of the plan's service workload (workload.BackgroundOf): its seed,
	// population, size mix and churn, which the hosts take from the workload's definition. Nil when the
	// plan has no such workload, and in plans recorded before it.
	Service *workload.Background `json:"service,omitempty"`
	// Layouts, when set, are the link layout seeds every candidate rotates through across rounds
	// (RotationLayouts; -layouts N): round r runs each candidate without a layout of its own in seed
	// Layouts[r mod N], aa in Layouts[(r+1) mod N] (RoundLayout). Nil: each candidate keeps one host, as
	// every plan recorded before the field did.
	Layouts []int64 `json:"layouts,omitempty"`
}

// DefaultEquivMargin is the equivalence margin when a plan gives none, for the runner's adaptive stopping
// and (as stats.DefaultEquivMargin) the report's verdicts: +-2% (docs/METHOD.md, "Verdicts: faster,
// slower, equivalent, inconclusive").
const DefaultEquivMargin = 0.02

// Margin is the plan's equivalence margin, DefaultEquivMargin when unset.
func (p Plan) Margin() float64 {
	if p.EquivMargin == 0 {
		return DefaultEquivMargin
	}
	return p.EquivMargin
}

// Orders within a round.
const (
	Rotate  = "rotate"  // a balanced Latin square (Williams design), see rotation
	Shuffle = "shuffle" // a random permutation per round, from Seed
)

// Job is one sample to take: variant's Position-th run in Round of Cell.
type Job struct {
	Cell     Cell
	Round    int
	Position int
	Variant  string
}

// Validate names the first bad dimension, its value and what is allowed. It reads candidates by their
// form and does not check backends against the hosts: which host variants and backends exist is the
// runner's to ask (runner.ValidatePlan, the hosts' -describe), so that a recorded plan can be read by a
// build that no longer links one of its variants.
func (p Plan) Validate() error {
	if err := CheckCandidates(p.Variants); err != nil {
		return err
	}
	if err := CheckNames("workload", p.Workloads, workload.Names()); err != nil {
		return err
	}
	if err := CheckNames("phase", p.Phases, hostresult.Phases()); err != nil {
		return err
	}
	if err := CheckDOPs(p.DOPs); err != nil {
		return err
	}
	if len(p.Backends) == 0 {
		return fmt.Errorf("matrix: no backends; give at least one")
	}
	switch {
	case p.Rounds < 1 || p.Rounds > MaxRounds:
		return fmt.Errorf("matrix: rounds %d is outside 1..%d (MaxRounds: the full profile takes 12)", p.Rounds, MaxRounds)
	case p.ColdOps > MaxOps || p.WarmOps > MaxOps || p.Warmup > MaxOps:
		return fmt.Errorf("matrix: cold ops %d, warm ops %d, warmup %d: each at most %d (MaxOps: a sample of that many operations takes about a minute)", p.ColdOps, p.WarmOps, p.Warmup, MaxOps)
	case p.Order != Rotate && p.Order != Shuffle:
		return fmt.Errorf("matrix: order %q is not one of [%s %s]", p.Order, Rotate, Shuffle)
	case p.ColdOps < 1 || p.WarmOps < 1:
		return fmt.Errorf("matrix: cold ops %d and warm ops %d must both be >= 1", p.ColdOps, p.WarmOps)
	case p.Warmup < 0:
		return fmt.Errorf("matrix: warmup %d is negative", p.Warmup)
	case !(p.EquivMargin >= 0 && p.EquivMargin < 1):
		return fmt.Errorf("matrix: equivalence margin %v: want a fraction in [0, 1), 0 for the default", p.EquivMargin)
	}
	if !(p.EquivMargin >= 0 && p.EquivMargin < 1) {
		return fmt.Errorf("matrix: equivMargin %v: want a fraction in [0, 1) (0.02 is -+2%%; 0 the default)", p.EquivMargin)
	}
	if err := CheckPairing(p.Pairing); err != nil {
		return err
	}
	if err := p.Adaptive.validate(); err != nil {
		return err
	}
	if p.Adaptive != nil && p.Rounds%p.Adaptive.Batch != 0 {
		return fmt.Errorf("matrix: rounds %d with adaptive batches of %d: the cap must be a whole number of batches, so that the last batch is order-balanced too (give -rounds %d)",
			p.Rounds, p.Adaptive.Batch, (p.Rounds/p.Adaptive.Batch+1)*p.Adaptive.Batch)
	}
	if err := p.Resample.validate(); err != nil {
		return err
	}
	if err := CheckRotation(p.Layouts, p.Rounds); err != nil {
		return err
	}
	if err := CheckZlibNG(p.ZlibNG); err != nil {
		return err
	}
	if p.Service != nil {
		if err := p.Service.Validate(); err != nil {
			return err
		}
	}
	_, err := workload.Payload(p.PayloadSeed, p.PayloadSize, p.PayloadRandom)
	return err
}

// Upper bounds of a plan, checked before anything runs or is written: past them a run would take days
// or exhaust memory, never finish usefully.
const (
	// MaxRounds bounds rounds per cell: 1,000 rounds of the full profile's 48 cells of 6 variants are
	// 288,000 samples, weeks of runner time.
	MaxRounds = 1000
	// MaxOps bounds a sample's measured (and warm-up) operations: 1,000,000 operations of 20-60 us each
	// are 20-60 s, beyond which a sample outlasts the profiles' per-sample timeouts anyway.
	MaxOps = 1_000_000
)

// Control is the variant every candidate is compared with: a plan without it has no verdict to give.
const Control = "control"

// CheckCandidates refuses an empty list, a name ParseCandidate refuses, a name given twice and a list
// without Control. It reads the names' form only: the runner checks them against the hosts
// (runner.CheckCandidates).
func CheckCandidates(vs []string) error {
	if len(vs) == 0 {
		return fmt.Errorf("matrix: no variants; allowed: host variants, %s, or %s/N for a pool capacity", AA, Pooled)
	}
	for i, v := range vs {
		if _, _, err := ParseCandidate(v); err != nil {
			return err
		}
		if slices.Contains(vs[:i], v) {
			return fmt.Errorf("matrix: variant %q given twice", v)
		}
	}
	if !slices.Contains(vs, Control) {
		return fmt.Errorf("matrix: the variants %v have no %s; every candidate is measured against %s, so a plan needs it (add %s)", vs, Control, Control, Control)
	}
	return nil
}

// CheckNames refuses an empty list, a name not in allowed and a name given twice, naming what is
// allowed.
func CheckNames(what string, got, allowed []string) error {
	if len(got) == 0 {
		return fmt.Errorf("matrix: no %ss; allowed: %v", what, allowed)
	}
	for i, g := range got {
		if !slices.Contains(allowed, g) {
			return fmt.Errorf("matrix: unknown %s %q; allowed: %v", what, g, allowed)
		}
		if slices.Contains(got[:i], g) {
			return fmt.Errorf("matrix: %s %q given twice", what, g)
		}
	}
	return nil
}

// Period is the number of rounds after which the plan's order is balanced (see RoundOrder): each
// variant in each position equally often and, for Rotate, after each other variant equally often -
// the Williams design's period, n rounds for an even number n of variants and 2n for an odd one. 1 for
// Shuffle, whose balance is only in expectation.
func (p Plan) Period() int {
	if n := len(p.Variants); p.Order == Rotate && n >= 2 {
		return RotationPeriod(n)
	}
	return 1
}

// Warnings are what is legal in p but weakens it: rounds that are not a whole number of the order's
// periods leave some variant more often first (the period for 5 candidates and control is 6; 12 rounds
// are two, 10 are not). The smoke profile measures nothing, so its balance is moot and not warned of.
// An adaptive plan's foldover pairs are balanced by themselves.
func (p Plan) Warnings() []string {
	var out []string
	if k := p.Period(); p.Adaptive == nil && p.Profile != "smoke" && k > 1 && p.Rounds%k != 0 {
		out = append(out, fmt.Sprintf("%d rounds are not a multiple of %d, the balanced order's period for %d variants: positions and carry-over are balanced only over whole periods (give -rounds %d or %d)",
			p.Rounds, k, len(p.Variants), max(k, p.Rounds/k*k), (p.Rounds/k+1)*k))
	}
	return out
}

// Cells lists the plan's cells: workloads, then phases, then DOPs, then backends, each in the plan's order.
func (p Plan) Cells() []Cell {
	var cells []Cell
	for _, w := range p.Workloads {
		for _, ph := range p.Phases {
			for _, d := range p.DOPs {
				for _, b := range p.Backends {
					cells = append(cells, Cell{Platform: p.Platform, Workload: w, DOP: d, Phase: ph, Backend: b})
				}
			}
		}
	}
	return cells
}

// Jobs lists cell's samples in the order they run: round by round, each round in its variant order.
func (p Plan) Jobs(cellIndex int, cell Cell) []Job {
	return p.JobsBetween(cellIndex, cell, 0, p.Rounds, nil)
}

// JobsBetween lists cell's samples of rounds from..to-1: of control and the candidates runs accepts (nil: all),
// each round in its variant order with the others left out. Position stays the variant's place in the
// round's whole order, so that the order any two variants ran in can be read from their positions, and
// a screen of the results finds each sample where the plan puts it.
func (p Plan) JobsBetween(cellIndex int, cell Cell, from, to int, runs func(string) bool) []Job {
	control := ControlOf(p.Variants)
	JobsBetween := make([]Job, 0, (to-from)*len(p.Variants))
	for r := from; r < to; r++ {
		for pos, v := range p.RoundOrder(cellIndex, r) {
			if v != control && runs != nil && !runs(v) {
				continue
			}
			JobsBetween = append(JobsBetween, Job{Cell: cell, Round: r, Position: pos, Variant: v})
		}
	}
	return JobsBetween
}

// Samples is the number of samples the plan takes: at most that many for an adaptive plan, and at least
// that many when unstable cells are re-sampled.
func (p Plan) Samples() int { return len(p.Cells()) * p.Rounds * len(p.Variants) }

// Ops is the measured and warm-up operation counts of a phase.
func (p Plan) Ops(phase string) (ops, warmup int) {
	if phase == hostresult.Warm {
		return p.WarmOps, p.Warmup
	}
	return p.ColdOps, 0
}

// CheckDOPs refuses an empty list, a DOP outside 1..MaxDOP and a DOP given twice.
func CheckDOPs(dops []int) error {
	if len(dops) == 0 {
		return fmt.Errorf("matrix: no DOPs; give at least one, each >= 1")
	}
	for i, d := range dops {
		if d < 1 || d > hostresult.MaxDOP {
			return fmt.Errorf("matrix: DOP %d is outside 1..%d (the bound keeps a host's native memory near 350 MiB)", d, hostresult.MaxDOP)
		}
		if slices.Contains(dops[:i], d) {
			return fmt.Errorf("matrix: DOP %d given twice; each DOP is one set of cells", d)
		}
	}
	return nil
}
