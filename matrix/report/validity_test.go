package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// validitySamples is a run on 2 processors at DOP 1 and 4, cold and warm, with control, the A/A
// control and pooled/12, 10 rounds: pooled/12's warm DOP 4 rounds 7-9 run at 2.4 times the speed of the
// others (the committed run's libc mixed/12 warm), and aa differs from control by aaFactor.
func validitySamples(aaFactor float64) []matrix.Sample {
	var out []matrix.Sample
	for _, dop := range []int{1, 4} {
		for _, phase := range []string{hostresult.Cold, hostresult.Warm} {
			cell := matrix.Cell{Platform: "linux/amd64", Workload: "mixed", DOP: dop, Phase: phase, Backend: "libc"}
			for r := range 10 {
				noise := 1 + 0.002*float64((r*7)%5)
				for pos, v := range []string{"control", matrix.AA, "pooled/12"} {
					us := 12.0 * noise
					switch {
					case v == matrix.AA:
						us *= aaFactor
					case v == "pooled/12" && dop == 4 && phase == hostresult.Warm && r >= 7:
						us *= 1.1 * 2.4
					case v == "pooled/12":
						us *= 1.1
					}
					ops := 1000
					out = append(out, matrix.Sample{Run: "r", Cell: cell, Variant: v, Round: r, Position: pos, OK: true,
						Result: &hostresult.Result{Ops: ops, ElapsedNs: int64(us * 1000 * float64(ops)), OutputBytes: 5, Digest: "d",
							TimelineNs: timeline(us, ops),
							Env:        hostresult.Env{GOOS: "linux", GOARCH: "amd64", NumCPU: 2, GOMAXPROCS: 2}, OtherCPUMeasured: true}})
				}
			}
		}
	}
	return out
}

// timeline spreads us per operation evenly over ops operations' log2 bins.
func timeline(us float64, ops int) []int64 {
	out := make([]int64, hostresult.Bins(ops))
	for k := range out {
		out[k] = int64(us * 1000 * float64(hostresult.BinOps(k, ops)))
	}
	return out
}

func renderValidity(t *testing.T, samples []matrix.Sample) (page, dir string) {
	t.Helper()
	path, err := Render(Options{In: []string{writeResults(t, samples)}, Out: t.TempDir(), Name: "v"})
	if err != nil {
		t.Fatal(err)
	}
	return reportText(t, filepath.Dir(path)), filepath.Dir(path)
}

// Oversubscribed DOPs are named in the header and the banner, marked in the tables and charts' labels,
// and left out of the per-operation cold-start analyses with the reason.
func TestOversubscriptionLabels(t *testing.T) {
	page, dir := renderValidity(t, validitySamples(1))
	for _, want := range []string{
		"**Oversubscribed on linux/amd64:** 2 processors; DOP 4 runs more workers than that.",
		"**DOP 4 oversubscribed linux/amd64** (2 processors)",
		"| mixed | 4 ‡ |",
		"‡ DOP above the 2 processors: wall time per operation across N workers on 2 processors (throughput)",
		"**linux/amd64: DOP 4 are left out of the timelines and first operations.**",
		"at DOP 4‡",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if strings.Contains(page, "| mixed | 1 ‡ |") {
		t.Error("DOP 1 on 2 processors is marked as throughput")
	}
	if strings.Contains(page, "**Libc, Mixed configurations, DOP 4.**") || strings.Contains(page, "mixed, DOP 4.**") {
		t.Error("the cold-start table has a DOP 4 cell")
	}
	cells := readCells(t, dir)
	for _, r := range cells.Records {
		if r.Oversubscribed != (r.DOP == 4) || r.Processors != 2 {
			t.Errorf("cells.json: DOP %d oversubscribed %v on %d processors", r.DOP, r.Oversubscribed, r.Processors)
		}
	}
}

// The A/A result sits on the first page; a significant A/A cell goes into the banner; an unstable cell is
// listed with its rounds and gets no verdict.
func TestAAAndUnstable(t *testing.T) {
	page, dir := renderValidity(t, validitySamples(1))
	if !strings.Contains(page, "It came out faster or slower in **none of its 4 cells**") {
		t.Error("first page lacks the A/A check's clean result")
	}
	if strings.Contains(page, "A/A control differs") || strings.Contains(page, "A/A lifetimes differ") {
		t.Error("banner reports an A/A failure for identical samples")
	}
	if !strings.Contains(page, "Its lifetime cost differs from control's at **none of its") {
		t.Error("first page lacks the A/A check's clean lifetime result")
	}
	for _, want := range []string{"## Unstable cells", "| libc mixed/4‡ warm | pooled/12 |", "| 13.25 (7) | 31.87 (3) | 2.386x | changes at round 7 |", "unstable at DOP 4‡", "**1 of 8 cell comparisons are unstable**"} {
		if !strings.Contains(page, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	var unstable int
	for _, r := range readCells(t, dir).Records {
		if r.Metric == stats.Elapsed.Name && r.Verdict == stats.Unstable {
			unstable++
			if r.Candidate != "pooled/12" || r.DOP != 4 || r.Phase != hostresult.Warm || len(r.Regimes) != 1 {
				t.Errorf("unstable record %+v, want pooled/12 mixed/4 warm with one side's regimes", r)
			}
		}
	}
	if unstable != 1 {
		t.Errorf("%d unstable records, want 1", unstable)
	}

	page, _ = renderValidity(t, validitySamples(1.05)) // aa 5% slower in every round: a false positive
	if !strings.Contains(page, "**The A/A control differs from control in 4 of 4 cells**") ||
		!strings.Contains(page, "significantly different in **4 of its 4 cells**") {
		t.Error("a significant A/A cell is missing from the banner or the A/A check")
	}
	// The same 5% over process lifetimes: every A/A lifetime ratio of the one DOP-1 cell excludes 1.
	if !strings.Contains(page, "**A/A lifetimes differ from control at ") ||
		!strings.Contains(page, "libc mixed/1 at N = 1 to 1M (+5%)") ||
		!strings.Contains(page, ". Its lifetime cost differs from control's at **") ||
		!strings.Contains(page, "**The A/A control `aa` differs from control at 26 of its 26 lifetimes**") {
		t.Error("the A/A control's lifetime difference is missing from the banner or the A/A check")
	}
}

// Results older than the processor count and the A/A control still render: no mark, no A/A line.
func TestValidityOldResults(t *testing.T) {
	samples := validitySamples(1)
	var old []matrix.Sample
	for _, s := range samples {
		if s.Variant == matrix.AA {
			continue
		}
		r := *s.Result
		r.Env = hostresult.Env{}
		s.Result = &r
		old = append(old, s)
	}
	page := allText(laidOut(t, Options{In: []string{writeResults(t, old)}, Name: "v"}))
	if strings.Contains(page, throughputMark) || strings.Contains(page, "A/A check") || strings.Contains(page, "Oversubscribed") {
		t.Error("results without a processor count or an A/A control print marks or lines about them")
	}
}

func readCells(t *testing.T, dir string) stats.Cells {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, stats.CellsFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := stats.ReadCells(f)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
