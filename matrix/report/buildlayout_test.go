package report

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// The first page says what aa ran (control's code in another layout, or, in a run older than that,
// control's own binary), and environment.md the run's layout sensitivity against the margin.
func TestBuildLayout(t *testing.T) {
	cell := matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: 1, Phase: "warm", Backend: "libc"}
	// layout3 is control@layout=3's time relative to control: within the margin, or 10% slower.
	run := func(aaLayout int64, layout3 float64) []matrix.Sample {
		vs := []string{"control", matrix.AA, "control@layout=3"}
		var ss []matrix.Sample
		for r := range 12 {
			for i, v := range vs {
				ns := 1e6 * (1 + 0.002*math.Sin(float64(7*r+3*i))) // a little noise, the same for every variant
				switch v {
				case "control@layout=3":
					ns *= layout3
				case matrix.AA:
					ns *= 1.001
				}
				layout := matrix.Layout(v)
				if v == matrix.AA {
					layout = aaLayout
				}
				ss = append(ss, matrix.Sample{Run: "r", Cell: cell, Variant: v, Round: r, Position: (r + i) % len(vs), OK: true, Layout: layout,
					Result: &hostresult.Result{Ops: 100, ElapsedNs: int64(ns), OutputBytes: 5, Digest: "d"}})
			}
		}
		return ss
	}
	for _, tc := range []struct {
		name         string
		samples      []matrix.Sample
		want, unwant []string
	}{
		{"aa in layout 45, layouts within the margin", run(matrix.AALayout, 1.003),
			[]string{"(control's code linked in another function layout, `-randlayout=45`; its own place in each round)",
				"| linux/amd64 | 2 | 1 |", "within the margin: every comparison ≈",
				"aa = control's code in another link layout", "control@layout=N = control's code linked in function layout N"},
			[]string{"exceeds the margin"}},
		{"a layout 10% slower", run(matrix.AALayout, 1.10),
			[]string{"| linux/amd64 | 2 | 1 |", "**exceeds the margin**", "(control@layout=3, fixed/1 warm, libc)"},
			[]string{"within the margin: every"}},
		{"a run older than aa's layout", run(0, 1.003),
			[]string{"(the same binary, so build layout is not covered; its own place", "| linux/amd64 | 1 | 1 |", "aa = control's own host"},
			[]string{"`-randlayout=45`"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page, dir := renderValidity(t, tc.samples)
			for _, w := range tc.want {
				if !strings.Contains(page, w) {
					t.Errorf("report lacks %q", w)
				}
			}
			for _, w := range tc.unwant {
				if strings.Contains(page, w) {
					t.Errorf("report says %q", w)
				}
			}
			if t.Failed() {
				env, _ := os.ReadFile(filepath.Join(dir, "environment.md"))
				t.Logf("environment.md:\n%s", env)
			}
		})
	}
}
