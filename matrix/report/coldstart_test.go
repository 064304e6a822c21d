package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// coldStartFixture writes a results directory whose timelines and capacities have known shapes:
// control's first operation takes 200 µs, operations 2-8 100 µs, the rest 20 µs; every pooled capacity's
// first takes 200 µs and the rest 10 µs; on the mixed workload pooled/8 is 50% slower than control when
// warm and pooled/12 20% faster. Each sample adds up to 3% of jitter, so that intervals are finite.
func coldStartFixture(t *testing.T) string {
	t.Helper()
	const rounds, ops = 8, 100
	dir := t.TempDir()
	var lines []string
	idleSlot := int64(350000)
	for _, w := range []string{"fixed", "mixed"} {
		for _, phase := range []string{hostresult.Cold, hostresult.Warm} {
			for r := range rounds {
				for vi, v := range []string{"control", "pooled/8", "pooled/12"} {
					jitter := 1 + 0.03*float64((r*7+vi*3)%rounds)/rounds
					perOp := func(i int) float64 { // µs of operation i (0-based)
						switch {
						case phase == hostresult.Cold && i == 0:
							return 200
						case v == "control" && phase == hostresult.Cold && i < 8:
							return 100
						case v == "control":
							return 20
						case w == "mixed" && phase == hostresult.Warm && v == "pooled/8":
							return 30
						case w == "mixed" && phase == hostresult.Warm:
							return 16
						}
						return 10
					}
					tl := make([]int64, hostresult.Bins(ops))
					var total int64
					for i := range ops {
						ns := int64(perOp(i) * 1000 * jitter)
						tl[hostresult.Bin(i)] += ns
						total += ns
					}
					res := &hostresult.Result{Variant: strings.Split(v, "/")[0], Backend: "pages", Workload: w, Phase: phase, DOP: 1, Ops: ops,
						ElapsedNs: total, TimelineNs: tl, OutputBytes: 1000, Digest: "00000000000000aa",
						Env: hostresult.Env{GOOS: "linux", GOARCH: "amd64", CPU: "Fixture CPU", NumCPU: 2, GOMAXPROCS: 2, GoVersion: "go1.26.8"}}
					if v != "control" {
						res.PoolCapacity = map[string]int{"pooled/8": 8, "pooled/12": 12}[v]
						res.IdleBytes = int64(res.PoolCapacity) * idleSlot
					}
					s := matrix.Sample{Run: "R1", Cell: matrix.Cell{Platform: "linux/amd64", Workload: w, DOP: 1, Phase: phase, Backend: "pages"},
						Variant: v, Round: r, OK: true, WallNs: total * 2, Result: res}
					b, err := json.Marshal(s)
					if err != nil {
						t.Fatal(err)
					}
					lines = append(lines, string(b))
				}
			}
		}
	}
	if err := os.WriteFile(filepath.Join(dir, resultsdir.SamplesFile), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := matrix.Manifest{Run: "R1", Profile: "fixture", Start: time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC), Status: matrix.StatusComplete,
		Harness: &matrix.Harness{Calibration: hostresult.Calibration{NsPerOp: 67, Ops: 20000, Repeats: 5, OutputBytes: 2816}, Variant: "control"}}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, resultsdir.ManifestFile), b, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestColdStartSections checks what the cold-start and capacity sections, and their charts, say of
// coldStartFixture's known shapes; TestSectionGolden compares the same sections whole
// (testdata/sections/coldstart), so a change of wording shows there and a wrong figure here.
func TestColdStartSections(t *testing.T) {
	m := withCharts(t, analysed(t, Options{In: []string{coldStartFixture(t)}, Name: "cold"}))
	page := sectionText(t, m, "coldstart", "coldstart-charts", "capacity", "capacity-charts")
	for _, want := range []string{
		"## First operations of a process",
		// 67 ns against the fastest warm DOP 1 operation, pooled's 10 µs (plus jitter): 0.7%.
		"Harness overhead (run R1): 67 ns per operation",
		"0.7% of the fastest operation in this report (pooled/8, pages, fixed, DOP 1, warm: 10.1",
		"| Variant | First op, us | Change, % [interval] | First 8 ops, us |",

		// control's ops 9.. run at 20 µs, its warm level: converged from operation 9; pooled's from 2.
		"| 9 |",
		"| 2 |",
		"## Capacities against control",
		"linux/amd64, pages, mixed, DOP 1, warm: stops losing at pooled/12; faster than control from pooled/12. Change vs control in %: pooled/8 +",
		"(idle 2.670 MiB); pooled/12 -2",
		"| linux/amd64 | pages | mixed | 1 | pooled/12 | 4.005 MiB |",
		"pooled/8 +4",
		"![Pool capacity, linux/amd64, pages](capacity-linux-amd64-pages.svg)",
		"![Cold start, linux/amd64, pages, Fixed configuration, DOP 1](timeline-linux-amd64-pages-fixed-dop1.svg)",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	// The first operation costs the same (not significant); the first 8 cost 200+7x10 = 270 against
	// 200+7x100 = 900 µs: about -70%, significant.
	row := regexp.MustCompile(`\| pooled/8 \| 20\d\.\d \[[^]]+\] \| [~≈] [^|]+ \| 27\d\.\d \[[^]]+\] \| -(69|70|71) \[`)
	if !row.MatchString(page) {
		t.Errorf("first-operation row of pooled/8 does not match %s", row)
	}
	for _, f := range []string{"timeline-linux-amd64-pages-fixed-dop1.svg", "timeline-linux-amd64-pages-mixed-dop1.svg", "capacity-linux-amd64-pages.svg"} {
		if !slices.ContainsFunc(m.Charts, func(c chart) bool { return c.File == f && strings.Contains(string(c.SVG), "<svg") }) {
			t.Errorf("chart %s not drawn", f)
		}
	}
	// The new tables fit the page like every other (TestTablesFitPage).
	for _, tb := range mdTables(page) {
		if w := minTableWidth(tb); w > contentWidth {
			t.Errorf("table %q is at least %.0f px wide, more than %d px", strings.Join(tb[0], " | "), w, contentWidth)
		}
	}
	if t.Failed() {
		t.Log(page)
	}
}

// Results without a timeline, a harness record or pooled/N candidates (older hosts) render as before:
// neither section writes anything, so neither page is written (renderPages).
func TestColdStartAbsentForOldResults(t *testing.T) {
	testdata, _ := filepath.Abs("testdata")
	m := analysed(t, Options{In: []string{testdata}, Name: "old", Date: goldenDate})
	if got := sectionText(t, m, "coldstart", "capacity"); got != "" {
		t.Errorf("old results grew a cold-start or capacity section:\n%s", got)
	}
}
