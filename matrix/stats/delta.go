package stats

import (
	"fmt"
	"math"
	"sort"

	"github.com/deflatelab/deflatelab/matrix/sequential"
	"golang.org/x/perf/benchmath"
)

// Pair is one round's candidate and control samples of a cell: the paired effect of the candidate.
type Pair struct {
	RoundID
	Control        float64
	Candidate      float64
	Ratio          float64 // Candidate / Control
	CandidateFirst bool    // the candidate ran before control in this round (order balancing)
}

// Delta compares a candidate with control on one metric in one cell:
//   - Log is the Wilcoxon signed-rank analysis of the per-round log ratios ln(candidate/control): its
//     Hodges-Lehmann estimate and interval are the size of the effect, Percent gives them as a percentage,
//     and its p-value is the paired test;
//   - Ratio is the plain median of the per-round ratios (with benchmath's order-statistic interval), a
//     secondary figure;
//   - Test is benchmath.AssumeNothing.Compare of the two sets of usable samples: the Mann-Whitney U test,
//     unpaired, as benchstat computes it, a secondary figure.
//
// The decision test is the signed-rank test when the pairs are enough for an interval (6 at 95%: fewer
// can never reach significance), else the U test (which can, from 4 samples a side); P returns its
// p-value and PAdjusted its Benjamini-Hochberg adjustment over every delta of the same metric in the
// analysis. Significant compares PAdjusted with the analysis' alpha.
type Delta struct {
	Candidate   string
	Metric      string
	Test        benchmath.Comparison
	Pairs       []Pair     // by round
	Unpaired    int        // rounds in which only one side has a usable sample, or has the metric (an absent counter)
	Undefined   int        // pairs left out of Ratio and Log because control's value is 0 (ratio undefined)
	NoLog       int        // pairs left out of Log only because the candidate's value is 0 (ratio 0, no log)
	Ratio       Estimate   // of Pairs[i].Ratio
	Log         SignedRank // of ln(Pairs[i].Ratio)
	MedianRatio float64    // candidate median / control median (unpaired; NaN when undefined)
	PAdjusted   float64    // P() adjusted over the analysis' deltas of this metric; NaN before Analyze sets it
	Family      int        // how many tests PAdjusted was adjusted over
	Selected    int        // how many of them the correction selected (significant); set with PAdjusted
	// Adjusted is Log's analysis again at the selection-adjusted confidence 1 - max(Selected, 1) *
	// alpha / Family (Benjamini and Yekutieli's false-coverage-rate intervals, which match the
	// Benjamini-Hochberg selection: a selected delta's interval excludes 0, another's contains it). Before
	// Analyze sets it, it is Log.
	Adjusted SignedRank
	// Unstable is set when control or the candidate shows speed regimes in this cell (Variant.Regimes):
	// the rounds measured two machine or process states, not one effect, so the delta is never
	// Significant, and its Class is Unstable.
	Unstable bool
	// Sequential is the adaptive stopping rule's decision, set (by Analysis.ApplyRuns) on the elapsed-time
	// deltas of an adaptive run: the rounds stopped when the data said so, so the fixed analysis' p-value
	// and interval are not valid there, and Class reads this instead.
	Sequential *sequential.Decision
	// Instances is set when the pairs come from two or more runner instances (distinct Sample.Run, a merged
	// folder): each instance's own analysis and their moderated combination, which P, Percent,
	// AdjustedPercent, Direction and Class read once two instances have an interval. Nil for one instance.
	Instances *Instances
	alpha     float64
	margin    float64   // equivalence margin, a fraction; 0: DefaultEquivMargin
	logs      []float64 // the log ratios Log was computed from, for Adjusted
}

// Paired reports whether the decision is the paired one: the log ratios have a finite interval.
func (d *Delta) Paired() bool { return !d.Log.Thin() }

// HasPairs reports whether at least one pair has a defined log ratio, so that Percent has an estimate.
func (d *Delta) HasPairs() bool { return d.Log.N+d.Log.Zeros > 0 }

// Thin reports whether the paired estimate has no interval (too few pairs, or none).
func (d *Delta) Thin() bool { return d.Log.Thin() }

// P is the decision test's uncorrected two-sided p-value: the signed-rank test's when Paired, else the U test's (1 when a side has no usable sample).
func (d *Delta) P() float64 {
	if d.Instances.Decides() {
		return d.Instances.Moderated.P()
	}
	if d.Paired() {
		return d.Log.P
	}
	if d.Test.N1 == 0 || d.Test.N2 == 0 {
		return 1
	}
	return d.Test.P
}

// USignificant reports whether the U test, uncorrected, rejects "same distribution" at the analysis' alpha.
func (d *Delta) USignificant() bool {
	return d.Test.N1 > 0 && d.Test.N2 > 0 && d.Test.P <= d.Test.Alpha
}

// Significant reports whether the decision test rejects "no change" after the correction for multiple
// comparisons (uncorrected when the delta was made outside Analyze), and the cell is not Unstable. In an
// adaptive run the decision is the stopping rule's (Sequential): faster or slower.
func (d *Delta) Significant() bool {
	if d.Unstable || (d.Instances != nil && d.Instances.Disagree) {
		return false
	}
	if s := d.Sequential; s != nil {
		return s.Class == sequential.Faster || s.Class == sequential.Slower
	}
	p := d.PAdjusted
	if math.IsNaN(p) {
		p = d.P()
	}
	return p <= d.alpha
}

// Direction is -1 when the candidate is below control, +1 above, 0 equal or undefined: by the
// Hodges-Lehmann estimate when there are pairs, else by the ratio of the medians.
func (d *Delta) Direction() int {
	r := d.MedianRatio
	if d.Instances.Decides() {
		r = math.Exp(d.Instances.Moderated.Estimate)
	} else if d.Log.N > 0 {
		r = math.Exp(d.Log.Estimate)
	} else if d.HasPairs() {
		r = 1 // every pair equal
	}
	switch {
	case r < 1:
		return -1
	case r > 1:
		return +1
	}
	return 0
}

// Percent returns the Hodges-Lehmann estimate of the paired ratio as a percentage change (ratio 0.56 is
// -44%) with its interval; NaN without pairs, infinite bounds without an interval.
func (d *Delta) Percent() (center, lo, hi float64) {
	if !d.HasPairs() {
		return math.NaN(), math.Inf(-1), math.Inf(1)
	}
	if d.Instances.Decides() {
		re := d.Instances.Moderated
		lo, hi := re.Interval(DefaultConfidence)
		return pct(math.Exp(re.Estimate)), pct(math.Exp(lo)), pct(math.Exp(hi))
	}
	if d.Log.N == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	return pct(math.Exp(d.Log.Estimate)), pct(math.Exp(d.Log.Lo)), pct(math.Exp(d.Log.Hi))
}

// logEstimate is the log-ratio estimate the delta's figures read: the instances' combination when it
// decides, else the Hodges-Lehmann estimate of the pairs.
func (d *Delta) logEstimate() float64 {
	if d.Instances.Decides() {
		return d.Instances.Moderated.Estimate
	}
	return d.Log.Estimate
}

// adjustedLog is the selection-adjusted interval on the log scale the class is read from: the instances'
// combination at the adjusted level when it decides, else Adjusted's; ok is false without an interval.
func (d *Delta) adjustedLog() (lo, hi float64, ok bool) {
	if d.Instances.Decides() {
		lo, hi = d.Instances.Moderated.Interval(d.AdjustedConfidence())
		return lo, hi, true
	}
	if !d.Paired() || d.Adjusted.Thin() {
		return 0, 0, false
	}
	return d.Adjusted.Lo, d.Adjusted.Hi, true
}

// AdjustedPercent is Percent with the selection-adjusted interval (Adjusted): the interval every table
// prints, the one the verdicts are read from; in an adaptive run (Sequential set), the stopping rule's
// mean and its adjusted confidence-sequence interval instead.
func (d *Delta) AdjustedPercent() (center, lo, hi float64) {
	if s := d.Sequential; s != nil { // an adaptive run decides on its confidence sequence: show that
		return pct(math.Exp(s.Mean)), pct(math.Exp(s.Lo)), pct(math.Exp(s.Hi))
	}
	c, lo, hi := d.Percent()
	if d.Instances.Decides() {
		l, h, _ := d.adjustedLog()
		return c, pct(math.Exp(l)), pct(math.Exp(h))
	}
	if d.Log.N == 0 {
		return c, lo, hi
	}
	if d.Adjusted.Thin() {
		return c, math.Inf(-1), math.Inf(1)
	}
	return c, pct(math.Exp(d.Adjusted.Lo)), pct(math.Exp(d.Adjusted.Hi))
}

// AdjustedConfidence is the confidence level of Adjusted's interval as requested (the exact interval's
// achieved level may be higher).
func (d *Delta) AdjustedConfidence() float64 {
	if d.Family == 0 {
		return 1 - d.alpha
	}
	return 1 - float64(max(d.Selected, 1))*d.alpha/float64(d.Family)
}

// Alpha is the false discovery rate the delta's decision is taken at.
func (d *Delta) Alpha() float64 { return d.alpha }

// Margin is the equivalence margin the delta's Class uses, a fraction.
func (d *Delta) Margin() float64 {
	if d.margin == 0 {
		return DefaultEquivMargin
	}
	return d.margin
}

func pct(ratio float64) float64 { return (ratio - 1) * 100 }

func compare(control, cand *Variant, m Metric, confidence, margin float64, th *benchmath.Thresholds) *Delta {
	d := &Delta{Candidate: cand.Name, Metric: m.Name, MedianRatio: math.NaN(), PAdjusted: math.NaN(), alpha: th.CompareAlpha, margin: margin}
	ce, ke := control.Metrics[m.Name], cand.Metrics[m.Name]
	if ce.Empty() || ke.Empty() {
		d.Test = benchmath.Comparison{P: 1, N1: ce.N, N2: ke.N, Alpha: th.CompareAlpha,
			Warnings: []error{fmt.Errorf("no usable samples of %s", map[bool]string{true: control.Name, false: cand.Name}[ce.Empty()])}}
	} else {
		d.Test = benchmath.AssumeNothing.Compare(ce.sample, ke.sample)
		if ce.Center != 0 {
			d.MedianRatio = ke.Center / ce.Center
		}
	}
	rounds := map[RoundID]bool{}
	for r := range control.byRound {
		rounds[r] = true
	}
	for r := range cand.byRound {
		rounds[r] = true
	}
	order := make([]RoundID, 0, len(rounds))
	for r := range rounds {
		order = append(order, r)
	}
	sort.Slice(order, func(i, j int) bool { return order[i].less(order[j]) })
	var ratios, logs []float64
	byRun := map[string][]float64{} // log ratios per runner instance
	for _, r := range order {
		cs, okc := control.byRound[r]
		ks, okk := cand.byRound[r]
		if !okc || !okk {
			d.Unpaired++
			continue
		}
		p := Pair{RoundID: r, Control: m.Value(cs.Result), Candidate: m.Value(ks.Result), CandidateFirst: ks.Position < cs.Position}
		switch {
		case math.IsNaN(p.Control) || math.IsNaN(p.Candidate): // a side without the counter: no pair
			d.Unpaired++
			continue
		case p.Control == 0:
			p.Ratio = math.NaN()
			d.Undefined++
		case p.Candidate == 0:
			p.Ratio = 0 // a ratio, but no log ratio
			ratios = append(ratios, 0)
			d.NoLog++
		default:
			p.Ratio = p.Candidate / p.Control
			ratios = append(ratios, p.Ratio)
			logs = append(logs, math.Log(p.Ratio))
			byRun[r.Run] = append(byRun[r.Run], math.Log(p.Ratio))
		}
		d.Pairs = append(d.Pairs, p)
	}
	d.Ratio = estimate(ratios, confidence, th)
	d.Log = SignedRankTest(logs, confidence)
	d.Adjusted, d.logs = d.Log, logs
	d.Instances = newInstances(byRun, confidence, d.Margin())
	return d
}
