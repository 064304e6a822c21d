package report

import (
	"math"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/lifetime"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// reuseBoundSamples are rounds of control, pooled/8 and reuse on the warm mixed cell: pooled/8 takes
// 10% (up to 10.4%) longer than reuse in every round, whatever the round's own level; reuse holds 12
// states idle, the pool 8. Without withReuse the run has no reuse candidate.
func reuseBoundSamples(rounds int, withReuse bool) []matrix.Sample {
	cell := matrix.Cell{Platform: "linux/amd64", Workload: "mixed", DOP: 1, Phase: hostresult.Warm, Backend: "pages"}
	var out []matrix.Sample
	for r := range rounds {
		level := 20e6 * (1 + 0.05*float64(r%3))
		for _, v := range []struct {
			name  string
			ns    float64
			idle  int64
			reuse bool
		}{
			{"control", level * 1.3, 0, false},
			{"pooled/8", level * (1.10 + 0.001*float64(r%5)), 8 * 350336, false},
			{stats.ReuseBound, level, 12 * 350336, true},
		} {
			if v.reuse && !withReuse {
				continue
			}
			out = append(out, matrix.Sample{Run: "R1", Cell: cell, Variant: v.name, Round: r, OK: true,
				Result: &hostresult.Result{Variant: strings.Split(v.name, "/")[0], Ops: 1000, ElapsedNs: int64(v.ns), IdleBytes: v.idle,
					OutputBytes: 42, Digest: "d"}})
		}
	}
	return out
}

func TestWriteReuseBound(t *testing.T) {
	for _, tt := range []struct {
		name      string
		rounds    int
		withReuse bool
		want      []string // empty: no section
	}{
		{"paired", 8, true, []string{"## The reuse bound", "| linux/amd64 | pages | mixed | 1 | warm | pooled/8 | +10 [+10, +10] | 2.673 MiB | 4.009 MiB |"}},
		{"thin", 4, true, []string{"| pooled/8 | +10 (4 pairs, no CI) |"}},
		{"no reuse", 8, false, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a, err := stats.Analyze(reuseBoundSamples(tt.rounds, tt.withReuse), stats.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			writeReuseBound(&b, &model{Analysis: a})
			got := b.String()
			if len(tt.want) == 0 && got != "" {
				t.Fatalf("a run without reuse wrote:\n%s", got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("section lacks %q:\n%s", w, got)
				}
			}
		})
	}
}

func TestDistanceCell(t *testing.T) {
	for _, tt := range []struct {
		d    stats.Distance
		want string
	}{
		{stats.Distance{Pairs: 12, Ratio: 1.08, Lo: 1.03, Hi: 1.12}, "+8 [+3, +12]"},
		{stats.Distance{Pairs: 12, Ratio: 0.995, Lo: 0.99, Hi: 1.001}, "~ -0.5 [-1, +0.1]"}, // the interval holds 0
		{stats.Distance{Pairs: 4, Ratio: 1.2, Hi: math.Inf(1)}, "+20 (4 pairs, no CI)"},
		{stats.Distance{Ratio: math.NaN(), Hi: math.Inf(1)}, "n/a"},
	} {
		if got := distanceCell(tt.d); got != tt.want {
			t.Errorf("distanceCell(%+v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

// TestIdleKeptNamesTheReuseBound: a decision cell the reuse bound wins gives its idle memory under the
// table, though it has no capacity (a state per worker and configuration is its price); control, which
// keeps nothing, never does.
func TestIdleKeptNamesTheReuseBound(t *testing.T) {
	ratios := func(est float64) *lifetime.Comparison {
		c := &lifetime.Comparison{Pairs: 8}
		for _, n := range lifetime.DecisionNs {
			c.Ratios = append(c.Ratios, lifetime.Ratio{N: n, Estimate: est, Lo: est - 0.05, Hi: est + 0.05})
		}
		return c
	}
	l := &stats.Lifetime{
		Comparisons: map[string]*lifetime.Comparison{stats.ReuseBound: ratios(0.5), "pooled/8": ratios(0.8)},
		Idle: map[string]stats.Idle{stats.ReuseBound: {Cold: 12 * 350336, Warm: 12 * 350336},
			"pooled/8": {Capacity: 8, Cold: 8 * 350336, Warm: 8 * 350336}, "control": {Warm: 0}},
	}
	l.Platform, l.Backend, l.Workload, l.DOP = "linux/amd64", "libc", "mixed", 1
	m := &model{Life: &lifeView{control: "control", cells: []*stats.Lifetime{l}},
		Analysis: &stats.Analysis{Cells: []*stats.Cell{{Cell: matrix.Cell{Workload: "mixed"}}}}}
	got := idleKept(m, []*stats.Lifetime{l})
	if want := "Idle memory the winners that keep states (pooled, reuse) keep: 4.009 MiB (mixed: reuse)."; got != want {
		t.Errorf("idleKept = %q, want %q", got, want)
	}
}
