package report

import (
	"math"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

func TestValidityChecksSection(t *testing.T) {
	cell := matrix.Cell{Platform: "linux/amd64", Backend: "libc", Workload: "fixed", DOP: 1, Phase: "cold"}
	v := stats.Validity{
		Power: stats.Power{Margin: 0.02, Multiple: 4, AAWidth: 31, AAMaxWidth: 150, AAWidth95: 12, AACells: 8, Basis: "aa", Underpowered: true,
			AAUnstable: []stats.CellRef{{Backend: "libc", Workload: "fixed", DOP: 8, Phase: "warm"}}},
		DOPs:          []stats.DOPGroups{{Platform: "linux/amd64", Processors: 2, Latency: []int{1}, Throughput: []int{4, 8, 12}}},
		SameTreatment: []stats.SameTreatment{{Cell: cell, Candidates: []string{"pooled/8", "pooled/12"}}},
		Harness:       []stats.HarnessOverhead{{Run: "r", NsPerOp: 1600, Share: 0.05, Warn: true}, {Run: "none", Share: math.NaN()}},
		Disagreements: []stats.Disagreement{{Cell: cell, Candidate: "pooled/8", Elapsed: stats.Slower, ElapsedPct: 30, N: 100, Ratio: 0.5, Lo: 0.4, Hi: 0.6,
			WallShare: [2]float64{3, 1}, Reasons: []stats.DisagreementReason{stats.WallBeyondOperations}}},
	}
	var b strings.Builder
	writeValidityChecks(&b, &model{Validity: &v})
	out := b.String()
	for _, want := range []string{"31 points wide at the median (widest 150, 8 cells; 12 at 95%)", "**underpowered**", "libc fixed/8 warm",
		"DOP 1: one operation's latency; DOP 4, 8 and 12: throughput under contention", "pooled/8, pooled/12 in libc fixed/1 cold",
		"5.00% of the fastest operation, **above** the 1% limit", "elapsed time says slower (+30%) but its lifetime cost over 100 operations is -50% [-60, -40]: the wall clock holds +200% beyond"} {
		if !strings.Contains(out, want) {
			t.Errorf("section lacks %q:\n%s", want, out)
		}
	}
	b.Reset()
	writeValidityChecks(&b, &model{})
	if b.Len() != 0 {
		t.Errorf("no validity data wrote %q", b.String())
	}
}
