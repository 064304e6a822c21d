package report

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// SizePlanOptions are the pilot SizePlan sizes from and the plan's targets.
type SizePlanOptions struct {
	Pilot   []string // the pilot's results folders (or files), as Render takes them
	Change  float64  // the smallest change to detect (80% power, 5% two-sided), in percent: above 0, below 100
	Minutes float64  // the most runner-minutes per platform the plan may take (every instance's together); 0: no bound
}

// SizePlan is `lab plan -pilot RESULTS -change 5% -minutes 60`: from a pilot run's variance components
// (stats.VarianceComponents), the cheapest warm operations per process, rounds per instance and
// instances whose smallest detectable change on the primary family (elapsed, every candidate) is at
// most Change in every cell group, within Minutes of runner time per platform, and the bench command
// that runs it (docs/METHOD.md, "A plan sized from a pilot").
func SizePlan(ctx context.Context, opts SizePlanOptions, stdout io.Writer) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	pilot, pct, minutes := opts.Pilot, opts.Change, opts.Minutes
	in, a, err := analyzeElapsed(pilot)
	if err != nil {
		return err
	}
	groups := a.VarianceComponents()
	if len(groups) == 0 {
		return fmt.Errorf("plan: the pilot has no comparison with %s to size from", a.Control)
	}
	target := math.Log1p(pct / 100)
	lim := stats.SizingLimits{MaxRounds: matrix.MaxRounds, MaxInstances: matrix.MaxReplicas, WarmOps: []int{2500, 5000, 10000, 20000, 40000}, Budget: minutes * 60}
	best, reached, found := stats.Size(groups, target, lim)
	fmt.Fprintf(stdout, "## A plan for a %s%% smallest detectable change, from %s\n\n", strconv.FormatFloat(pct, 'f', -1, 64), strings.Join(pilot, ", "))
	fmt.Fprintf(stdout, "The pilot's variance components of the log ratio (x 100) and costs, per cell group; the detectable change is "+
		"%.2f standard errors of a cell's mean log ratio (80%% power, 5%% two-sided, normal approximation), the variance being "+
		"instance^2 / K + (round^2 + process^2 + within^2) / (R K), the within level scaled to the plan's warm operations.\n\n", stats.DetectableZ)
	if !found {
		fmt.Fprintf(stdout, "No plan of at least 2 rounds fits %.0f runner-minutes.\n", minutes)
		lim.Budget = 0
		best, reached, _ = stats.Size(groups, target, lim)
	} else if !reached {
		fmt.Fprintf(stdout, "No plan within %.0f runner-minutes reaches %s%%: the closest within them detects %.1f%%.\n\n", minutes, strconv.FormatFloat(pct, 'f', -1, 64), 100*math.Expm1(best.Detectable))
		writeSizing(stdout, groups, best)
		lim.Budget = 0
		best, reached, _ = stats.Size(groups, target, lim)
		fmt.Fprintf(stdout, "\nWithout the bound:\n\n")
	}
	if !reached {
		fmt.Fprintf(stdout, "No plan within %d rounds and %d instances reaches it; the closest detects %.1f%%.\n\n", lim.MaxRounds, lim.MaxInstances, 100*math.Expm1(best.Detectable))
	}
	writeSizing(stdout, groups, best)
	var pl *matrix.Plan
	for _, src := range in.Sources {
		if src.Manifest != nil {
			pl = &src.Manifest.Plan
		}
	}
	cmd := "lab bench"
	if pl != nil { // the pilot's cells and variants, with the plan's sizes
		cmd += fmt.Sprintf(" -profile %s -variants %s -workloads %s -dops %s -phases %s -backends %s -cold-ops %d -warmup %d",
			pl.Profile, strings.Join(pl.Variants, ","), strings.Join(pl.Workloads, ","), joinInts(pl.DOPs), strings.Join(pl.Phases, ","),
			strings.Join(pl.Backends, ","), pl.ColdOps, pl.Warmup)
	}
	cmd += fmt.Sprintf(" -rounds %d -warm-ops %d", best.Rounds, best.WarmOps)
	if best.Instances > 1 {
		cmd += fmt.Sprintf(" -replica i/%d", best.Instances)
		fmt.Fprintf(stdout, "\nRun it on each of %d runners, i = 1..%d, then lab merge the %d folders:\n\n", best.Instances, best.Instances, best.Instances)
	} else {
		fmt.Fprintf(stdout, "\nRun it:\n\n")
	}
	fmt.Fprintf(stdout, "```\n%s\n```\n", cmd)
	return nil
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// writeSizing prints a plan and each group's detectable change under it.
func writeSizing(w io.Writer, groups []stats.VarianceGroup, s stats.Sizing) {
	fmt.Fprintf(w, "**Plan:** %d warm operations per process, %d rounds per instance, %d instance(s): %.1f runner-minutes per instance, "+
		"%.1f per platform; detects %.1f%% (worst group: %s).\n\n", s.WarmOps, s.Rounds, s.Instances, s.Seconds/60, s.RunnerSeconds/60,
		100*math.Expm1(s.Detectable), s.Worst)
	var rows [][]string
	for _, g := range groups {
		rows = append(rows, []string{g.Name(), fmt.Sprint(g.Ops), sdText(g.Ratio.Within), sdText(g.Ratio.Process), sdText(g.Ratio.Round),
			sdText(g.Ratio.Instance), seconds(g.Cost.Process), fmt.Sprintf("%.1f", 100*math.Expm1(stats.GroupDetectable(g, s.WarmOps, s.Rounds, s.Instances)))})
	}
	mdTable(w, []string{"Cell group", "Pilot ops", "Within", "Process", "Round", "Instance", "s per process", "Detectable %"}, rows)
}
