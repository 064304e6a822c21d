package stats

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
)

// TestRobustPriorAtTau5 says why limma's robust prior does not change the calibration's tau = 5% row
// (docs/METHOD.md, "Calibration of the moderated decision"): on the committed merged run, the 60
// replicates `lab aanull -moderation` draws for tau = 5% (seed 1, scenario 3), it compares the family
// prior with the robust one (FitFDistRobust). Winsorising takes the heterogeneous A/A cells' variances out
// of the prior's spread, so the robust prior df is not lower than the plain one; it shrinks the prior df
// of the A/A cells whose variance (on K-1 = 2 df) shows their heterogeneity, but most A/A cells the lab's
// method names falsely are not among them: their instances happened to agree, and a variance on 2 df that
// is not outlying cannot say a cell is heterogeneous. Run with -v for the figures the notebook quotes (docs/notebook/2026-12-01-replicas-moderated-decision.md).
func TestRobustPriorAtTau5(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the committed report's 23 MB of samples and analyses 60 replicates")
	}
	plan, samples := committedRun(t)
	opts, err := Options{EquivMargin: plan.EquivMargin, Metrics: []Metric{Elapsed, RegimeMetric}}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	const scenario, reps = 3, 60 // lab aanull -moderation's scenarios: null, tau 1%, 2.5%, 5%, ...
	sc := ModerationScenario{Tau: 0.05}
	var plainDF, robustDF []float64
	var shrunk, shrunkAA, decided, decidedShrunk, robustDecided, comparisons int
	var shrunkShare []float64 // of a shrunk A/A cell, its prior df / the fit's, where that is finite
	for i := range reps {
		r := rand.New(rand.NewPCG(1, uint64(scenario)<<32|uint64(i)))
		ss := swapAA(samples, opts.Control, r)
		applyScenario(ss, sc, opts.Control, r)
		a, err := Analyze(ss, opts)
		if err != nil {
			t.Fatal(err)
		}
		aaDecided := func() map[*Delta]bool {
			out := map[*Delta]bool{}
			for _, c := range a.Cells {
				if d := c.Delta(matrix.AA, Elapsed.Name); d != nil && (d.Class() == Slower || d.Class() == Faster) {
					out[d] = true
				}
			}
			return out
		}
		a.Strata, a.RobustPrior, a.OnePrior = 0, false, true
		a.correct() // the lab's method until the second prior: one prior over the family, instances agree in sign
		lab := aaDecided()
		var moderated []*Moderated
		for _, c := range a.Cells {
			for _, d := range c.Deltas {
				if d.Metric == Elapsed.Name && d.Instances != nil && d.Instances.Moderated.K >= 2 {
					moderated = append(moderated, &d.Instances.Moderated)
				}
			}
		}
		plain := moderated[0].Prior.DF
		a.RobustPrior = true
		a.correct()
		robustDecided += len(aaDecided())
		vars, dfs := make([]float64, len(moderated)), make([]float64, len(moderated))
		for j, m := range moderated {
			vars[j], dfs[j] = m.S2, float64(m.K-1)
		}
		fit, ok := FitFDistRobust(vars, dfs)
		if !ok {
			t.Fatalf("replicate %d: robust prior not fitted", i)
		}
		if !math.IsInf(plain, 1) && !math.IsInf(fit.DF, 1) {
			plainDF, robustDF = append(plainDF, plain), append(robustDF, fit.DF)
		}
		for _, c := range a.Cells {
			d := c.Delta(matrix.AA, Elapsed.Name)
			if d == nil || d.Instances == nil {
				continue
			}
			s := d.Instances.Moderated.Prior.DF < fit.DF
			if s {
				shrunkAA++
				if !math.IsInf(fit.DF, 1) {
					shrunkShare = append(shrunkShare, d.Instances.Moderated.Prior.DF/fit.DF)
				}
			}
			if lab[d] {
				decided++
				if s {
					decidedShrunk++
				}
			}
		}
		comparisons = len(moderated)
		for j := range moderated {
			if fit.Shrunk[j] < fit.DF {
				shrunk++
			}
		}
	}
	mean := func(xs []float64) float64 {
		var s float64
		for _, x := range xs {
			s += x / float64(len(xs))
		}
		return s
	}
	t.Logf("%d replicates, %d with both prior dfs finite: plain prior df %.1f, robust %.1f (means)", reps, len(plainDF), mean(plainDF), mean(robustDF))
	t.Logf("per replicate, comparisons with a shrunk robust prior df: %.1f of %d, of which A/A %.1f of 24 (where the fit's df is finite, theirs is %.0f%% of it, mean)",
		float64(shrunk)/reps, comparisons, float64(shrunkAA)/reps, 100*mean(shrunkShare))
	t.Logf("A/A cells decided by the family prior with agreement: %d, of which %d had a shrunk robust prior df; by the robust prior with agreement: %d",
		decided, decidedShrunk, robustDecided)
	if mean(robustDF) < mean(plainDF) {
		t.Errorf("robust prior df %.1f below the plain %.1f: Winsorising should not add spread", mean(robustDF), mean(plainDF))
	}
	if 2*decidedShrunk >= decided {
		t.Errorf("%d of the %d falsely decided A/A cells had a shrunk prior df: the robust prior should then have protected them", decidedShrunk, decided)
	}
}
