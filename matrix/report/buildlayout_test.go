package report

import (
	"encoding/json"
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
			pages := laidOut(t, Options{In: []string{writeResults(t, tc.samples)}, Name: "v"})
			checkLayoutPage(t, allText(pages), tc.want, tc.unwant)
			if t.Failed() {
				t.Logf("environment.md:\n%s", pages[environmentPage])
			}
		})
	}
}

// A run that rotated every candidate through link layouts says so on the first page and in
// environment.md, and no longer says that rotation is not yet done; a run that did not keeps the text.
func TestBuildLayoutRotated(t *testing.T) {
	cell := matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: 1, Phase: "warm", Backend: "libc"}
	plan := matrix.Plan{Variants: []string{"control", matrix.AA, "control@layout=3"}, Rounds: 12, Layouts: matrix.RotationLayouts(2)}
	var ss []matrix.Sample
	for r := range plan.Rounds {
		for i, v := range plan.Variants {
			ns := 1e6 * (1 + 0.002*math.Sin(float64(7*r+3*i)))
			if v == "control@layout=3" {
				ns *= 1.10 // a layout 10% slower: past the margin
			}
			ss = append(ss, matrix.Sample{Run: "r", Cell: cell, Variant: v, Round: r, Position: (r + i) % len(plan.Variants), OK: true, Layout: plan.RoundLayout(v, r),
				Result: &hostresult.Result{Ops: 100, ElapsedNs: int64(ns), OutputBytes: 5, Digest: "d"}})
		}
	}
	rotated := "every variant rotated through 2 link layouts across rounds; aa never shared control's layout in a round"
	for _, tc := range []struct {
		name         string
		layouts      []int64
		want, unwant []string
	}{
		{"rotated", plan.Layouts, []string{"(control's code linked in another function layout than control's in each round: " + rotated + "; its own place in each round)",
			"**exceeds the margin**: " + rotated}, []string{"not yet done", "`-randlayout=101"}},
		{"one layout each", nil, []string{"not yet done: variants keep one layout each"}, []string{rotated}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "run")
			os.MkdirAll(dir, 0o755)
			os.Rename(writeResults(t, ss), filepath.Join(dir, "samples.jsonl"))
			p := plan
			p.Layouts = tc.layouts
			m, _ := json.Marshal(matrix.Manifest{Run: "r", Profile: "quick", Plan: p, Status: matrix.StatusComplete, Samples: len(ss), Planned: len(ss)})
			os.WriteFile(filepath.Join(dir, "run.json"), m, 0o644)
			pages := laidOut(t, Options{In: []string{dir}, Name: "v"})
			checkLayoutPage(t, allText(pages), tc.want, tc.unwant) // allText holds environment.md
			if t.Failed() {
				t.Logf("environment.md:\n%s", pages[environmentPage])
			}
		})
	}
}

// checkLayoutPage reports each of want that page lacks and each of unwant it says.
func checkLayoutPage(t *testing.T, page string, want, unwant []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(page, w) {
			t.Errorf("report lacks %q", w)
		}
	}
	for _, w := range unwant {
		if strings.Contains(page, w) {
			t.Errorf("report says %q", w)
		}
	}
}

// A page says every variant rotated only when every one of its runs did: a merge with a run that kept one
// layout per variant, or whose run.json could not be read, says nothing of rotation.
func TestRotatedLayoutsEveryRun(t *testing.T) {
	rot := func(n int) source {
		return source{Manifest: &matrix.Manifest{Plan: matrix.Plan{Layouts: matrix.RotationLayouts(n)}}}
	}
	for _, tc := range []struct {
		name    string
		sources []source
		want    int
	}{
		{"one rotating run", []source{rot(2)}, 2},
		{"two rotating runs, the fewer layouts", []source{rot(3), rot(2)}, 2},
		{"merged with a run that did not rotate", []source{rot(2), rot(0)}, 0},
		{"merged with an unreadable run.json", []source{rot(2), {}}, 0},
		{"no runs", nil, 0},
	} {
		if got := (&model{Sources: tc.sources}).rotatedLayouts(); got != tc.want {
			t.Errorf("%s: %d layouts, want %d", tc.name, got, tc.want)
		}
	}
}
