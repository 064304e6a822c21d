package report

import (
	"math"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// flagsModel is a small model whose validity data raise every first-page flag: underpowered A/A intervals
// with an unstable A/A cell, the lifetime family above its level under label swaps, harness overhead of
// 3%, one cell whose runner instances disagree, one elapsed/lifetime disagreement, and pool capacities
// that are one treatment.
func flagsModel(underpowered bool) *model {
	cell := func(dop int, phase string) matrix.Cell {
		return matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: dop, Phase: phase, Backend: "libc"}
	}
	a := &stats.Analysis{Cells: []*stats.Cell{
		{Cell: cell(1, "warm"), Deltas: []*stats.Delta{{Candidate: "pooled/8", Metric: stats.Elapsed.Name, Instances: &stats.Instances{Disagree: true}}}},
		{Cell: cell(4, "warm"), Deltas: []*stats.Delta{{Candidate: "pooled/8", Metric: stats.Elapsed.Name, Instances: &stats.Instances{}}}},
	}}
	v := &stats.Validity{
		Power: stats.Power{Margin: 0.02, Multiple: 4, AAWidth: 9.5, AAMaxWidth: 21, AACells: 8, Basis: "aa", Underpowered: underpowered,
			Detectable: stats.FamilyDetectable{Percent: 6.25, Confidence: 0.9975, K: 1},
			AAUnstable: []stats.CellRef{{Platform: "linux/amd64", Backend: "libc", Workload: "mixed", DOP: 4, Phase: "warm"}}},
		Calibration: &stats.Calibration{Swaps: 20, Families: []stats.FamilyCalibration{
			{Family: "elapsed", Rate: 0.028, Nominal: 0.035},
			{Family: "lifetime", Rate: 0.072, Nominal: 0.03, Exceeds: true},
		}},
		Harness:       []stats.HarnessOverhead{{Run: "r1", NsPerOp: 650, Share: 0.03, Warn: true}},
		Disagreements: []stats.Disagreement{{Cell: cell(1, "cold"), Candidate: "splitalloc", Elapsed: stats.Slower}},
		SameTreatment: []stats.SameTreatment{
			{Cell: cell(1, "warm"), Candidates: []string{"pooled/8", "pooled/12", "pooled/16"}},
			{Cell: cell(4, "cold"), Candidates: []string{"pooled/8", "pooled/12", "pooled/16"}},
		},
	}
	return &model{Analysis: a, Validity: v, Load: map[string]*loadInfo{"linux/amd64": {Cores: 2}}}
}

func TestFirstPageFlags(t *testing.T) {
	m := flagsModel(true)
	if h := underpoweredHead(m); !strings.HasPrefix(h, "⚠ **Underpowered**") {
		t.Errorf("run line head %q: want underpowered first", h)
	}
	if h := underpoweredHead(flagsModel(false)); h != "" {
		t.Errorf("run line head %q for a run with power", h)
	}
	flags := strings.Join(validityFlags(m), "\n")
	for _, want := range []string{
		"**Underpowered**: the smallest change it decides with 80% probability is +6.2% (elapsed time, at the family's 99.75% level), more than 4% (twice the ±2% margin",
		"**A/A lifetime family at 7.2% under label swaps, above its 3.0% level** (20 swaps",
		"**Harness overhead 3% of the fastest operation** (650 ns per operation, run `r1`)",
		"**Runner instances disagree in 1 of 2 cells** (pooled/8 libc fixed/1 warm)",
		"**Elapsed time and lifetime cost disagree in direction in 1 cold cell** (splitalloc libc fixed/1)",
	} {
		if !strings.Contains(flags, want) {
			t.Errorf("flags lack %q:\n%s", want, flags)
		}
	}
	if strings.Contains(flags, "A/A elapsed family") {
		t.Errorf("a family within its level is flagged:\n%s", flags)
	}
	// The warnings line gives each flag's head once, and leaves "underpowered" to the run line.
	heads := make([]string, 0)
	for _, r := range validityFlags(m) {
		if !onRunLines(r) {
			heads = append(heads, reasonHead(r))
		}
	}
	if got := strings.Join(heads, "; "); got != "A/A lifetime family at 7.2% under label swaps, above its 3.0% level; "+
		"Harness overhead 3% of the fastest operation; Runner instances disagree in 1 of 2 cells; "+
		"Elapsed time and lifetime cost disagree in direction in 1 cold cell" {
		t.Errorf("warnings line heads: %q", got)
	}
	if p := aaPower(m); p != "its intervals are 9.5 points wide at the median (widest 21.0), against the ±2% margin; the run's smallest "+
		"detectable change, +6.2%, is above twice the margin (**underpowered**); 1 cell ran at two speeds (unstable: libc mixed/4‡ warm)" {
		t.Errorf("A/A power sentence %q", p)
	}
	var b strings.Builder
	writeSameTreatment(&b, m)
	if !strings.Contains(b.String(), "**Same treatment, never ranked:** pooled/8, /12, /16 in libc fixed at DOP 1, 4‡ -") {
		t.Errorf("same-treatment line: %q", b.String())
	}
	// Without validity data nothing is said.
	empty := &model{Analysis: &stats.Analysis{}}
	if underpoweredHead(empty) != "" || len(validityFlags(empty)) != 0 || aaPower(empty) != "" {
		t.Error("flags raised without validity data")
	}
	nanWidth := flagsModel(false)
	nanWidth.Validity.Power.AAWidth = math.NaN()
	if aaPower(nanWidth) != "" {
		t.Error("an A/A width of NaN is printed")
	}
}

// A candidate that is the same treatment as a smaller capacity in a cell reads "=/8" there in the compact
// verdicts, reported as one with it; the smallest keeps its own result.
func TestSameTreatmentToken(t *testing.T) {
	m := flagsModel(false)
	d := &stats.Delta{}
	out := func(dop int, cl stats.Class, over bool) stats.Outcome {
		return stats.Outcome{Workload: "fixed", DOP: dop, Class: cl, Oversubscribed: over, Delta: d}
	}
	v12 := &stats.Verdict{Candidate: "pooled/12", Platform: "linux/amd64", Backend: "libc", Phase: "warm",
		Outcomes: []stats.Outcome{out(1, stats.Faster, false), out(4, stats.Inconclusive, true), out(8, stats.Inconclusive, true)}}
	if got := m.groupedSummary(v12); got != "=/8 · ‡ ~" {
		t.Errorf("pooled/12: %q, want \"=/8 · ‡ ~\"", got)
	}
	v8 := *v12
	v8.Candidate = "pooled/8"
	if got := m.groupedSummary(&v8); strings.Contains(got, "=") {
		t.Errorf("pooled/8, the smallest, reads %q", got)
	}
}
