package aanull

import (
	"fmt"
	"io"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/report"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// fourPriors are the further strata of the lab's rule of 4 December 2026 (with the family's prior and
// stats.DefaultAlsoBy's): candidate x workload and candidate x DOP class.
var fourPriors = []stats.Strata{stats.ByCandidate | stats.ByWorkload, stats.ByCandidate | stats.ByDOP}

// sliceMethods are the decisions `lab aanull -moderation -slices` compares (issue 45), the report's marked
// (the lab's): the lab's rules until 4 and 5 December 2026, and the five priors per candidate with the
// small strata also decided on their pooled variance (stats.Options.PooledBelow), against heterogeneity
// confined to one slice of a candidate's cells and against one heterogeneous candidate. The other rules
// measured (the Q guards, limma's robust prior, the family's prior with more strata) are in
// docs/notebook/2026-12-04-null-in-every-slice.md and 2026-12-05-robust-prior.md; the lab took none.
var sliceMethods = []stats.ModerationMethod{
	{Name: "four priors: family, candidate x phase, x workload, x DOP class (the lab's until 4 December 2026)", AlsoBy: stats.DefaultAlsoBy,
		AlsoByMore: fourPriors, Agreement: true},
	{Name: "five priors per candidate: candidate, x phase, x workload, x DOP class, x workload x phase (the lab's until 5 December 2026)",
		Strata: stats.DefaultStrata, AlsoBy: stats.DefaultAlsoBy, AlsoByMore: stats.DefaultAlsoByMore(), Agreement: true},
	{Name: "five priors per candidate, strata under 8 also pooled", Strata: stats.DefaultStrata,
		AlsoBy: stats.DefaultAlsoBy, AlsoByMore: stats.DefaultAlsoByMore(), Agreement: true, PooledBelow: 8},
	{Name: "five priors per candidate, strata under 12 also pooled (the lab's)", Strata: stats.DefaultStrata,
		AlsoBy: stats.DefaultAlsoBy, AlsoByMore: stats.DefaultAlsoByMore(), Agreement: true, PooledBelow: stats.DefaultPooledBelow},
	{Name: "five priors per candidate, strata under 13 also pooled", Strata: stats.DefaultStrata,
		AlsoBy: stats.DefaultAlsoBy, AlsoByMore: stats.DefaultAlsoByMore(), Agreement: true, PooledBelow: 13},
}

// heterogeneousCandidate is the effect one instance of aa alone carries in the heterogeneous-candidate
// scenario (issue 45, item 2).
const heterogeneousCandidate = 0.15

// sliceScenarios are issue 45's: the A/A null; heterogeneity tau 2.5% and 5% in all of aa's cells, in
// each workload, DOP class, phase, workload x phase, and in every candidate's cells; +5% and +10% in
// every aa cell; +15% in one instance of aa. n is null, tau, effect replicates.
func sliceScenarios(n [3]int) []stats.ModerationScenario {
	out := []stats.ModerationScenario{{Reps: n[0]}}
	for _, tau := range []float64{0.025, 0.05} {
		at := func(sc stats.ModerationScenario) { sc.Tau, sc.Reps = tau, n[1]; out = append(out, sc) }
		at(stats.ModerationScenario{})
		for _, w := range []string{"fixed", "mixed", "stream"} {
			at(stats.ModerationScenario{Workload: w})
		}
		for _, c := range []string{stats.DOPLatency, stats.DOPContention} {
			at(stats.ModerationScenario{DOPClass: c})
		}
		for _, p := range []string{"cold", "warm"} {
			at(stats.ModerationScenario{Phase: p})
		}
		for _, w := range []string{"fixed", "mixed", "stream"} {
			for _, p := range []string{"cold", "warm"} {
				at(stats.ModerationScenario{Workload: w, Phase: p})
			}
		}
		at(stats.ModerationScenario{AllCandidates: true})
	}
	for _, e := range []float64{0.05, 0.10} {
		out = append(out, stats.ModerationScenario{Effect: e, Reps: n[2]})
	}
	return append(out, stats.ModerationScenario{Effect: heterogeneousCandidate, OneInstance: true, Reps: n[2]})
}

// writeSlices prints the slice calibration of results as markdown: a row per scenario, a column per method.
func writeSlices(paths []string, reps [3]int, seed uint64, stdout io.Writer) error {
	scenarios := sliceScenarios(reps)
	in, err := report.LoadResults(paths)
	if err != nil {
		return err
	}
	cal, err := stats.CalibrateModeration(in.Samples, stats.Options{EquivMargin: in.Margin}, sliceMethods, scenarios, seed)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "## Moderated decision, heterogeneity by slice, on the run's A/A null (seed %d)\n\n", seed)
	fmt.Fprintf(stdout, "Every row draws control and %s swapped at random per (cell, run, round). A/A null: %d replicates, the share of %s "+
		"cells decided ± its SE (the level they are decided at). tau x%%, slice: each %s (cell, instance) of the slice also offset by "+
		"N(0, x%%), %d replicates; the share counts the slice's %s cells. +x%%: %s x%% slower in every cell, %d replicates, the share decided "+
		"slower. +%.0f%% in one instance: the other candidates' comparisons decided, mean ± SE (the A/A null row's in its note).\n\n",
		matrix.AA, reps[0], matrix.AA, matrix.AA, reps[1], matrix.AA, matrix.AA, reps[2], 100*heterogeneousCandidate)
	head := []string{"Scenario"}
	for _, m := range cal.Methods {
		head = append(head, m.Name)
	}
	var rows [][]string
	for j, sc := range scenarios {
		row := []string{scenarioName(sc)}
		for k := range cal.Methods {
			r := cal.Rates[k][j]
			switch {
			case j == 0:
				row = append(row, fmt.Sprintf("%.1f%% ± %.1f (%.2f%%); others %.1f", 100*(r.Slower+r.Faster), 100*r.SE, 100*r.Nominal, r.Others))
			case sc.OneInstance:
				row = append(row, fmt.Sprintf("others %.1f ± %.1f (%+.1f)", r.Others, r.OthersSE, r.Others-cal.Rates[k][0].Others))
			case sc.Tau > 0:
				row = append(row, fmt.Sprintf("%.1f%% ± %.1f", 100*(r.Slower+r.Faster), 100*r.SE))
			default:
				row = append(row, fmt.Sprintf("%.0f%% ± %.0f", 100*r.Slower, 100*r.SE))
			}
		}
		rows = append(rows, row)
	}
	report.MarkdownTableCompact(stdout, head, rows)
	return nil
}

// scenarioName labels a slice scenario's row.
func scenarioName(sc stats.ModerationScenario) string {
	switch {
	case sc.Tau == 0 && sc.Effect == 0:
		return "A/A null"
	case sc.OneInstance:
		return fmt.Sprintf("+%.0f%% in one instance of %s", 100*sc.Effect, matrix.AA)
	case sc.Tau == 0:
		return fmt.Sprintf("+%.0f%%, every %s cell", 100*sc.Effect, matrix.AA)
	}
	return fmt.Sprintf("tau %g%%, %s", 100*sc.Tau, sliceWords(sc))
}

// sliceWords names the cells sc draws in: "aa" (every A/A cell), else the slice's parts ("aa, fixed,
// cold", "every candidate, contention").
func sliceWords(sc stats.ModerationScenario) string {
	parts := []string{matrix.AA}
	if sc.AllCandidates {
		parts[0] = "every candidate"
	}
	for _, p := range []string{sc.Workload, sc.DOPClass, sc.Phase} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if sc.OneInstance {
		parts = append(parts, "one instance")
	}
	return strings.Join(parts, ", ")
}
