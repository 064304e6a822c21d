package stats

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/deflatelab/deflatelab/matrix"
)

// ModerationMethod is one way a merged run's elapsed-time family is decided, as Options sets it.
type ModerationMethod struct {
	Name        string
	Strata      Strata   // the first prior's strata; zero: one prior over the family (unlike Options)
	AlsoBy      Strata   // also decided under this stratum's prior (Options.AlsoBy; zero: DefaultAlsoBy)
	AlsoByMore  []Strata // ... and under these (Options.AlsoByMore; nil here: none, unlike Options)
	OnePrior    bool     // without AlsoBy's second prior
	Unmoderated bool
	Guard       float64
	Outlier     float64
	Robust      bool // limma's robust prior (FitFDistRobust)
	PooledBelow int  // Options.PooledBelow; zero here: never (unlike Options)
	Agreement   bool
}

func (m ModerationMethod) apply(a *Analysis) {
	a.Strata, a.Unmoderated, a.Guard, a.OutlierGuard, a.AllowSplit = m.Strata, m.Unmoderated, m.Guard, m.Outlier, !m.Agreement
	a.RobustPrior, a.AlsoBy, a.AlsoByMore, a.OnePrior = m.Robust, cmp.Or(m.AlsoBy, DefaultAlsoBy), m.AlsoByMore, m.OnePrior
	a.PooledBelow = cmp.Or(m.PooledBelow, -1)
	a.correct()
}

// ModerationScenario is what a calibration draws on top of the A/A label swaps, in the A/A candidate's
// elapsed time only: Tau, each (cell, instance) its own offset drawn from N(0, Tau) on the log scale (an
// instance x treatment heterogeneity the rest of the family does not share, no mean effect); Effect, a
// known change every A/A cell gets (0.10: 10% slower). Phase, Workload and DOPClass, where set, limit both
// to the A/A cells of that slice, and the scenario's shares count those cells only: heterogeneity that
// only part of a candidate's cells have (a runner whose memory differs shows in mixed, one with fewer
// cores in the contention DOPs), which a prior fitted over more cells dilutes. AllCandidates draws Tau
// in every candidate's cells of the slice, not the A/A candidate's only (each candidate, cell and
// instance its own offset): heterogeneity the whole family shares. OneInstance puts Effect in the A/A
// candidate's first instance (by run name) only: one heterogeneous candidate, whose cost to the other
// candidates' decisions ModerationRate.Others counts.
type ModerationScenario struct {
	Tau, Effect     float64
	Reps            int
	Phase, Workload string
	DOPClass        string // "latency" (DOP within the processors) or "contention" (oversubscribed); "" any
	AllCandidates   bool
	OneInstance     bool
}

// DOP classes as ModerationScenario.DOPClass names them.
const (
	DOPLatency    = "latency"
	DOPContention = "contention"
)

// covers reports whether a cell (its workload, phase, DOP and whether the DOP exceeds the machine's
// processors) lies in sc's slice.
func (sc ModerationScenario) covers(c matrix.Cell, oversubscribed bool) bool {
	class := map[bool]string{false: DOPLatency, true: DOPContention}[oversubscribed]
	return (sc.Phase == "" || c.Phase == sc.Phase) && (sc.Workload == "" || c.Workload == sc.Workload) &&
		(sc.DOPClass == "" || class == sc.DOPClass)
}

// ModerationRate is one method's outcome in one scenario: the share of the A/A cells decided faster and
// slower, mean over the replicates, with the standard error of the decided share.
type ModerationRate struct {
	Scenario        ModerationScenario
	Slower, Faster  float64
	SE              float64
	Nominal         float64 // mean of 1 - the A/A cells' adjusted confidence: the level they are decided at
	AllSlowerShare  float64 // of the replicates, the share in which every A/A cell was decided slower
	HalfSlowerShare float64 // ... and at least half of them
	// Others is the other candidates' elapsed-time comparisons decided faster or slower (every cell, not
	// the slice's), mean over the replicates, with its standard error.
	Others, OthersSE float64
}

// ModerationCalibration is item 3 of issue 34 on a merged run: per method and scenario, the A/A cells'
// decisions.
type ModerationCalibration struct {
	Cells   int // A/A cells of the elapsed-time family
	Methods []ModerationMethod
	Rates   [][]ModerationRate // [method][scenario]
}

// CalibrateModeration draws, for every scenario, Reps replicates of samples with control and matrix.AA
// swapped at random in each (cell, run, round) - the exact A/A null of the run - then the scenario's
// offsets or effect applied to the A/A candidate's elapsed time, analyses each replicate once through
// Analyze and decides its elapsed-time family by every method (re-running the family's correction), and
// counts the A/A cells decided. Replicate i of scenario j draws from PCG(seed, j<<32 | i).
func CalibrateModeration(samples []matrix.Sample, opts Options, methods []ModerationMethod, scenarios []ModerationScenario, seed uint64) (*ModerationCalibration, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	opts.Metrics = []Metric{Elapsed, RegimeMetric}
	type job struct{ scenario, rep int }
	type outcome struct {
		slower, faster, cells, others []int
		nominal                       []float64
	}
	out := make([][]outcome, len(scenarios))
	for j, sc := range scenarios {
		if sc.Reps < 1 {
			return nil, fmt.Errorf("stats: moderation calibration: scenario %d has %d replicates; want 1 or more", j, sc.Reps)
		}
		out[j] = make([]outcome, sc.Reps)
	}
	var mu sync.Mutex
	var firstErr error
	jobs := make(chan job)
	var wg sync.WaitGroup
	for range max(1, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for jb := range jobs {
				sc := scenarios[jb.scenario]
				r := rand.New(rand.NewPCG(seed, uint64(jb.scenario)<<32|uint64(jb.rep)))
				ss := swapAA(samples, opts.Control, r)
				applyScenario(ss, sc, opts.Control, r)
				a, err := Analyze(ss, opts)
				if err != nil {
					mu.Lock()
					firstErr = err
					mu.Unlock()
					continue
				}
				o := outcome{}
				for _, m := range methods {
					m.apply(a)
					var slower, faster, cells, others int
					var nominal float64
					for _, c := range a.Cells {
						for _, d := range c.Deltas {
							if d.Metric == Elapsed.Name && d.Candidate != matrix.AA && (d.Class() == Slower || d.Class() == Faster) {
								others++
							}
						}
						if !sc.covers(c.Cell, c.Oversubscribed()) {
							continue
						}
						if d := c.Delta(matrix.AA, Elapsed.Name); d != nil {
							cells++
							nominal = 1 - d.AdjustedConfidence()
							switch d.Class() {
							case Slower:
								slower++
							case Faster:
								faster++
							}
						}
					}
					o.slower, o.faster, o.cells, o.nominal = append(o.slower, slower), append(o.faster, faster), append(o.cells, cells), append(o.nominal, nominal)
					o.others = append(o.others, others)
				}
				out[jb.scenario][jb.rep] = o
			}
		}()
	}
	for j, sc := range scenarios {
		for i := range sc.Reps {
			jobs <- job{j, i}
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	cal := &ModerationCalibration{Methods: methods, Rates: make([][]ModerationRate, len(methods))}
	for k := range methods {
		for j, sc := range scenarios {
			rate := ModerationRate{Scenario: sc}
			var sum, sum2, osum, osum2 float64
			for _, o := range out[j] {
				x := float64(o.others[k])
				osum, osum2 = osum+x, osum2+x*x
				n := float64(o.cells[k])
				if n == 0 {
					continue
				}
				cal.Cells = o.cells[k]
				s, f := float64(o.slower[k])/n, float64(o.faster[k])/n
				rate.Slower += s / float64(sc.Reps)
				rate.Faster += f / float64(sc.Reps)
				rate.Nominal += o.nominal[k] / float64(sc.Reps)
				sum, sum2 = sum+s+f, sum2+(s+f)*(s+f)
				if o.slower[k] == o.cells[k] {
					rate.AllSlowerShare += 1 / float64(sc.Reps)
				}
				if 2*o.slower[k] >= o.cells[k] {
					rate.HalfSlowerShare += 1 / float64(sc.Reps)
				}
			}
			n := float64(sc.Reps)
			rate.Others = osum / n
			if n > 1 {
				rate.SE = math.Sqrt(math.Max(0, (sum2-sum*sum/n)/(n-1)) / n)
				rate.OthersSE = math.Sqrt(math.Max(0, (osum2-osum*osum/n)/(n-1)) / n)
			}
			cal.Rates[k] = append(cal.Rates[k], rate)
		}
	}
	return cal, nil
}

// swapAA is samples with control's and matrix.AA's labels exchanged in each (cell, run, round) with
// probability 1/2 (each sample keeps its planned position), as LabelSwapNull draws them.
func swapAA(samples []matrix.Sample, control string, r *rand.Rand) []matrix.Sample {
	type key struct {
		cell  matrix.Cell
		run   string
		round int
	}
	flip := map[key]bool{}
	ss := make([]matrix.Sample, len(samples))
	copy(ss, samples)
	for i := range ss {
		s := &ss[i]
		if s.Variant != control && s.Variant != matrix.AA {
			continue
		}
		k := key{s.Cell, s.Run, s.Round}
		f, ok := flip[k]
		if !ok {
			f = r.IntN(2) == 1
			flip[k] = f
		}
		if !f {
			continue
		}
		if s.Variant == matrix.AA {
			s.Variant = control
		} else {
			s.Variant = matrix.AA
		}
	}
	return ss
}

// applyScenario scales the elapsed time of the A/A candidate (of every candidate, with AllCandidates) in
// ss (in place, on copies of the results) by the scenario's effect and its per-(candidate, cell, run)
// offset, in the scenario's slice; with OneInstance, the effect in the first run (by name) only.
func applyScenario(ss []matrix.Sample, sc ModerationScenario, control string, r *rand.Rand) {
	if sc.Tau == 0 && sc.Effect == 0 {
		return
	}
	first := ""
	if sc.OneInstance {
		for _, s := range ss {
			if first == "" || s.Run < first {
				first = s.Run
			}
		}
	}
	type key struct {
		variant string
		cell    matrix.Cell
		run     string
	}
	offsets := map[key]float64{}
	for i := range ss {
		s := &ss[i]
		if s.Result == nil || s.Variant == control || !sc.AllCandidates && s.Variant != matrix.AA ||
			!sc.covers(s.Cell, s.Cell.DOP > s.Result.Env.NumCPU) {
			continue
		}
		k := key{s.Variant, s.Cell, s.Run}
		o, ok := offsets[k]
		if !ok && sc.Tau > 0 {
			o = r.NormFloat64() * sc.Tau
			offsets[k] = o
		}
		effect := sc.Effect
		if s.Variant != matrix.AA || sc.OneInstance && s.Run != first {
			effect = 0
		}
		res := *s.Result
		res.ElapsedNs = int64(math.Round(float64(res.ElapsedNs) * (1 + effect) * math.Exp(o)))
		s.Result = &res
	}
}
