package stats

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/deflatelab/deflatelab/matrix"
)

// Projection is the adaptive rule run with a cap above the fixed run's rounds, on simulated runs: each
// comparison's per-round log ratios are its real mean plus its real centred log ratios, sign-flipped in a
// random order (the A/A simulation's noise with the effect put back), for as many rounds as the cap.
// It estimates what a replay cannot: how many of the fixed design's verdicts a higher cap recovers, and
// at what cost. Its noise is symmetric and has no regimes, so it is kinder than real rounds.
type Projection struct {
	Cap, Runs       int
	SamplesFixed    int     // the real fixed run's samples
	SamplesAdaptive float64 // mean over the simulated runs
	// FixedDecided is how many comparisons the real fixed analysis decides; Agree and Conflicts sum, over
	// the runs, those the simulated adaptive rule decides the same way and the other way.
	FixedDecided, Agree, Conflicts int
}

// ProjectCap simulates runs adaptive-stopped at cap rounds from samples, a fixed-design run of plan.
func ProjectCap(plan matrix.Plan, samples []matrix.Sample, a matrix.Adaptive, capRounds, runs int, seed uint64, opts Options) (*Projection, error) {
	if capRounds < 2 || capRounds%2 != 0 || runs < 1 {
		return nil, fmt.Errorf("stats: projection: cap %d must be even and >= 2, runs %d >= 1", capRounds, runs)
	}
	fixed, err := Analyze(samples, opts)
	if err != nil {
		return nil, err
	}
	cells := plan.Cells()
	control := controlOf(plan.Variants)
	pool, means, err := centred(plan, cells, control, samples)
	if err != nil {
		return nil, err
	}
	sim := plan
	sim.Rounds = capRounds
	out := &Projection{Cap: capRounds, Runs: runs, SamplesFixed: len(samples)}
	decided := func(c Class) bool { return c == Faster || c == Slower || c == Equivalent }
	rng := rand.New(rand.NewPCG(seed, 0xcab))
	for run := range runs {
		progress, err := replayProgress(sim, cells, aaSamples(sim, cells, control, pool, means, rng), a)
		if err != nil {
			return nil, err
		}
		for i, c := range progress {
			out.SamplesAdaptive += float64(len(c.Samples)) / float64(runs)
			fc := fixed.cell(cells[i])
			for _, v := range plan.Variants {
				if v == control || fc == nil || fc.Delta(v, Elapsed.Name) == nil {
					continue
				}
				want := fc.Delta(v, Elapsed.Name).Class()
				if !decided(want) {
					continue
				}
				if run == 0 {
					out.FixedDecided++
				}
				got := Class(c.Classes[v])
				switch {
				case slices.Contains(c.Unstable, v):
				case got == want:
					out.Agree++
				case decided(got):
					out.Conflicts++
				}
			}
		}
	}
	return out, nil
}
