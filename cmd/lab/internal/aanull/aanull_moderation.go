package aanull

import (
	"fmt"
	"io"
	"strconv"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/report"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// moderationMethods are the decisions `lab aanull -moderation` compares: the unmoderated t on K-1 df,
// one prior over the family, priors per stratum, the family prior with the heterogeneity guards, limma's
// robust prior (squeezeVar(robust = TRUE): a prior df per comparison), and the family prior together
// with a prior per stratum (decided only if both decide), and the priors per candidate and its strata
// without the family's (decided only if all decide; the last row, the report's: stats.DefaultStrata,
// DefaultAlsoBy and DefaultAlsoByMore, with the agreement rule).
var moderationMethods = []stats.ModerationMethod{
	{Name: "unmoderated (t on K-1 df)", Unmoderated: true},
	{Name: "family prior", OnePrior: true},
	{Name: "family prior, instances agree in sign", OnePrior: true, Agreement: true},
	{Name: "family prior, Q guard 0.05, agree in sign", OnePrior: true, Guard: 0.05, Agreement: true},
	{Name: "family prior, outlier guard 0.05, agree in sign", OnePrior: true, Outlier: 0.05, Agreement: true},
	{Name: "prior per DOP class, agree in sign", Strata: stats.ByDOP, OnePrior: true, Agreement: true},
	{Name: "prior per candidate", Strata: stats.ByCandidate, OnePrior: true},
	{Name: "prior per candidate, agree in sign", Strata: stats.ByCandidate, OnePrior: true, Agreement: true},
	{Name: "robust prior (limma's robust = TRUE)", Robust: true, OnePrior: true},
	{Name: "robust prior, instances agree in sign", Robust: true, OnePrior: true, Agreement: true},
	{Name: "family prior and prior per DOP class, agree in sign", AlsoBy: stats.ByDOP, Agreement: true},
	{Name: "family prior and prior per candidate", AlsoBy: stats.ByCandidate},
	{Name: "family prior and prior per candidate, agree in sign", AlsoBy: stats.ByCandidate, Agreement: true},
	{Name: "family prior and prior per candidate x phase", AlsoBy: stats.ByCandidate | stats.ByPhase},
	{Name: "family prior and prior per candidate x phase, agree in sign (the lab's until 4 December 2026)", AlsoBy: stats.ByCandidate | stats.ByPhase, Agreement: true},
	{Name: "family prior and priors per candidate x phase, x workload, x DOP class, agree in sign (the lab's until 5 December 2026)", AlsoBy: stats.DefaultAlsoBy, AlsoByMore: fourPriors, Agreement: true},
	{Name: "priors per candidate, x phase, x workload, x DOP class, x workload x phase, agree in sign (the lab's)", Strata: stats.DefaultStrata, AlsoBy: stats.DefaultAlsoBy, AlsoByMore: stats.DefaultAlsoByMore(), Agreement: true},
}

// moderationScenarios is issue 34's item 3 with n = null, tau, effect replicates: the exact A/A null;
// instance heterogeneity tau 1, 2.5 and 5% in the aa cells; +2, +5, +10 and +20% injected into aa.
func moderationScenarios(n [3]int) []stats.ModerationScenario {
	out := []stats.ModerationScenario{{Reps: n[0]}}
	for _, tau := range []float64{0.01, 0.025, 0.05} {
		out = append(out, stats.ModerationScenario{Tau: tau, Reps: n[1]})
	}
	for _, e := range []float64{0.02, 0.05, 0.10, 0.20} {
		out = append(out, stats.ModerationScenario{Effect: e, Reps: n[2]})
	}
	// Last, so that the scenarios above keep their replicates' seeds: heterogeneity in half of aa's
	// cells, which a prior per candidate sees diluted by the other half.
	return append(out, stats.ModerationScenario{Tau: 0.05, Reps: n[1], Phase: "cold"})
}

// writeModeration prints the moderation calibration of results as markdown.
func writeModeration(paths []string, reps [3]int, seed uint64, pseudo int, stdout io.Writer) error {
	scenarios := moderationScenarios(reps)
	in, err := report.LoadResults(paths)
	if err != nil {
		return err
	}
	if pseudo > 1 {
		splitPseudoInstances(in.Samples, pseudo)
		fmt.Fprintf(stdout, "Each runner instance's rounds split into %d pseudo-instances (round mod %d).\n\n", pseudo, pseudo)
	}
	cal, err := stats.CalibrateModeration(in.Samples, stats.Options{EquivMargin: in.Margin}, moderationMethods, scenarios, seed)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "## Moderated decision, calibrated on the run's A/A null: %d aa cells, seed %d\n\n", cal.Cells, seed)
	fmt.Fprintf(stdout, "A/A null: control and aa swapped at random per (cell, run, round), %d replicates: the share of aa cells decided "+
		"(faster or slower) ± its standard error, against the level they are decided at. tau: each aa (cell, instance) also "+
		"offset by N(0, tau), no mean effect, %d replicates each. +x%%: aa made x%% slower in every cell, %d replicates each: "+
		"the share of aa cells decided slower (faster, if any, in parentheses), and the share of replicates in which every cell / "+
		"at least half were.\n\n", scenarios[0].Reps, scenarios[1].Reps, scenarios[len(scenarios)-1].Reps)
	head := []string{"Method", "A/A null (level)"}
	for _, sc := range scenarios[1:] {
		if sc.Tau > 0 {
			h := fmt.Sprintf("tau %s%%", strconv.FormatFloat(sc.Tau*100, 'f', -1, 64))
			if sc.Phase != "" {
				h += ", " + sc.Phase + " cells only"
			}
			head = append(head, h)
		} else {
			head = append(head, fmt.Sprintf("+%s%%", strconv.FormatFloat(sc.Effect*100, 'f', -1, 64)))
		}
	}
	var rows [][]string
	for k, m := range cal.Methods {
		row := []string{m.Name}
		for j, r := range cal.Rates[k] {
			switch {
			case j == 0:
				row = append(row, fmt.Sprintf("%.1f%% ± %.1f (%.2f%%)", 100*(r.Slower+r.Faster), 100*r.SE, 100*r.Nominal))
			case r.Scenario.Tau > 0:
				row = append(row, fmt.Sprintf("%.1f%% ± %.1f", 100*(r.Slower+r.Faster), 100*r.SE))
			default:
				c := fmt.Sprintf("%.0f%%", 100*r.Slower)
				if r.Faster > 0 {
					c += fmt.Sprintf(" (%.1f%% faster)", 100*r.Faster)
				}
				row = append(row, fmt.Sprintf("%s; all %.0f%%, half %.0f%%", c, 100*r.AllSlowerShare, 100*r.HalfSlowerShare))
			}
		}
		rows = append(rows, row)
	}
	report.MarkdownTableCompact(stdout, head, rows)
	return nil
}

// splitPseudoInstances relabels each sample's run as one of n pseudo-instances of it, by round mod n, so
// that the instances' combination sees n times the instances with 1/n of the rounds each.
func splitPseudoInstances(samples []matrix.Sample, n int) {
	for i := range samples {
		samples[i].Run = fmt.Sprintf("%s/%d", samples[i].Run, samples[i].Round%n)
	}
}
