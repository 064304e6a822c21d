package stats

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/deflatelab/deflatelab/matrix"
)

// The families a label-swap calibration measures, in the order Calibration lists them.
const (
	FamilyElapsed   = "elapsed"
	FamilyLifetime  = "lifetime"
	FamilyBreakEven = "break-even"
)

// DefaultSwaps is how many label swaps a report measures its A/A null with: each costs one analysis of the
// elapsed-time and lifetime families (about a second for a full profile), and 20 put the mean exclusion
// rate of a family within a few points of the expectation - enough to flag a family several times its
// level, which is what the flag is for; `lab aanull -swaps N` measures more precisely.
const DefaultSwaps = 20

// Calibration is the A/A label-swap null of a run (LabelSwapNull): how often, with the labels of control
// and the A/A control swapped at random in each (cell, round) - they are the same host, so every swap is
// an equally likely outcome of the same run - each family would name A/A differences, against the level
// its intervals state.
type Calibration struct {
	Swaps    int
	Seed     uint64
	Families []FamilyCalibration // FamilyElapsed, FamilyLifetime, FamilyBreakEven; a family without A/A comparisons is left out
}

// FamilyCalibration is one family's label-swap exclusion rate.
//
// Invariants: len(Named) == Swaps; 0 <= Rate <= 1; Exceeds == (Rate - ExceedsSE*SE > Nominal).
type FamilyCalibration struct {
	Family      string
	Comparisons int   // A/A comparisons of the family in the real run (cells, ratios or break-evens)
	Observed    int   // of which the real run names (AANamed)
	Named       []int // per swap
	// Rate is the mean over the swaps of Named/Comparisons (each swap's own count of comparisons), and SE
	// its standard error over the swaps.
	Rate, SE float64
	// Nominal is the share of A/A comparisons the family's intervals allow to exclude no change: one minus
	// the confidence the page states for them (the selection-adjusted level) in the real run.
	Nominal float64
	// Exceeds: the family names more A/A differences than its level allows, beyond the swaps' own
	// Monte Carlo error (Rate more than ExceedsSE standard errors above Nominal).
	Exceeds bool
}

// ExceedsSE is how many standard errors of the swaps' mean a family's rate must lie above its nominal
// level to be flagged: a method that is exact under the label swaps (the signed-rank and sign-flip
// intervals are) reads above its level in about half of all finite sets of swaps, by chance alone; two
// standard errors keep that to a few percent, while the bootstrap intervals this replaced (7.8% +- 1.2
// against 3.2% over 40 swaps of the committed run) are flagged.
const ExceedsSE = 2

// Family returns the named family's calibration, or false.
func (c *Calibration) Family(name string) (FamilyCalibration, bool) {
	if c == nil {
		return FamilyCalibration{}, false
	}
	for _, f := range c.Families {
		if f.Family == name {
			return f, true
		}
	}
	return FamilyCalibration{}, false
}

// Exceeds lists the families whose exclusion rate is above their nominal level.
func (c *Calibration) Exceeds() []FamilyCalibration {
	var out []FamilyCalibration
	if c == nil {
		return out
	}
	for _, f := range c.Families {
		if f.Exceeds {
			out = append(out, f)
		}
	}
	return out
}

// calibrationMetrics are the metrics the families need: elapsed time (its family), time per operation
// (the regime detector) and idle bytes (the lifetime's idle memory).
var calibrationMetrics = []Metric{Elapsed, ElapsedPerOp, IdleBytes}

// LabelSwapNull measures the A/A label-swap null of samples (one report's measured samples, and the
// manifests of their runs): swaps times, in every (cell, run, round) independently with probability
// 1/2, the labels of control and matrix.AA are swapped (each sample keeps its planned position), and the
// elapsed-time and lifetime families are recomputed through Analyze, ApplyRuns, Lifetimes and AANamed,
// the functions the report itself uses. seed makes it reproducible (swap i draws from PCG(seed, i)). It
// returns nil when the samples hold no A/A control.
func LabelSwapNull(samples []matrix.Sample, manifests []*matrix.Manifest, opts Options, swaps int, seed uint64) (*Calibration, error) {
	return LabelSwapNullStyle(samples, manifests, opts, swaps, seed, PositionsKept)
}

// SwapStyle is how a label swap exchanges control's and matrix.AA's samples of a (cell, run, round).
type SwapStyle uint8

const (
	// PositionsKept swaps the labels: each measurement keeps its record (planned position, start, build),
	// as LabelSwapNull always has.
	PositionsKept SwapStyle = iota
	// PositionsWithLabels exchanges the measurements (outcome, wall time, result) and leaves the records
	// - labels, planned positions, starts - where they are, as the outside swap internal/aaswap does: the
	// position a measurement is recorded at follows its new label.
	PositionsWithLabels
)

// String names the style as lab aanull -swap-style takes it.
func (s SwapStyle) String() string {
	if s == PositionsWithLabels {
		return "outside"
	}
	return "kept"
}

// LabelSwapNullStyle is LabelSwapNull with the swaps drawn in style.
func LabelSwapNullStyle(samples []matrix.Sample, manifests []*matrix.Manifest, opts Options, swaps int, seed uint64, style SwapStyle) (*Calibration, error) {
	if swaps < 1 {
		return nil, fmt.Errorf("stats: label-swap null: %d swaps; want 1 or more", swaps)
	}
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	opts.Metrics = calibrationMetrics
	type key struct {
		cell  matrix.Cell
		run   string
		round int
	}
	var keys []key
	index := map[key]int{}
	hasAA := false
	for _, s := range samples {
		if s.Variant != opts.Control && s.Variant != matrix.AA {
			continue
		}
		hasAA = hasAA || s.Variant == matrix.AA
		k := key{s.Cell, s.Run, s.Round}
		if _, ok := index[k]; !ok {
			index[k] = len(keys)
			keys = append(keys, k)
		}
	}
	if !hasAA {
		return nil, nil
	}
	named := func(ss []matrix.Sample) (AANamed, *Analysis, []*Lifetime, error) {
		a, err := Analyze(ss, opts)
		if err != nil {
			return AANamed{}, nil, nil, err
		}
		a.ApplyRuns(manifests)
		ls, _, err := a.Lifetimes()
		if err != nil {
			return AANamed{}, nil, nil, err
		}
		return a.AANamed(ls), a, ls, nil
	}
	real, a, ls, err := named(samples)
	if err != nil {
		return nil, err
	}
	cal := &Calibration{Swaps: swaps, Seed: seed}
	elapsed := FamilyCalibration{Family: FamilyElapsed, Comparisons: real.ElapsedCells, Observed: len(real.Elapsed), Nominal: 1 - DefaultConfidence}
	for _, c := range a.Cells {
		if d := c.Delta(matrix.AA, Elapsed.Name); d != nil {
			elapsed.Nominal = 1 - d.AdjustedConfidence()
			break
		}
	}
	lifeNominal := 1 - DefaultConfidence
	if len(ls) > 0 {
		lifeNominal = 1 - ls[0].Family.Confidence
	}
	life := FamilyCalibration{Family: FamilyLifetime, Comparisons: real.Ratios, Observed: real.LifetimeNamed(), Nominal: lifeNominal}
	breakEven := FamilyCalibration{Family: FamilyBreakEven, Comparisons: real.BreakEvens, Observed: len(real.BreakEven), Nominal: lifeNominal}

	results := make([]AANamed, swaps)
	errs := make([]error, swaps)
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(1, min(runtime.GOMAXPROCS(0), swaps)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r := rand.New(rand.NewPCG(seed, uint64(i)))
				flip := make([]bool, len(keys))
				for j := range flip {
					flip[j] = r.IntN(2) == 1
				}
				ss := make([]matrix.Sample, len(samples))
				copy(ss, samples)
				if style == PositionsWithLabels {
					exchangeMeasurements(ss, opts.Control, func(k matrix.Cell, run string, round int) bool {
						return flip[index[key{k, run, round}]]
					})
					results[i], _, _, errs[i] = named(ss)
					continue
				}
				for j := range ss {
					s := &ss[j]
					if s.Variant != opts.Control && s.Variant != matrix.AA || !flip[index[key{s.Cell, s.Run, s.Round}]] {
						continue
					}
					if s.Variant == matrix.AA {
						s.Variant = opts.Control
					} else {
						s.Variant = matrix.AA
					}
				}
				results[i], _, _, errs[i] = named(ss)
			}
		}()
	}
	for i := range swaps {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, r := range results {
		if errs[i] != nil {
			return nil, fmt.Errorf("stats: label swap %d: %w", i, errs[i])
		}
		elapsed.Named = append(elapsed.Named, len(r.Elapsed))
		life.Named = append(life.Named, r.LifetimeNamed())
		breakEven.Named = append(breakEven.Named, len(r.BreakEven))
		elapsed.addShare(len(r.Elapsed), r.ElapsedCells)
		life.addShare(r.LifetimeNamed(), r.Ratios)
		breakEven.addShare(len(r.BreakEven), r.BreakEvens)
	}
	for _, f := range []*FamilyCalibration{&elapsed, &life, &breakEven} {
		if f.Comparisons == 0 {
			continue
		}
		f.finish()
		cal.Families = append(cal.Families, *f)
	}
	return cal, nil
}

// addShare accumulates one swap's share in Rate (a sum until finish) and SE (a sum of squares).
func (f *FamilyCalibration) addShare(named, of int) {
	if of == 0 {
		return
	}
	x := float64(named) / float64(of)
	f.Rate += x
	f.SE += x * x
}

// finish turns the sums of addShare into the mean and its standard error over the swaps.
func (f *FamilyCalibration) finish() {
	n := float64(len(f.Named))
	mean := f.Rate / n
	variance := 0.0
	if n > 1 {
		variance = math.Max(0, (f.SE-n*mean*mean)/(n-1))
	}
	f.Rate, f.SE = mean, math.Sqrt(variance/n)
	f.Exceeds = f.Rate-ExceedsSE*f.SE > f.Nominal
}

// exchangeMeasurements exchanges, in every (cell, run, round) flip says, the measurements of control's and
// matrix.AA's samples (their outcome, wall time, result), in place: the records stay, so each measurement
// takes the other's planned position and start (SwapStyle PositionsWithLabels). A round missing either
// sample is left alone.
func exchangeMeasurements(ss []matrix.Sample, control string, flip func(matrix.Cell, string, int) bool) {
	type key struct {
		cell  matrix.Cell
		run   string
		round int
	}
	pairs := map[key][2]int{}
	for j, s := range ss {
		if s.Variant != control && s.Variant != matrix.AA {
			continue
		}
		k := key{s.Cell, s.Run, s.Round}
		p, ok := pairs[k]
		if !ok {
			p = [2]int{-1, -1}
		}
		if i := map[bool]int{true: 0, false: 1}[s.Variant == control]; p[i] < 0 || ss[p[i]].Attempt <= s.Attempt {
			p[i] = j // the latest attempt stands for the record, as Screen keeps it
		}
		pairs[k] = p
	}
	for k, p := range pairs {
		if p[0] < 0 || p[1] < 0 || !flip(k.cell, k.run, k.round) {
			continue
		}
		c, a := &ss[p[0]], &ss[p[1]]
		c.OK, a.OK = a.OK, c.OK
		c.Error, a.Error = a.Error, c.Error
		c.ExitStatus, a.ExitStatus = a.ExitStatus, c.ExitStatus
		c.StderrTail, a.StderrTail = a.StderrTail, c.StderrTail
		c.WallNs, a.WallNs = a.WallNs, c.WallNs
		c.Result, a.Result = a.Result, c.Result
	}
}
