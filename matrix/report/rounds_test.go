package report

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/runner"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// TestRoundsPerCell renders an adaptive run whose two cells closed after different rounds (one decided
// at 4 of 10, one re-sampled 2 extra rounds after its 10) and checks the page's rounds section and
// cells.json.
func TestRoundsPerCell(t *testing.T) {
	p, _ := runner.ProfileByName("smoke")
	plan := p.Plan
	plan.Platform, plan.Backends, plan.Workloads, plan.Phases, plan.DOPs = "linux/amd64", []string{"pages"}, []string{"fixed"}, []string{"warm"}, []int{1, 2}
	plan.Variants, plan.Rounds, plan.Adaptive = []string{"control", "pooled/8"}, 10, &matrix.DefaultAdaptive
	plan.Resample = &matrix.Resample{MaxExtra: 2}
	cells := plan.Cells()
	rounds := []int{4, 12}
	var samples []matrix.Sample
	for i, cell := range cells {
		for r := range rounds[i] {
			for pos, v := range plan.RoundOrder(i, r) {
				ns := 1e6 * (1 + 0.001*float64(r%3))
				if v != "control" {
					ns *= 0.5 * math.Exp(0.002*float64(r%2))
				}
				samples = append(samples, matrix.Sample{Run: "r1", Cell: cell, Variant: v, Round: r, Position: pos, OK: true,
					Result: &hostresult.Result{Variant: v, Phase: cell.Phase, DOP: cell.DOP, Ops: 100, ElapsedNs: int64(ns), OutputBytes: 1, Digest: "d", ZlibNG: plan.ZlibNG}})
			}
		}
	}
	dir := filepath.Dir(writeResults(t, samples))
	m := matrix.Manifest{Run: "r1", Profile: "smoke", Plan: plan, Start: time.Now(), Status: matrix.StatusComplete, Samples: len(samples), Planned: plan.Samples(),
		Stopping: "the test's rule", Cells: []matrix.CellRun{
			{Cell: cells[0], Rounds: 4, Base: 4, ClosedBy: matrix.ClosedDecided},
			{Cell: cells[1], Rounds: 12, Base: 10, ClosedBy: matrix.ClosedStable},
		}}
	b, _ := json.Marshal(m)
	if err := os.WriteFile(filepath.Join(dir, resultsdir.ManifestFile), b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := Render(Options{In: []string{dir}, Out: t.TempDir(), Name: "adaptive"})
	if err != nil {
		t.Fatal(err)
	}
	page := reportText(t, filepath.Dir(out))
	if strings.Contains(page, "Run `r1` is **") || strings.Contains(page, "lines were left out") {
		t.Errorf("the banner calls a finished adaptive run (fewer samples than its cap allows) incomplete, or its extra rounds unplanned:\n%s", page)
	}
	sec, _ := cutSection(page, "## Rounds per cell")
	for _, want := range []string{"the test's rule", "| 4 (of 10) | every comparison decided | - |", "| 12 (of 10) | re-sampled: the regimes did not hold | 2: outvoted the transient regime |", "pooled/8 4 faster"} {
		if !strings.Contains(sec, want) {
			t.Errorf("rounds section lacks %q:\n%s", want, sec)
		}
	}
	data, err := os.ReadFile(filepath.Join(filepath.Dir(out), stats.CellsFile))
	if err != nil {
		t.Fatal(err)
	}
	var cj stats.Cells
	if err := json.Unmarshal(data, &cj); err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, r := range cj.Records {
		if r.Metric != stats.Elapsed.Name {
			continue
		}
		seen++
		if r.Test != "confidence-sequence" || r.RoundsPlanned != 10 || r.ClosedBy == "" || r.Verdict != stats.Faster {
			t.Errorf("cells.json record %s DOP %d: test %q, closedBy %q, roundsPlanned %d, verdict %q", r.Workload, r.DOP, r.Test, r.ClosedBy, r.RoundsPlanned, r.Verdict)
		}
	}
	if seen != 2 {
		t.Errorf("%d elapsed records, want 2", seen)
	}
}
