package report

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/lifetime"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// TestLifetimeSections analyses the cold-start fixture (known costs: control's first operation 200 µs,
// the next 7 100, then 20; pooled's first 200, then 10; warm mixed pooled/8 30 µs) and checks what
// the steady-state, lifetime and decision sections say.
func TestLifetimeSections(t *testing.T) {
	m := analysed(t, Options{In: []string{coldStartFixture(t)}, Name: "cold"})
	page := sectionText(t, m, "decisions", "steadystate", "lifetime")
	for _, want := range []string{
		"**Which variant costs least** over a process's N operations (DOP 1)",
		// control steadies from operation 9 in every round, pooled from 2.
		"| pages | fixed | 1 | control | 0 | 8 | 0 | 0 | 9 [9, 9] |",
		"| pages | fixed | 1 | pooled/8 | 0 | 8 | 0 | 0 | 2 [2, 2] |",
		// pooled/8 churns in the mixed warm phase: control is cheaper from about 256 operations on.
		"control cheaper from there (extrapolated)",
		"series are the log2 bins only",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	// The chart set itself, not withCharts: the other pages' charts are not this test's.
	cs, err := lifetimeCharts(m)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(cs, func(c chart) bool { return c.File == "lifetime-linux-amd64-dop1.svg" && len(c.SVG) > 0 }) {
		t.Errorf("no lifetime chart lifetime-linux-amd64-dop1.svg among %d", len(cs))
	}
}

// TestLifetimeSectionsWithoutTimeline: results from hosts before the timeline still render, and each
// lifetime section says what is missing instead of a table.
func TestLifetimeSectionsWithoutTimeline(t *testing.T) {
	var samples []matrix.Sample
	for _, phase := range []string{hostresult.Cold, hostresult.Warm} {
		for r := range 6 {
			for _, v := range []string{"control", "pooled"} {
				samples = append(samples, matrix.Sample{Run: "r", Cell: matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: 1,
					Phase: phase, Backend: "libc"}, Variant: v, Round: r, OK: true,
					Result: &hostresult.Result{Ops: 10, ElapsedNs: 1e6, OutputBytes: 5, Digest: "d"}})
			}
		}
	}
	page := sectionText(t, analysed(t, Options{In: []string{writeResults(t, samples)}, Name: "old"}), "decisions", "steadystate", "lifetime")
	for _, heading := range []string{"**Which variant costs least**", "## Steady state per fresh process", "## Lifetime cost and break-even"} {
		i := strings.Index(page, heading)
		if i < 0 {
			t.Errorf("no section %q", heading)
			continue
		}
		if body := page[i:]; !strings.Contains(body[:min(len(body), 400)], "no per-operation timeline") {
			t.Errorf("section %q does not say the timeline is missing:\n%s", heading, body[:min(len(body), 400)])
		}
	}
}

// TestDecisionCellWithholds: a cell whose control has regimes, or with too few rounds, names no winner;
// an unstable candidate is left out of the ranking, and said to be.
func TestDecisionCellWithholds(t *testing.T) {
	v := &lifeView{control: "control"}
	thin := &lifetime.Comparison{Pairs: 3, Ratios: []lifetime.Ratio{{N: 10, Estimate: 0.5, Lo: math.NaN(), Hi: math.NaN()}}}
	clear := &lifetime.Comparison{Pairs: 8, Ratios: []lifetime.Ratio{{N: 10, Estimate: 0.5, Lo: 0.4, Hi: 0.6}}}
	for _, c := range []struct {
		name string
		l    *stats.Lifetime
		want string
	}{
		{"unstable", &stats.Lifetime{Comparisons: map[string]*lifetime.Comparison{"pooled/8": clear}, Unstable: []string{"control warm"}},
			"unstable: control warm"},
		{"unstable candidate", &stats.Lifetime{Comparisons: map[string]*lifetime.Comparison{"pooled/8": clear, "pooled/16": clear},
			Unstable: []string{"pooled/16 cold"}}, "**pooled/8** -50 [-60, -40]; left out, unstable: pooled/16"},
		{"only candidate unstable", &stats.Lifetime{Comparisons: map[string]*lifetime.Comparison{"pooled/8": clear},
			Unstable: []string{"pooled/8 cold", "pooled/8 warm"}}, "unstable: pooled/8 cold, pooled/8 warm"},
		{"thin", &stats.Lifetime{Comparisons: map[string]*lifetime.Comparison{"pooled/8": thin}}, "too few rounds for an interval"},
		{"clear", &stats.Lifetime{Comparisons: map[string]*lifetime.Comparison{"pooled/8": clear}}, "**pooled/8** -50 [-60, -40]"},
	} {
		var table decisionTable
		if got := table.cell(&model{Analysis: &stats.Analysis{}, Life: v}, c.l, 10).text(v.control); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// A decision table every cell of which lacks the rounds for an interval is one sentence saying so, not a
// table of "too few rounds"; the idle memory of such "winners" is not given.
func TestDecisionsAllThin(t *testing.T) {
	thin := &lifetime.Comparison{Pairs: 3, Ratios: []lifetime.Ratio{{N: 1, Estimate: 0.5, Lo: math.NaN(), Hi: math.NaN()}}}
	for _, n := range lifetime.DecisionNs[1:] {
		thin.Ratios = append(thin.Ratios, lifetime.Ratio{N: n, Estimate: 0.5, Lo: math.NaN(), Hi: math.NaN()})
	}
	l := &stats.Lifetime{Comparisons: map[string]*lifetime.Comparison{"pooled/8": thin}}
	l.Platform, l.Backend, l.Workload, l.DOP = "linux/amd64", "libc", "fixed", 1
	m := &model{Life: &lifeView{control: "control", cells: []*stats.Lifetime{l}},
		Analysis: &stats.Analysis{Cells: []*stats.Cell{{Rounds: 3}}}}
	m.Decision = newDecisionTable(m)
	var b strings.Builder
	writeDecisions(&b, m)
	if want := "no answer - every cell has too few rounds for an interval (3 rounds per cell; the lifetime ratios need 6)"; !strings.Contains(b.String(), want) {
		t.Errorf("decisions %q, want %q", b.String(), want)
	}
	if notes := decisionNotesParagraph(m, m.Decision); strings.Contains(b.String(), "|") || notes != "" {
		t.Errorf("a table or notes for thin cells: %q, notes %q", b.String(), notes)
	}
}
