package stats

import (
	"fmt"
	"hash/fnv"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/lifetime"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// Lifetime is the steady-state and lifetime-cost analysis of one cold cell (platform, backend,
// workload, DOP) at a DOP within its machines' processors: each usable cold sample segmented and
// classified (matrix/lifetime), and each candidate's lifetime cost against control's, paired by round,
// with the same round's warm sample as the level beyond the cold series.
type Lifetime struct {
	matrix.Cell      // the cold cell
	Processors  int  // the most processors among its samples' machines
	Exact       bool // every series carried exact first operations (else bins only)
	Steady      map[string]lifetime.Summary
	Processes   map[string][]lifetime.Steady // per variant, by round order
	Comparisons map[string]*lifetime.Comparison
	Idle        map[string]Idle // per variant
	Warm        map[string]int  // per variant: rounds whose warm sample set the level beyond
	// Unstable names the variants, with the phase, whose rounds ran at two speeds (Variant.Regimes) in
	// the cold cell or the warm cell whose level it extrapolates with, e.g. "pooled/8 warm": a lifetime
	// built on them mixes two machines' states, and a decision must not name a winner from it.
	Unstable []string
	// Family is the multiple-comparison family its ratios' intervals were adjusted in (every lifetime
	// of the analysis shares one).
	Family RatioFamily
	// Instances holds, when the cell's rounds come from two or more runner instances (runs), each
	// candidate's comparison within each run; the candidate's ratios in Comparisons are then their
	// moderated combination (lifetimeCombination), wherever two instances have an interval.
	Instances map[string]map[string]*lifetime.Comparison

	procs  map[string][]lifetime.Process      // per variant, for candidate-vs-candidate comparisons
	rounds []RoundID                          // lifetime.Process.Round indexes these
	method lifetime.Method                    // of the analysis' intervals
	versus map[[2]string]*lifetime.Comparison // Versus's comparisons, made once
	// pending is each candidate's per-instance log ratios at every lifetime two or more instances
	// measured, until moderateLifetimes combines them over the family.
	pending []instanceRatios
}

// RatioFamily is the family of lifetime ratios an analysis adjusts together, as correct does its
// elapsed-time deltas: Ratios with an interval, of which Benjamini-Hochberg over their bootstrap
// p-values selects Selected at the analysis' alpha, and every interval recomputed at Confidence = 1 -
// max(Selected, 1) * alpha / Ratios (Benjamini and Yekutieli's false-coverage-rate level), so that a
// selected ratio's interval excludes 1 and another's holds it.
type RatioFamily struct {
	Ratios, Selected int
	Confidence       float64
}

// Idle is what a variant's processes keep idle at the end of their measured region (the pool's
// states), median over usable samples: cold is the first 3,000 operations' end, warm the long run's.
type Idle struct {
	Capacity   int
	Cold, Warm float64
}

// LifetimeOmitted is a cold cell without a lifetime analysis: why (Why), and the figures that reason
// names. Invariants: Processors > 0 only for AboveProcessors (then below Cell.DOP); Variant, Round and Err
// are set only for MalformedSample.
type LifetimeOmitted struct {
	matrix.Cell
	Why        Omission
	Processors int     // the machine's processors, fewer than the cell's DOP
	Variant    string  // the malformed sample's variant
	Round      RoundID // and round
	Err        error   // what is wrong with its timeline
}

// Omission is why a cold cell has no lifetime analysis.
type Omission int

const (
	NoTimeline      Omission = iota + 1 // the results carry no per-operation timeline (hosts before it was recorded)
	AboveProcessors                     // the DOP is above the processors: durations include waiting for a core
	MalformedSample                     // one sample's timeline cannot be read: the cell is left out, not the report
	NoControlSample                     // no usable control sample to compare with
)

// Lifetimes analyses every cold cell of a at a DOP within the processors of its samples' machines
// (beyond, an operation's duration holds its wait for a core). Cells left out are listed with why.
func (a *Analysis) Lifetimes() ([]*Lifetime, []LifetimeOmitted, error) {
	var out []*Lifetime
	var omitted []LifetimeOmitted
	for _, c := range a.Cells {
		if c.Phase != hostresult.Cold {
			continue
		}
		l, why, err := a.lifetime(c)
		switch {
		case err != nil:
			return nil, nil, fmt.Errorf("%s %s %s DOP %d: %w", c.Platform, c.Backend, c.Workload, c.DOP, err)
		case why.Why != 0:
			why.Cell = c.Cell
			omitted = append(omitted, why)
		default:
			out = append(out, l)
		}
	}
	a.moderateLifetimes(out)
	a.correctLifetimes(out)
	return out, omitted, nil
}

// correctLifetimes adjusts every ratio of ls as one family (RatioFamily). Without it, the page's dozens
// of 95% intervals would exclude 1 for several A/A ratios by chance alone.
func (a *Analysis) correctLifetimes(ls []*Lifetime) {
	var ps []float64
	for _, l := range ls {
		for _, c := range l.Comparisons {
			for _, r := range c.Ratios {
				if !math.IsNaN(r.P) {
					ps = append(ps, r.P)
				}
			}
		}
	}
	f := RatioFamily{Ratios: len(ps), Confidence: lifetime.Confidence}
	if len(ps) > 0 {
		for _, p := range BenjaminiHochberg(ps) {
			if p <= a.Alpha {
				f.Selected++
			}
		}
		f.Confidence = 1 - float64(max(f.Selected, 1))*a.Alpha/float64(len(ps))
	}
	for _, l := range ls {
		l.Family = f
		for _, c := range l.Comparisons {
			c.Readjust(f.Confidence)
		}
	}
}

// lifetime analyses cold cell c, or says why it cannot (a LifetimeOmitted whose Why is set, its Cell left
// to the caller).
func (a *Analysis) lifetime(c *Cell) (*Lifetime, LifetimeOmitted, error) {
	var none LifetimeOmitted
	l := &Lifetime{Cell: c.Cell, Exact: true, Steady: map[string]lifetime.Summary{}, Processes: map[string][]lifetime.Steady{},
		Comparisons: map[string]*lifetime.Comparison{}, Idle: map[string]Idle{}, Warm: map[string]int{}}
	timeline := false
	for _, v := range c.Variants {
		for _, s := range v.byRound {
			l.Processors = max(l.Processors, s.Result.Env.NumCPU)
			timeline = timeline || len(s.Result.TimelineNs) > 0
		}
	}
	if !timeline {
		return nil, LifetimeOmitted{Why: NoTimeline}, nil
	}
	if l.Processors > 0 && c.DOP > l.Processors {
		return nil, LifetimeOmitted{Why: AboveProcessors, Processors: l.Processors}, nil
	}
	warm := cellOfPhase(a, c.Cell, hostresult.Warm)
	procs := map[string][]lifetime.Process{}
	// A process's Round is its round's place among every round of the cell, so that control and a
	// candidate pair by round even when one of them lacks a round (a failed sample).
	index := map[RoundID]int{}
	for _, v := range c.Variants {
		for id := range v.byRound {
			index[id] = 0
		}
	}
	all := slices.SortedFunc(maps.Keys(index), compareRounds)
	for i, id := range all {
		index[id] = i
	}
	l.rounds = all
	for _, v := range c.Variants {
		ids := slices.SortedFunc(maps.Keys(v.byRound), compareRounds)
		var steadies []lifetime.Steady
		for _, id := range ids {
			i := index[id]
			r := v.byRound[id].Result
			s, exact, err := SeriesOf(r)
			if err != nil { // one malformed sample leaves this cell out, named, not the whole report
				return nil, LifetimeOmitted{Why: MalformedSample, Variant: v.Name, Round: id, Err: err}, nil
			}
			if len(s.Points) == 0 {
				return nil, LifetimeOmitted{Why: NoTimeline}, nil
			}
			l.Exact = l.Exact && exact
			// A workload's operations cycle through its configurations (operation i uses
			// Configs[i%n]): the steady state is found on per-cycle means, so that the mixed
			// workload's level 0 and level 9 operations are not taken for a change over time
			// (lifetime.Series.Cycled). The lifetime cost keeps every operation.
			st, err := lifetime.Classify(s.Cycled(configsOf(r.Workload)))
			if err != nil {
				return nil, none, err
			}
			steadies = append(steadies, st)
			p := lifetime.Process{Round: i, Cold: s}
			if w := warm.variantRound(v.Name, id); w != nil {
				if p.WarmNs = timelinePerOp(w); p.WarmNs > 0 {
					l.Warm[v.Name]++
				}
			}
			procs[v.Name] = append(procs[v.Name], p)
		}
		if v.Regimes.Flagged {
			l.Unstable = append(l.Unstable, v.Name+" "+hostresult.Cold)
		}
		if w := warm.variant(v.Name); w != nil && w.Regimes.Flagged {
			l.Unstable = append(l.Unstable, v.Name+" "+hostresult.Warm)
		}
		l.Processes[v.Name] = steadies
		l.Steady[v.Name] = lifetime.Summarize(steadies)
		l.Idle[v.Name] = Idle{Capacity: capacityOf(v), Cold: v.Metrics[IdleBytes.Name].Center, Warm: math.NaN()}
		if w := warm.variant(v.Name); w != nil {
			l.Idle[v.Name] = Idle{Capacity: capacityOf(v), Cold: v.Metrics[IdleBytes.Name].Center, Warm: w.Metrics[IdleBytes.Name].Center}
		}
	}
	if len(procs[a.Control]) == 0 {
		return nil, LifetimeOmitted{Why: NoControlSample}, nil
	}
	l.procs, l.method, l.versus = procs, a.LifetimeMethod, map[[2]string]*lifetime.Comparison{}
	// In name order: the moderated lifetime prior (moderateLifetimes) sums over the ratios in the order
	// recorded here, and map order made cells.json's last digits differ between two renderings.
	for _, name := range slices.Sorted(maps.Keys(procs)) {
		ps := procs[name]
		if name == a.Control {
			continue
		}
		cmp, err := lifetime.CompareMethod(procs[a.Control], ps, seedOf(c.Cell, name), a.LifetimeMethod)
		if err != nil {
			return nil, none, fmt.Errorf("%s: %w", name, err)
		}
		l.Comparisons[name] = cmp
		if err := l.combineInstances(a.Control, name, cmp); err != nil {
			return nil, none, fmt.Errorf("%s: %w", name, err)
		}
	}
	return l, none, nil
}

// compareRounds orders rounds as RoundID.less does.
func compareRounds(x, y RoundID) int {
	if x.less(y) {
		return -1
	}
	if y.less(x) {
		return 1
	}
	return 0
}

// SeriesOf is a sample's per-operation series: each worker's exact first operations when the result
// carries them, then the timeline's log2 bins. exact says whether it had exact operations; a result
// without a timeline gives an empty series.
func SeriesOf(r *hostresult.Result) (s lifetime.Series, exact bool, err error) {
	if len(r.TimelineNs) == 0 {
		return lifetime.Series{}, false, nil
	}
	var bins []lifetime.Bin
	for k, ns := range r.TimelineNs {
		first, last := hostresult.BinRange(k)
		if last = min(last, r.Ops); last < first {
			break
		}
		bins = append(bins, lifetime.Bin{First: first, Last: last, SumNs: ns})
	}
	exactOps := r.FirstOpsNs
	s, err = lifetime.NewSeries(exactOps, bins, r.Ops)
	return s, len(exactOps) > 0, err
}

// timelinePerOp is a warm sample's mean operation duration from its timeline (the same measure as the
// cold series: summed operation durations, not wall time), or 0 without one.
func timelinePerOp(r *hostresult.Result) float64 {
	var sum int64
	for _, ns := range r.TimelineNs {
		sum += ns
	}
	if sum <= 0 || r.Ops < 1 {
		return 0
	}
	return float64(sum) / float64(r.Ops)
}

// seedOf makes each comparison's bootstrap seed from its cell and candidate: deterministic, and
// different between comparisons so that their resamples are not the same draws.
func seedOf(c matrix.Cell, candidate string) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%s|%d|%s", c.Platform, c.Backend, c.Workload, c.DOP, candidate)
	return h.Sum64()
}

// cellOfPhase is a's cell like c in phase, or nil.
func cellOfPhase(a *Analysis, c matrix.Cell, phase string) *Cell {
	c.Phase = phase
	for _, x := range a.Cells {
		if x.Cell == c {
			return x
		}
	}
	return nil
}

func (c *Cell) variant(name string) *Variant {
	if c == nil {
		return nil
	}
	return c.Variant(name)
}

func (c *Cell) variantRound(name string, id RoundID) *hostresult.Result {
	v := c.variant(name)
	if v == nil {
		return nil
	}
	return v.byRound[id].Result
}

func capacityOf(v *Variant) int {
	for _, s := range v.byRound {
		return s.Result.PoolCapacity
	}
	return 0
}

// Decide is lifetime.Decide at lifetime n over the candidates whose rounds were stable in both phases,
// less the A/A control (matrix.AA).
// It withholds the decision (ok false) when control's rounds were not, or when no stable candidate is
// left: unstable lists why, the Unstable entries ("control warm") of control or of the cell; left lists
// the unstable candidates kept out of the ranking.
func (l *Lifetime) Decide(control string, n int) (d lifetime.Decision, left, unstable []string, ok bool) {
	unstableOf := func(name string) []string {
		var out []string
		for _, u := range l.Unstable {
			if strings.HasPrefix(u, name+" ") {
				out = append(out, u)
			}
		}
		return out
	}
	if u := unstableOf(control); len(u) > 0 {
		return d, nil, u, false
	}
	stable := map[string]*lifetime.Comparison{}
	for name, c := range l.Comparisons {
		if name == matrix.AA {
			continue // the A/A control is control itself: never a choice, and never "the closest candidate"
		}
		if len(unstableOf(name)) > 0 {
			left = append(left, name)
			continue
		}
		stable[name] = c
	}
	slices.SortFunc(left, CompareNames)
	if len(stable) == 0 && len(left) > 0 {
		return d, left, l.Unstable, false
	}
	for _, ch := range l.CapacityChoices(stable, n) {
		for _, name := range ch.Capacities {
			if name != ch.Chosen {
				delete(stable, name)
			}
		}
	}
	d, ok = lifetime.Decide(control, stable, n)
	return d, left, nil, ok
}

// configsOf is the number of configurations workload name cycles through (1 when it is unknown).
func configsOf(name string) int {
	if w, err := workload.ByName(name); err == nil {
		return len(w.Configs)
	}
	return 1
}
