// Package plan is the back end of `lab plan`: a plan sized from a pilot run's variance components,
// and the lab bench command that runs it, as markdown. cmd/lab parses the flags into Options.
package plan

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/report"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// Options are the pilot Run sizes from and the plan's targets.
type Options struct {
	Pilot   []string // the pilot's results folders (or files), as Render takes them
	Change  float64  // the smallest change to detect (80% power, 5% two-sided), in percent: above 0, below 100
	Minutes float64  // the most runner-minutes per platform the plan may take (every instance's together); 0: no bound
}

// Run is `lab plan -pilot RESULTS -change 5% -minutes 60`: from a pilot run's variance components
// (stats.VarianceComponents), the cheapest warm operations per process, rounds per instance and
// instances whose smallest detectable change on the primary family (elapsed, every candidate) is at
// most Change in every cell group, within Minutes of runner time per platform, and the bench command
// that runs it (docs/METHOD.md, "A plan sized from a pilot"). The command is the plan printed above it,
// within the budget, its rounds a whole number of the rotation's period; when no plan fits the budget,
// it says so and prints no command. A pilot of one runner instance cannot measure the between-instance
// level: it is marked unknown, and the plan's detectable change holds only if that level is small.
func Run(ctx context.Context, opts Options, stdout io.Writer) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	pilot, pct, minutes := opts.Pilot, opts.Change, opts.Minutes
	a, pl, err := report.AnalyzeElapsed(pilot)
	if err != nil {
		return err
	}
	groups := a.VarianceComponents()
	if len(groups) == 0 {
		return fmt.Errorf("plan: the pilot has no comparison with %s to size from", a.Control)
	}
	target := math.Log1p(pct / 100)
	lim := stats.SizingLimits{MaxRounds: matrix.MaxRounds, MaxInstances: matrix.MaxReplicas, WarmOps: []int{2500, 5000, 10000, 20000, 40000}, Budget: minutes * 60}
	if pl != nil {
		lim.Period = pl.Period()
		for n := len(pl.Layouts); n > 1 && lim.Period%n != 0; { // a rotating pilot's rounds: a multiple of its layouts too
			lim.Period += pl.Period()
		}
	}
	best, reached, found := stats.Size(groups, target, lim)
	want := strconv.FormatFloat(pct, 'f', -1, 64)
	fmt.Fprintf(stdout, "## A plan for a %s%% smallest detectable change, from %s\n\n", want, strings.Join(pilot, ", "))
	fmt.Fprintf(stdout, "The pilot's variance components of the log ratio (x 100) and costs, per cell group; the detectable change is "+
		"%.2f standard errors of a cell's mean log ratio (80%% power, 5%% two-sided, normal approximation), the variance being "+
		"instance^2 / K + (round^2 + process^2 + within^2) / (R K), the within level scaled to the plan's warm operations.\n\n", stats.DetectableZ)
	if oneInstance(groups) {
		fmt.Fprintf(stdout, "The pilot ran on **one runner instance**, so the between-instance level is **unknown** (counted as 0 below): "+
			"every detectable change here holds only if runner instances differ little. A pilot of two or more instances "+
			"(lab bench -replica, then lab merge) measures it.\n\n")
	}
	unbounded := func() (stats.Sizing, bool) {
		l := lim
		l.Budget = 0
		s, ok, _ := stats.Size(groups, target, l)
		return s, ok
	}
	switch {
	case !found:
		fmt.Fprintf(stdout, "**No plan fits %s runner-minutes**: the cheapest, %s, already takes more. No command is printed; ", report.MinutesText(minutes), roundsWords(lim))
		if s, ok := unbounded(); ok {
			fmt.Fprintf(stdout, "reaching %s%% takes %.1f runner-minutes (give -minutes %.0f to plan it):\n\n", want, s.RunnerSeconds/60, math.Ceil(s.RunnerSeconds/60))
			writeSizing(stdout, groups, s)
		} else {
			fmt.Fprintf(stdout, "no plan within %d rounds and %d instances reaches %s%% at all.\n", lim.MaxRounds, lim.MaxInstances, want)
		}
		return nil
	case !reached && minutes > 0:
		fmt.Fprintf(stdout, "No plan within %s runner-minutes reaches %s%%: the closest within them, below, detects %.1f%%.", report.MinutesText(minutes), want, 100*math.Expm1(best.Detectable))
		if s, ok := unbounded(); ok {
			fmt.Fprintf(stdout, " Reaching %s%% takes %.1f runner-minutes (give -minutes %.0f to plan it).", want, s.RunnerSeconds/60, math.Ceil(s.RunnerSeconds/60))
		}
		fmt.Fprintf(stdout, "\n\n")
	case !reached:
		fmt.Fprintf(stdout, "No plan within %d rounds and %d instances reaches %s%%; the closest, below, detects %.1f%%.\n\n", lim.MaxRounds, lim.MaxInstances, want, 100*math.Expm1(best.Detectable))
	}
	writeSizing(stdout, groups, best)
	cmd := "go run ./cmd/lab bench"
	if pl != nil { // the pilot's cells and variants, with the plan's sizes
		cmd += fmt.Sprintf(" -profile %s -variants %s -workloads %s -dops %s -phases %s -backends %s -cold-ops %d -warmup %d",
			pl.Profile, strings.Join(pl.Variants, ","), strings.Join(pl.Workloads, ","), report.JoinInts(pl.DOPs), strings.Join(pl.Phases, ","),
			strings.Join(pl.Backends, ","), pl.ColdOps, pl.Warmup)
		if len(pl.Layouts) > 0 {
			cmd += fmt.Sprintf(" -layouts %d", len(pl.Layouts))
		}
	}
	cmd += fmt.Sprintf(" -rounds %d -warm-ops %d", best.Rounds, best.WarmOps)
	if best.Instances > 1 {
		cmd += fmt.Sprintf(" -replica 1/%d", best.Instances)
		fmt.Fprintf(stdout, "\nRun it on each of %d runners, with -replica 1/%d on the first, 2/%d on the second, up to %d/%d, then lab merge the %d folders:\n\n",
			best.Instances, best.Instances, best.Instances, best.Instances, best.Instances, best.Instances)
	} else {
		fmt.Fprintf(stdout, "\nRun it:\n\n")
	}
	fmt.Fprintf(stdout, "```\n%s\n```\n", cmd)
	return nil
}

// oneInstance reports whether the pilot ran on a single runner instance in every group: its
// between-instance level is then unknown.
func oneInstance(groups []stats.VarianceGroup) bool {
	for _, g := range groups {
		if g.Instances > 1 {
			return false
		}
	}
	return true
}

// roundsWords is the smallest plan Size tries: "2 rounds on one instance" or, with a rotation period,
// "4 rounds (one rotation period) on one instance".
func roundsWords(lim stats.SizingLimits) string {
	if lim.Period > 2 {
		return fmt.Sprintf("%d rounds (one rotation period) on one instance", lim.Period)
	}
	return "2 rounds on one instance"
}

// writeSizing prints a plan and each group's detectable change under it.
func writeSizing(w io.Writer, groups []stats.VarianceGroup, s stats.Sizing) {
	fmt.Fprintf(w, "**Plan:** %d warm operations per process, %d rounds per instance, %d instance(s): %.1f runner-minutes per instance, "+
		"%.1f per platform; detects %.1f%% (worst group: %s).\n\n", s.WarmOps, s.Rounds, s.Instances, s.Seconds/60, s.RunnerSeconds/60,
		100*math.Expm1(s.Detectable), s.Worst)
	var rows [][]string
	for _, g := range groups {
		rows = append(rows, []string{g.Name(), fmt.Sprint(g.Ops), report.SDText(g.Ratio.Within), report.SDText(g.Ratio.Process), report.SDText(g.Ratio.Round),
			instanceText(g), report.SecondsText(g.Cost.Process), fmt.Sprintf("%.1f", 100*math.Expm1(stats.GroupDetectable(g, s.WarmOps, s.Rounds, s.Instances)))})
	}
	report.MarkdownTable(w, []string{"Cell group", "Pilot ops", "Within", "Process", "Round", "Instance", "s per process", "Detectable %"}, rows)
}

// instanceText is a group's between-instance level, "unknown" from a single instance.
func instanceText(g stats.VarianceGroup) string {
	if g.Instances <= 1 {
		return "unknown"
	}
	return report.SDText(g.Ratio.Instance)
}
