package stats

import (
	"fmt"
	"math"
	"sort"

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

// Delta compares a candidate with control on one metric in one cell, two ways:
//   - Ratio is the median of the per-round ratios candidate/control with its interval: the paired
//     comparison. Its interval excludes 1 exactly when a sign test of the pairs rejects "no change" at
//     1-confidence, and it is what the report prints as a percentage;
//   - Test is benchmath.AssumeNothing.Compare of the two sets of usable samples: the Mann-Whitney U test,
//     unpaired, as benchstat computes it.
//
// Significant uses the paired comparison whenever it has a finite interval (pairing takes out what
// drifts between rounds, so it is the sharper of the two on a noisy machine) and the U test otherwise.
type Delta struct {
	Candidate   string
	Metric      string
	Test        benchmath.Comparison
	Pairs       []Pair   // by round
	Unpaired    int      // rounds in which only one side has a usable sample
	Undefined   int      // pairs left out of Ratio because control's value is 0 (ratio undefined)
	Ratio       Estimate // of Pairs[i].Ratio
	MedianRatio float64  // candidate median / control median (unpaired; NaN when undefined)
}

// Paired reports whether the paired comparison decides: the per-pair ratios have a finite interval.
func (d *Delta) Paired() bool { return !d.Ratio.Thin() }

// PairedSignificant reports whether the paired ratio's interval excludes 1 (false without an interval).
func (d *Delta) PairedSignificant() bool { return d.Paired() && (d.Ratio.Hi < 1 || d.Ratio.Lo > 1) }

// USignificant reports whether the U test rejects "same distribution" at the analysis' alpha.
func (d *Delta) USignificant() bool {
	return d.Test.N1 > 0 && d.Test.N2 > 0 && d.Test.P <= d.Test.Alpha
}

// Significant is the paired comparison's decision when it has an interval, else the U test's.
func (d *Delta) Significant() bool {
	if d.Paired() {
		return d.PairedSignificant()
	}
	return d.USignificant()
}

// Direction is -1 when the candidate is below control, +1 above, 0 equal or undefined: by the paired
// median ratio when there are pairs, else by the ratio of the medians.
func (d *Delta) Direction() int {
	r := d.MedianRatio
	if !d.Ratio.Empty() {
		r = d.Ratio.Center
	}
	switch {
	case r < 1:
		return -1
	case r > 1:
		return +1
	}
	return 0
}

// Percent returns the paired ratio as a percentage change (ratio 0.56 is -44%) with its interval.
func (d *Delta) Percent() (center, lo, hi float64) {
	return pct(d.Ratio.Center), pct(d.Ratio.Lo), pct(d.Ratio.Hi)
}

func pct(ratio float64) float64 { return (ratio - 1) * 100 }

func compare(control, cand *Variant, m Metric, confidence float64, th *benchmath.Thresholds) *Delta {
	d := &Delta{Candidate: cand.Name, Metric: m.Name, MedianRatio: math.NaN()}
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
	var ratios []float64
	for _, r := range order {
		cs, okc := control.byRound[r]
		ks, okk := cand.byRound[r]
		if !okc || !okk {
			d.Unpaired++
			continue
		}
		p := Pair{RoundID: r, Control: m.Value(cs.Result), Candidate: m.Value(ks.Result), CandidateFirst: ks.Position < cs.Position}
		if p.Control == 0 {
			p.Ratio = math.NaN()
			d.Undefined++
		} else {
			p.Ratio = p.Candidate / p.Control
			ratios = append(ratios, p.Ratio)
		}
		d.Pairs = append(d.Pairs, p)
	}
	d.Ratio = estimate(ratios, confidence, th)
	return d
}
