package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/report/reporttest"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// TestBanner renders results with and without reasons for doubt and checks that the weak-evidence banner
// appears above the verdicts exactly when there is one, naming each reason.
func TestBanner(t *testing.T) {
	cell := matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: 1, Phase: "warm", Backend: "libc"}
	samples := func(rounds int, load float64) []matrix.Sample {
		var out []matrix.Sample
		for r := range rounds {
			for i, v := range []string{"control", "pooled"} {
				out = append(out, matrix.Sample{Run: "r", Cell: cell, Variant: v, Round: r, Position: (r + i) % 2, OK: true,
					Result: &hostresult.Result{Ops: 1000, ElapsedNs: int64(1e6 * float64(10+r) * (1 + float64(i)*(0.5+0.003*float64(r%3)))), OutputBytes: 5, Digest: "d",
						LoadBefore: load, LoadAfter: load, Env: hostresult.Env{NumCPU: 2}}})
			}
		}
		return out
	}
	for _, tc := range []struct {
		name    string
		samples []matrix.Sample
		profile string
		want    []string // in the banner; none: no banner
	}{
		{"sound", samples(12, 1.5), "quick", nil},
		{"smoke", samples(12, 0), "smoke", []string{"**smoke profile**"}},
		{"thin", samples(3, 0), "quick", []string{"1 of 1 cell comparisons have **too few pairs"}},
		{"busy", samples(12, 2.5), "quick", []string{"**24 of 24 samples ran on a busy machine**"}},
		{"failed", append(samples(12, 0), matrix.Sample{Run: "r", Cell: cell, Variant: "pooled", Round: 12, Position: 1, Error: "boom"}), "quick",
			[]string{"**1 of 25 samples failed or disagreed** (1 failed, 0 produced"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := writeResults(t, tc.samples)
			plan := reporttest.PlanOf(tc.samples, tc.profile)
			mf, _ := json.Marshal(matrix.Manifest{Run: "r", Profile: tc.profile, Plan: plan, Status: matrix.StatusComplete, Samples: len(tc.samples), Planned: plan.Samples()})
			if err := os.WriteFile(filepath.Join(filepath.Dir(in), resultsdir.ManifestFile), mf, 0o644); err != nil {
				t.Fatal(err)
			}
			pages := laidOut(t, Options{In: []string{in}, Name: "x"})
			banner, _, _ := strings.Cut(pages[readmeFile], "## Verdicts")
			has := strings.Contains(banner, "**Weak evidence**")
			if has != (len(tc.want) > 0) {
				t.Fatalf("banner shown %v, want %v:\n%s", has, len(tc.want) > 0, banner)
			}
			// The first page names each reason in a line; the environment page gives them in full.
			full := pages[environmentPage]
			for _, w := range tc.want {
				if !strings.Contains(full, w) {
					t.Errorf("full banner lacks %q:\n%s", w, full)
				}
				if head := reasonHead(w); !strings.Contains(banner, strings.TrimSpace(head)) {
					t.Errorf("first page's banner lacks %q:\n%s", head, banner)
				}
			}
		})
	}
}

// The banner's heads: one per reason, in order, "The" lowered after the first; a head given for each of
// several runs is said once with its count; reasons the run lines state are left out.
func TestBannerHeads(t *testing.T) {
	harness := func(run string) string {
		return "**Harness overhead 2% of the fastest operation** (180 ns per operation, run `" + run + "`): above 1%."
	}
	got := bannerHeads([]string{"**Underpowered**: detects 7%.", harness("a"), "The A/A control differs from control in 1 of 24 cells.",
		harness("b"), harness("c")})
	want := []string{"Harness overhead 2% of the fastest operation (×3)", "the A/A control differs from control in 1 of 24 cells"}
	if !slices.Equal(got, want) {
		t.Errorf("heads %q, want %q", got, want)
	}
}
