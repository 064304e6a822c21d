package stats

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// AASimulation is the false-discovery check of adaptive stopping on resampled real data: families of
// comparisons in which no candidate differs from control, each comparison's per-round log ratios drawn
// from the real run's own (centred on their mean, so the true effect is 0, then put in a random order with
// random signs: a sign-flip permutation, so their spread and tails are the real ones and no value repeats,
// as none does in real data), run through the runner's adaptive policy batch by
// batch, and through the fixed design's analysis for comparison.
type AASimulation struct {
	Families, Comparisons int // simulated families, and comparisons in each
	// Adaptive and Fixed count, per design, the families with at least one false faster/slower verdict
	// (every verdict is false here, so this is the family-wise rate, which equals the false discovery
	// rate when every null is true) and the false verdicts in all.
	AdaptiveFamilies, AdaptiveFalse int
	FixedFamilies, FixedFalse       int
	// SamplesAdaptive and SamplesFixed are the samples each design took over all families.
	SamplesAdaptive, SamplesFixed int
}

// SimulateAA simulates families of A/A comparisons shaped like plan's (its cells, variants and rounds)
// from the log ratios of samples, a fixed-design run of plan, with the adaptive rule a.
func SimulateAA(plan matrix.Plan, samples []matrix.Sample, a matrix.Adaptive, families int, seed uint64, opts Options) (*AASimulation, error) {
	cells := plan.Cells()
	control := controlOf(plan.Variants)
	pool, _, err := centred(plan, cells, control, samples)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	out := &AASimulation{Families: families}
	for range families {
		fake := aaSamples(plan, cells, control, pool, nil, rng)
		progress, err := replayProgress(plan, cells, fake, a)
		if err != nil {
			return nil, err
		}
		falseHere := 0
		out.Comparisons = 0
		for _, c := range progress {
			out.SamplesAdaptive += len(c.Samples)
			for _, cls := range c.Classes {
				out.Comparisons++
				if cls == string(Faster) || cls == string(Slower) {
					falseHere++
				}
			}
		}
		out.AdaptiveFalse += falseHere
		if falseHere > 0 {
			out.AdaptiveFamilies++
		}
		fixed, err := Analyze(fake, opts)
		if err != nil {
			return nil, err
		}
		out.SamplesFixed += len(fake)
		falseHere = 0
		for _, c := range fixed.Cells {
			for _, d := range c.Deltas {
				if d.Metric == Elapsed.Name && (d.Class() == Faster || d.Class() == Slower) {
					falseHere++
				}
			}
		}
		out.FixedFalse += falseHere
		if falseHere > 0 {
			out.FixedFamilies++
		}
	}
	return out, nil
}

// centred is, per cell and candidate (in plan order, control left out), the real run's per-round log
// ratios centred on their mean, and that mean.
func centred(plan matrix.Plan, cells []matrix.Cell, control string, samples []matrix.Sample) (pool [][][]float64, means [][]float64, err error) {
	pool, means = make([][][]float64, len(cells)), make([][]float64, len(cells))
	for i, cell := range cells {
		var mine []matrix.Sample
		for _, s := range samples {
			if s.Cell == cell {
				mine = append(mine, s)
			}
		}
		for _, v := range plan.Variants {
			if v == control {
				continue
			}
			x := matrix.LogRatios(mine, control, v, plan.Rounds)
			if len(x) < 2 {
				return nil, nil, fmt.Errorf("stats: simulation: %v %s has %d log ratios; it needs 2 or more", cell, v, len(x))
			}
			var mean float64
			for _, xi := range x {
				mean += xi / float64(len(x))
			}
			for j := range x {
				x[j] -= mean
			}
			pool[i], means[i] = append(pool[i], x), append(means[i], mean)
		}
	}
	return pool, means, nil
}

// aaSamples is one simulated fixed-design run of plan with no effect anywhere: control takes 1 ms in
// every round, each candidate exp(+-x) ms for x drawn from its cell's centred real log ratios.
// With means, each candidate's log ratios are shifted by its mean: the real effect with resampled noise.
func aaSamples(plan matrix.Plan, cells []matrix.Cell, control string, pool [][][]float64, means [][]float64, rng *rand.Rand) []matrix.Sample {
	index := map[string]int{} // candidate -> its place in pool[i]
	for _, v := range plan.Variants {
		if v != control {
			index[v] = len(index)
		}
	}
	var out []matrix.Sample
	for i, cell := range cells {
		perm := make([][]int, len(pool[i])) // each candidate's draw order; a pool shorter than the rounds starts over
		for k, xs := range pool[i] {
			perm[k] = rng.Perm(len(xs))
		}
		for r := range plan.Rounds {
			for pos, v := range plan.RoundOrder(i, r) {
				ns := 1e6
				if v != control {
					xs, p := pool[i][index[v]], perm[index[v]]
					x := xs[p[r%len(p)]]
					if rng.IntN(2) == 0 {
						x = -x
					}
					if means != nil {
						x += means[i][index[v]]
					}
					ns *= math.Exp(x)
				}
				out = append(out, matrix.Sample{Cell: cell, Variant: v, Round: r, Position: pos, OK: true,
					Result: &hostresult.Result{Ops: 1000, ElapsedNs: int64(ns), OutputBytes: 1, Digest: "aa"}})
			}
		}
	}
	return out
}

// Wilson is the Wilson score interval of a binomial proportion k/n at 95%.
func Wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	center := (p + z*z/(2*nf)) / (1 + z*z/nf)
	half := z / (1 + z*z/nf) * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return math.Max(0, center-half), math.Min(1, center+half)
}
