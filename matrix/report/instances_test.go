package report

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/report/reporttest"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// TestInstancesSection: two runner instances whose candidate effects point opposite ways are shown per
// instance and named as disagreeing; a single instance writes nothing.
func TestInstancesSection(t *testing.T) {
	cell := matrix.Cell{Platform: "linux/amd64", Backend: "libc", Workload: "fixed", DOP: 1, Phase: "warm"}
	var samples []matrix.Sample
	for i, run := range []string{"r1", "r2"} {
		effect := []float64{0.95, 1.05}[i]
		for round := range 12 {
			jitter := 1 + 0.002*float64(round%5)
			for pos, v := range []string{"control", "pooled/8"} {
				ms := 20.0 * jitter
				if v != "control" {
					ms *= effect * (1 + 0.001*float64(round%3))
				}
				samples = append(samples, matrix.Sample{Run: run, Cell: cell, Variant: v, Round: round, Position: pos, OK: true,
					Result: &hostresult.Result{Variant: v, Ops: 1000, ElapsedNs: int64(math.Round(ms * 1e6)), OutputBytes: 1, Digest: "d"}})
			}
		}
	}
	a, err := stats.Analyze(samples, stats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	writeInstances(&b, &model{Analysis: a})
	out := b.String()
	for _, want := range []string{"## Runner instances", "2 runner instances", "r1: -5", "faster", "r2: +5", "slower", "**instances disagree**", "K 2"} {
		if !strings.Contains(out, want) {
			t.Errorf("section lacks %q:\n%s", want, out)
		}
	}
	one, _ := stats.Analyze(samples[:24], stats.Options{})
	b.Reset()
	writeInstances(&b, &model{Analysis: one})
	if b.Len() != 0 {
		t.Errorf("one instance wrote %q", b.String())
	}
}

// TestMergedInstances: `lab merge` of two replicas reports each instance's estimate and the combined one
// with its heterogeneity (cells.json and cells.md), and replicas whose candidate effects point opposite
// ways give that cell no faster or slower verdict.
func TestMergedInstances(t *testing.T) {
	for _, tc := range []struct {
		name     string
		slow     [2]float64
		disagree bool
	}{{"same direction", [2]float64{1.3, 1.1}, false}, {"opposite", [2]float64{1.2, 0.8}, true}} {
		t.Run(tc.name, func(t *testing.T) {
			tmp := t.TempDir()
			a, b := filepath.Join(tmp, "a"), filepath.Join(tmp, "b")
			reporttest.WriteReplica(t, a, "20261201T110000Z-linux-amd64-aaaaaaaa", 1, tc.slow[0])
			reporttest.WriteReplica(t, b, "20261201T120000Z-linux-amd64-bbbbbbbb", 2, tc.slow[1])
			jitter(t, a)
			jitter(t, b)
			merged := filepath.Join(tmp, "merged")
			if _, err := resultsdir.MergeDirs(merged, []string{a, b}); err != nil {
				t.Fatal(err)
			}
			p, err := Render(Options{In: []string{merged}, Out: filepath.Join(tmp, "out"), Name: "x", Date: goldenDate})
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(filepath.Join(filepath.Dir(p), stats.CellsFile))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			cells, err := stats.ReadCells(f)
			if err != nil {
				t.Fatal(err)
			}
			seen := 0
			for _, r := range cells.Records {
				if r.Metric != stats.Elapsed.Name {
					continue
				}
				seen++
				if len(r.Instances) != 2 || r.Heterogeneity == nil || r.Heterogeneity.K != 2 || r.Test != "moderated-t" || r.Moderation == nil {
					t.Errorf("%s %s: instances %+v, heterogeneity %+v, test %s", r.Workload, r.Phase, r.Instances, r.Heterogeneity, r.Test)
					continue
				}
				// reporttest.WriteReplica's 6 rounds cannot reach the family's 97.5% in one instance (its smallest p is
				// 2/64), so the instances' own verdicts stay inconclusive here; stats' tests check Disagree
				// with 12 rounds. What matters: opposite instances never make the cell faster or slower.
				if tc.disagree && (r.Verdict == stats.Faster || r.Verdict == stats.Slower || r.Heterogeneity.I2 < 0.9) {
					t.Errorf("%s %s: verdict %s, I2 %v", r.Workload, r.Phase, r.Verdict, r.Heterogeneity.I2)
				}
			}
			if seen == 0 {
				t.Fatal("no elapsed-time record")
			}
			page, _ := os.ReadFile(filepath.Join(filepath.Dir(p), cellsPage))
			if !strings.Contains(string(page), "## Runner instances") {
				t.Error("cells.md has no Runner instances section")
			}
		})
	}
}

// jitter gives a replica's pooled samples a little round-to-round noise (reporttest.WriteReplica's ratios are all
// equal, and equal log ratios have no signed-rank interval).
func jitter(t *testing.T, dir string) {
	t.Helper()
	reporttest.EditSamples(t, dir, func(s *matrix.Sample) {
		if s.Variant == "pooled" {
			r := *s.Result
			r.ElapsedNs = int64(float64(r.ElapsedNs) * (1 + 0.002*float64(s.Round)))
			s.Result = &r
		}
	})
}
