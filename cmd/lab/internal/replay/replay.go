// Package replay is the back end of `lab replay`: it replays a fixed-design results directory under
// adaptive stopping and simulates A/A families, as markdown. cmd/lab parses the flags into Options.
package replay

import (
	"context"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/sequential"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// Options are what Run replays and simulates.
type Options struct {
	Results  string          // a fixed-design results directory (run.json and samples.jsonl)
	Adaptive matrix.Adaptive // the stopping rule to replay under; an empty Correction is BY
	AA       int             // A/A families to simulate; 0: none
	Seed     uint64          // the projections' and simulations' seed
	// Project holds round caps (even) to project the adaptive rule to on simulated runs with the real
	// effects (stats.ProjectCap), projectionRuns runs each.
	Project []int
}

// Run is `lab replay`: it replays a fixed-design results directory under adaptive stopping,
// batch by batch as if live, and simulates A/A families from its log ratios, and prints both as
// markdown: the evidence docs/METHOD.md ("Adaptive rounds") quotes.
func Run(ctx context.Context, opts Options, stdout io.Writer) error {
	a := opts.Adaptive
	if a.Correction == "" {
		a.Correction = sequential.BY
	}
	m, err := resultsdir.ReadManifest(opts.Results)
	if err != nil {
		return err
	}
	samples, err := resultsdir.ReadSamples(filepath.Join(opts.Results, resultsdir.SamplesFile))
	if err != nil {
		return err
	}
	so := stats.Options{EquivMargin: m.Plan.Margin()}
	rp, err := stats.ReplayAdaptive(m.Plan, samples, a, so)
	if err != nil {
		return err
	}
	writeReplay(stdout, opts.Results, rp)
	for _, n := range opts.Project {
		pr, err := stats.ProjectCap(m.Plan, samples, a, n, projectionRuns, opts.Seed, so)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Projection to a cap of %d rounds (%d simulated runs): %.0f samples a run (the fixed run: %d, %.1f%% fewer); of the fixed analysis' %d decided comparisons, %.1f%% decided the same way, %.1f%% the other way.\n\n",
			pr.Cap, pr.Runs, pr.SamplesAdaptive, pr.SamplesFixed, 100*(1-pr.SamplesAdaptive/float64(pr.SamplesFixed)), pr.FixedDecided,
			100*float64(pr.Agree)/float64(pr.FixedDecided*pr.Runs), 100*float64(pr.Conflicts)/float64(pr.FixedDecided*pr.Runs))
	}
	if opts.AA == 0 {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	sim, err := stats.SimulateAA(m.Plan, samples, a, opts.AA, opts.Seed, so)
	if err != nil {
		return err
	}
	writeAASimulation(stdout, sim)
	return nil
}

// projectionRuns is how many simulated runs a projection averages: enough for a share to within about a
// percentage point over a page's ~100 decided comparisons.
const projectionRuns = 50

func writeReplay(w io.Writer, dir string, rp *stats.Replay) {
	fmt.Fprintf(w, "## Replay of %s under adaptive stopping\n\nRule: %s; batches of two rounds (a rotation row and its reverse), at most %d rounds.\n\n", dir, rp.Rule, rp.Rounds)
	saved := 100 * (1 - float64(rp.SamplesAdaptive)/float64(max(rp.SamplesFixed, 1)))
	fmt.Fprintf(w, "| samples, fixed | samples, adaptive | saved | comparisons | decided by the fixed analysis | same verdict | adaptive decided, fixed not | decided otherwise (faster vs slower, or vs equivalent) |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n")
	fmt.Fprintf(w, "| %d | %d | %.1f%% | %d | %d | %d (%.1f%%) | %d | %d |\n\n", rp.SamplesFixed, rp.SamplesAdaptive, saved, rp.Comparisons,
		rp.FixedDecided, rp.Agree, 100*float64(rp.Agree)/float64(max(rp.FixedDecided, 1)), rp.AdaptiveOnly, rp.Conflicts)
	fmt.Fprintf(w, "| cell | rounds | closed by | verdicts that differ (fixed -> adaptive) |\n| --- | --- | --- | --- |\n")
	for _, c := range rp.Cells {
		var diff []string
		for _, v := range slices.SortedFunc(maps.Keys(c.Fixed), stats.CompareNames) {
			if c.Fixed[v] != c.Adaptive[v] {
				diff = append(diff, fmt.Sprintf("%s %s -> %s", v, c.Fixed[v], c.Adaptive[v]))
			}
		}
		fmt.Fprintf(w, "| %s | %d | %s | %s |\n", c.Cell, c.Rounds, c.ClosedBy, strings.Join(diff, "; "))
	}
	fmt.Fprintln(w)
}

func writeAASimulation(w io.Writer, s *stats.AASimulation) {
	fmt.Fprintf(w, "## A/A simulation: %d families of %d comparisons with no effect\n\n", s.Families, s.Comparisons)
	fmt.Fprintf(w, "| design | families with a false faster/slower (95%% Wilson interval) | false verdicts of all comparisons | samples |\n| --- | --- | --- | --- |\n")
	for _, d := range []struct {
		name              string
		fams, false, smpl int
	}{{"adaptive", s.AdaptiveFamilies, s.AdaptiveFalse, s.SamplesAdaptive}, {"fixed", s.FixedFamilies, s.FixedFalse, s.SamplesFixed}} {
		lo, hi := stats.Wilson(d.fams, s.Families)
		n := s.Families * s.Comparisons
		flo, fhi := stats.Wilson(d.false, n)
		fmt.Fprintf(w, "| %s | %d of %d: %.1f%% [%.1f, %.1f] | %d of %d: %.2f%% [%.2f, %.2f] | %d |\n", d.name, d.fams, s.Families,
			100*float64(d.fams)/float64(s.Families), 100*lo, 100*hi, d.false, n, 100*float64(d.false)/float64(n), 100*flo, 100*fhi, d.smpl)
	}
	fmt.Fprintln(w)
}
