package stats

import (
	"cmp"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/lifetime"
	"golang.org/x/perf/benchmath"
)

// Options configure Analyze. The zero value means: control is "control", 95% intervals, alpha 0.05.
type Options struct {
	Control    string  // the variant every other variant is compared with
	Confidence float64 // of every interval, in (0, 1)
	Alpha      float64 // level of every decision, after the Benjamini-Hochberg correction, in (0, 1)
	// EquivMargin is the practical-equivalence margin of Delta.Class, a fraction in [0, 1); 0 means
	// DefaultEquivMargin.
	EquivMargin float64
	// LifetimeMethod is how Lifetimes computes its intervals: lifetime.SignFlip (the zero value), or the
	// percentile bootstrap it replaced, for comparison (lab aanull -lifetime-method bootstrap).
	LifetimeMethod lifetime.Method
	// Strata is how the moderated between-instance variance of a merged run's comparisons is pooled
	// (Moderated): the zero value means DefaultStrata, a prior per candidate. The family's one prior
	// (Strata's zero) is for calibration, set on an Analysis as ModerationMethod does. Unmoderated fits
	// none: each comparison's instances decide on their own variance (t on K-1 degrees of freedom), for
	// calibration.
	// Guard, in (0, 1), leaves a comparison whose instances are heterogeneous (Cochran's Q p-value below
	// Guard) on its own variance; OutlierGuard, in (0, 1), one whose instances' variance is an outlier of
	// the prior (moderateFamily); 0: no guard. RobustPrior fits each prior as limma's squeezeVar(robust =
	// TRUE) does (FitFDistRobust): Winsorised, with a prior df per comparison that shrinks for an outlying
	// variance.
	Strata Strata
	// AlsoBy moderates each comparison a second time, with its stratum's prior under AlsoBy, and keeps
	// the combination with the larger p-value (moderateFamily): a comparison is decided only if both
	// priors decide it. The zero value means DefaultAlsoBy (each candidate's in its phase); OnePrior, or
	// AlsoBy equal to Strata, leaves the second prior out (for calibration).
	AlsoBy Strata
	// AlsoByMore are further strata whose priors every comparison must also be decided under, as
	// AlsoBy's (the largest of the p-values decides); nil means DefaultAlsoByMore, an empty slice none.
	// OnePrior leaves them out too.
	AlsoByMore []Strata
	// PooledBelow decides each comparison of a stratum of fewer comparisons than it also on the stratum's
	// pooled variance (moderateFamily); 0 means DefaultPooledBelow, a negative value never.
	PooledBelow  int
	OnePrior     bool
	Unmoderated  bool
	Guard        float64
	OutlierGuard float64
	RobustPrior  bool
	// AllowSplit lets a merged run's comparison be named faster or slower when an instance's estimate
	// points the other way (Instances.Split), for calibration; by default it is not.
	AllowSplit bool
	// Metrics limits the metrics analysed (nil: every one of Metrics); a limited analysis is for
	// recomputing a few families many times (LabelSwapNull), never for a report.
	Metrics []Metric
}

// metrics is the metrics an analysis with o computes.
func (o Options) metrics() []Metric {
	if o.Metrics == nil {
		return Metrics
	}
	return o.Metrics
}

// The defaults are benchstat's: 95% intervals and alpha = benchmath.DefaultThresholds.CompareAlpha.
const (
	DefaultControl    = "control"
	DefaultConfidence = 0.95
)

func (o Options) withDefaults() (Options, error) {
	if o.Control == "" {
		o.Control = DefaultControl
	}
	if o.Confidence == 0 {
		o.Confidence = DefaultConfidence
	}
	if o.Alpha == 0 {
		o.Alpha = benchmath.DefaultThresholds.CompareAlpha
	}
	if !(o.Confidence > 0 && o.Confidence < 1) {
		return o, fmt.Errorf("stats: Confidence %v: must be between 0 and 1 exclusive", o.Confidence)
	}
	if o.Strata == 0 {
		o.Strata = DefaultStrata
	}
	if o.AlsoBy == 0 {
		o.AlsoBy = DefaultAlsoBy
	}
	if o.AlsoByMore == nil {
		o.AlsoByMore = DefaultAlsoByMore()
	}
	if o.PooledBelow == 0 {
		o.PooledBelow = DefaultPooledBelow
	}
	if o.EquivMargin == 0 {
		o.EquivMargin = DefaultEquivMargin
	}
	if !(o.EquivMargin > 0 && o.EquivMargin < 1) {
		return o, fmt.Errorf("stats: EquivMargin %v: must be a fraction in [0, 1), 0 for the default", o.EquivMargin)
	}
	if !(o.Alpha > 0 && o.Alpha < 1) {
		return o, fmt.Errorf("stats: Alpha %v: must be between 0 and 1 exclusive", o.Alpha)
	}
	return o, nil
}

// Analysis is every cell of one or more results files, analysed.
type Analysis struct {
	Options
	Cells []*Cell // ordered by platform, backend, workload, DOP, phase
	// Priors is, per metric family, the moderated priors its comparisons were fitted with (nil for a
	// family of one instance), by stratum name.
	Priors map[string][]StratumPrior
}

// Cell is one cell's statistics. Variants lists control first, then the candidates by name; Deltas holds
// one Delta per candidate and metric.
type Cell struct {
	matrix.Cell
	Ops []int // distinct measured operation counts among usable samples, ascending
	// Processors is the most processors (host.Env.NumCPU) any usable sample saw; 0 when none says.
	Processors int
	Rounds     int    // distinct rounds (run, round index) seen, whatever their outcome
	RefBytes   int64  // reference output: every variant must produce these bytes...
	RefDigest  string // ...with this digest; empty when no sample succeeded
	Variants   []*Variant
	Deltas     []*Delta
	// Closing is what the runner recorded of the cell's rounds (run.json), nil for runs without it.
	Closing *Closing
}

// Oversubscribed reports whether the cell ran more workers than its machine had processors: its time per
// operation is then throughput (wall time per operation across DOP workers on Processors processors),
// not the latency of one operation.
func (c *Cell) Oversubscribed() bool { return c.Processors > 0 && c.DOP > c.Processors }

// RoundID names a round: its index within the cell, in one run. Results of several runs of the same
// platform may be analysed together; their rounds are distinct and never paired across runs.
type RoundID struct {
	Run   string
	Round int
}

func (r RoundID) less(o RoundID) bool {
	return cmp.Or(strings.Compare(r.Run, o.Run), cmp.Compare(r.Round, o.Round)) < 0
}

// sortedRounds lists a variant's rounds in order.
func sortedRounds(m map[RoundID]matrix.Sample) []RoundID {
	out := make([]RoundID, 0, len(m))
	for r := range m {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].less(out[j]) })
	return out
}

// Variant is one variant's samples in one cell.
type Variant struct {
	Name string
	Integrity
	Metrics map[string]Estimate // by Metric.Name, over the usable samples
	Regimes Regimes             // speed regimes of RegimeMetric over the usable rounds, in round order

	byRound map[RoundID]matrix.Sample // usable samples by run and round (the first, if a round repeats)
}

// Variant returns the named variant's statistics, or nil.
func (c *Cell) Variant(name string) *Variant {
	for _, v := range c.Variants {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// Delta returns the comparison of candidate with control on metric, or nil.
func (c *Cell) Delta(candidate, metric string) *Delta {
	for _, d := range c.Deltas {
		if d.Candidate == candidate && d.Metric == metric {
			return d
		}
	}
	return nil
}

// Candidates lists the cell's non-control variants in order.
func (c *Cell) Candidates(control string) []string {
	var out []string
	for _, v := range c.Variants {
		if v.Name != control {
			out = append(out, v.Name)
		}
	}
	return out
}

// Analyze groups samples into cells and computes every Estimate and Delta. It never drops a sample
// silently: failed and mismatched samples are counted in each Variant's Integrity.
func Analyze(samples []matrix.Sample, opts Options) (*Analysis, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	th := &benchmath.Thresholds{CompareAlpha: opts.Alpha}
	byCell := map[matrix.Cell][]matrix.Sample{}
	for _, s := range samples {
		byCell[s.Cell] = append(byCell[s.Cell], s)
	}
	a := &Analysis{Options: opts}
	for cell, ss := range byCell {
		a.Cells = append(a.Cells, analyzeCell(cell, ss, opts, th))
	}
	sort.Slice(a.Cells, func(i, j int) bool { return cellLess(a.Cells[i].Cell, a.Cells[j].Cell) })
	a.correct()
	return a, nil
}

// lacks reports whether v has usable samples but none of them has m: a counter the OS, the variant (no
// pool, no handoffs) or an older host does not give. A variant without usable samples does not "lack" a
// metric; its deltas say it has no samples.
func (v *Variant) lacks(m Metric) bool { return v.Used > 0 && v.Metrics[m.Name].Empty() }

func cellLess(a, b matrix.Cell) bool {
	return cmp.Or(strings.Compare(a.Platform, b.Platform), strings.Compare(a.Backend, b.Backend),
		strings.Compare(a.Workload, b.Workload), cmp.Compare(a.DOP, b.DOP), strings.Compare(a.Phase, b.Phase)) < 0
}

func analyzeCell(cell matrix.Cell, samples []matrix.Sample, opts Options, th *benchmath.Thresholds) *Cell {
	c := &Cell{Cell: cell}
	ref, _ := reference(samples, opts.Control)
	c.RefBytes, c.RefDigest = ref.Bytes, ref.Digest

	byVariant := map[string][]matrix.Sample{}
	rounds := map[RoundID]bool{}
	ops := map[int]bool{}
	for _, s := range samples {
		byVariant[s.Variant] = append(byVariant[s.Variant], s)
		rounds[RoundID{s.Run, s.Round}] = true
	}
	c.Rounds = len(rounds)
	names := make([]string, 0, len(byVariant))
	for n := range byVariant {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if (names[i] == opts.Control) != (names[j] == opts.Control) {
			return names[i] == opts.Control
		}
		return CompareNames(names[i], names[j]) < 0
	})
	for _, name := range names {
		ss := byVariant[name]
		sort.SliceStable(ss, func(i, j int) bool { return RoundID{ss[i].Run, ss[i].Round}.less(RoundID{ss[j].Run, ss[j].Round}) })
		v := &Variant{Name: name, Integrity: count(ss, ref), Metrics: map[string]Estimate{}, byRound: map[RoundID]matrix.Sample{}}
		for _, s := range ss {
			if !usable(s, ref) {
				continue
			}
			ops[s.Result.Ops] = true
			c.Processors = max(c.Processors, s.Result.Env.NumCPU)
			if id := (RoundID{s.Run, s.Round}); v.byRound[id].Result == nil {
				v.byRound[id] = s
			}
		}
		for _, m := range opts.metrics() {
			var vals []float64
			for _, s := range ss {
				if usable(s, ref) {
					if x := m.Value(s.Result); !math.IsNaN(x) { // absent: not a value
						vals = append(vals, x)
					}
				}
			}
			v.Metrics[m.Name] = estimate(vals, opts.Confidence, th)
		}
		v.Regimes = detectRegimes(v)
		c.Variants = append(c.Variants, v)
	}
	for n := range ops {
		c.Ops = append(c.Ops, n)
	}
	sort.Ints(c.Ops)

	control := c.Variant(opts.Control)
	if control == nil {
		return c
	}
	for _, v := range c.Variants[1:] {
		for _, m := range opts.metrics() {
			if control.lacks(m) || v.lacks(m) {
				continue // an absent counter: nothing to compare, and no delta to carry into a family
			}
			d := compare(control, v, m, opts.Confidence, opts.EquivMargin, th)
			d.Unstable = unstablePair(control, v, d)
			c.Deltas = append(c.Deltas, d)
		}
	}
	return c
}
