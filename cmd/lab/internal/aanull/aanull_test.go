package aanull

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/report/reporttest"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// aaReplica writes a replica whose candidate is the A/A control (pooled renamed aa, at control's speed
// but for a little noise).
func aaReplica(t *testing.T, dir string) {
	t.Helper()
	reporttest.WriteReplica(t, dir, "20261201T110000Z-linux-amd64-aaaaaaaa", 1, 1)
	reporttest.EditSamples(t, dir, func(s *matrix.Sample) {
		if s.Variant == "pooled" {
			s.Variant = matrix.AA
			r := *s.Result
			r.ElapsedNs = int64(float64(r.ElapsedNs) * (1 + 0.01*float64(s.Round%3-1)))
			s.Result = &r
		}
	})
	os.Remove(filepath.Join(dir, resultsdir.ManifestFile)) // its plan names pooled, not aa
}

func TestAANull(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r")
	aaReplica(t, dir)
	var out strings.Builder
	if err := Run(context.Background(), Options{In: []string{dir}, Swaps: 3, Seed: 7}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## A/A label-swap null: 3 swaps (seed 7, positions kept), lifetime intervals by signflip", "elapsed time: A/A cells named faster or slower | 2 |"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	var outside strings.Builder
	if err := Run(context.Background(), Options{In: []string{dir}, Swaps: 3, Seed: 7, SwapStyle: stats.PositionsWithLabels}, &outside); err != nil {
		t.Fatal(err)
	}
	if want := "(seed 7, positions exchanged with the labels)"; !strings.Contains(outside.String(), want) {
		t.Errorf("outside swaps: output lacks %q:\n%s", want, outside.String())
	}
	noAA := filepath.Join(t.TempDir(), "n")
	reporttest.WriteReplica(t, noAA, "20261201T120000Z-linux-amd64-bbbbbbbb", 1, 1.2)
	// The flags' checks are cmd/lab's (its TestRun); what is left here is the results' own fault.
	if err := Run(context.Background(), Options{In: []string{noAA}, Swaps: 2, Seed: 1}, &out); err == nil || !strings.Contains(err.Error(), "no aa samples") {
		t.Errorf("results without aa: error %v, want one with %q", err, "no aa samples")
	}
}

// TestSplitPseudoInstances: each run's rounds go to round mod n of its pseudo-instances, every sample
// kept, so the instances' combination sees n times the instances with 1/n of the rounds each.
func TestSplitPseudoInstances(t *testing.T) {
	var samples []matrix.Sample
	for _, run := range []string{"a", "b"} {
		for r := range 6 {
			samples = append(samples, matrix.Sample{Run: run, Round: r, Variant: matrix.AA})
		}
	}
	splitPseudoInstances(samples, 3)
	perRun := map[string]int{}
	for _, s := range samples {
		if want := fmt.Sprintf("%s/%d", s.Run[:1], s.Round%3); s.Run != want {
			t.Errorf("round %d: run %q, want %q", s.Round, s.Run, want)
		}
		perRun[s.Run]++
	}
	if len(perRun) != 6 {
		t.Errorf("pseudo-instances %v: want 6 of 2 rounds each", perRun)
	}
}

// TestSliceWords: a slice scenario is named by its parts, a zero part left out.
func TestSliceWords(t *testing.T) {
	for _, c := range []struct {
		sc   stats.ModerationScenario
		want string
	}{
		{stats.ModerationScenario{}, "aa"},
		{stats.ModerationScenario{Workload: "fixed"}, "aa, fixed"},
		{stats.ModerationScenario{DOPClass: stats.DOPContention}, "aa, contention"},
		{stats.ModerationScenario{Workload: "mixed", Phase: "warm", AllCandidates: true}, "every candidate, mixed, warm"},
		{stats.ModerationScenario{OneInstance: true}, "aa, one instance"},
	} {
		if got := sliceWords(c.sc); got != c.want {
			t.Errorf("%+v: %q, want %q", c.sc, got, c.want)
		}
	}
}
