package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// threeWorkloadSamples is a run of every workload - fixed, mixed, stream - on windows/amd64 privateheap
// (the write-ups' setting) at DOP 1, 4 and 8, cold and warm, 8 rounds, with control, pooled/8, pooled/16
// and splitalloc: pooled is 30% faster on the one-configuration workloads and, at 8 slots, 40% slower on
// mixed; splitalloc takes a third more page faults; a stream operation costs four times a fixed one.
func threeWorkloadSamples() []matrix.Sample {
	var out []matrix.Sample
	base := map[string]float64{"fixed": 20, "mixed": 24, "stream": 80}
	for _, wl := range []string{"fixed", "mixed", "stream"} {
		for _, cell := range cellsOf(wl) {
			for r := range 8 {
				noise := 1 + 0.002*float64((r*7)%5)
				for pos, v := range []string{"control", "pooled/8", "pooled/16", "splitalloc"} {
					us, idle, capacity, faults := base[wl]*noise, int64(0), 0, int64(90)
					switch {
					case v == "splitalloc":
						faults = 120
					case v == "pooled/8" && wl == "mixed":
						us, idle, capacity = us*1.4, 8*350336, 8
					case v == "pooled/8":
						us, idle, capacity = us*0.7, 350336, 8
					case v == "pooled/16":
						idle, capacity = 350336, 16
						if wl == "mixed" {
							idle = 12 * 350336
						}
						us *= 0.7
					}
					ops := 1000
					out = append(out, matrix.Sample{Run: "r", Cell: cell, Variant: v, Round: r, Position: pos, OK: true,
						Result: &hostresult.Result{Workload: wl, Ops: ops, ElapsedNs: int64(us * 1000 * float64(ops)), OutputBytes: 5, Digest: "d",
							IdleBytes: idle, PoolCapacity: capacity, MinorFaults: faults * int64(ops) / 10, TimelineNs: timeline(us, ops),
							Env: hostresult.Env{GOOS: "windows", GOARCH: "amd64", NumCPU: 8, GOMAXPROCS: 8}, OtherCPUMeasured: true}})
				}
			}
		}
	}
	return out
}

// cellsOf lists workload wl's cells of threeWorkloadSamples.
func cellsOf(wl string) []matrix.Cell {
	var out []matrix.Cell
	for _, phase := range []string{hostresult.Cold, hostresult.Warm} {
		for _, dop := range []int{1, 4, 8} {
			out = append(out, matrix.Cell{Platform: "windows/amd64", Workload: wl, DOP: dop, Phase: phase, Backend: "privateheap"})
		}
	}
	return out
}

// TestThreeWorkloads: every page treats the stream workload as it treats fixed and mixed - defined where
// the workloads are first named, a verdict column pair, decision-table rows, chart rows, cells.json
// records, lifetime rows - while the pages about a full pool (capacity, the write-ups' idle memory and
// their every-cell claims) read only the workloads they are about.
func TestThreeWorkloads(t *testing.T) {
	page, dir := renderValidity(t, threeWorkloadSamples())
	pages := reportPages(t, dir)
	for _, want := range []string{
		"**Workloads:** fixed: a DeflateStream (raw deflate) at Optimal (level 6), one write of the payload; mixed: twelve configurations",
		"; stream: a ZLibStream at Optimal (level 6) written the same 1,000 seeded random bytes 100 times (zlib-ng issue #1935's pattern).",
		"| fixed, warm (1,000 ops) | fixed, cold (1,000 ops) | mixed, warm (1,000 ops) | mixed, cold (1,000 ops) | stream, warm (1,000 ops) | stream, cold (1,000 ops) |",
		"| windows/amd64 | privateheap | stream | 1 |",
		"**stream** = one configuration (zlib, level 6), 100 writes of 1,000 random bytes (zlib-ng #1935)",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("first page lacks %q", want)
		}
	}
	for name, text := range pages {
		if strings.HasPrefix(name, "README") || !strings.HasSuffix(name, ".md") {
			continue
		}
		if !strings.Contains(text, "; stream: a ZLibStream") {
			t.Errorf("%s: the context does not define the stream workload", name)
		}
	}
	lifetime := pages["lifetime.md"]
	if !strings.Contains(lifetime, "cycles through configurations (mixed: 12) is segmented") || !strings.Contains(lifetime, "| stream |") {
		t.Errorf("lifetime.md: want the cycling note for mixed only and stream rows:\n%s", firstLines(lifetime, 40))
	}
	capacity := pages["capacity.md"]
	if !strings.Contains(capacity, "windows/amd64, privateheap, mixed, DOP 1, warm: ") {
		t.Errorf("capacity.md lacks the mixed verdict:\n%s", firstLines(capacity, 30))
	}
	for _, line := range strings.Split(capacity, "\n") {
		if strings.HasPrefix(line, "- windows/amd64") && strings.Contains(line, "stream") {
			t.Errorf("capacity.md gives a one-configuration workload a capacity verdict: %s", line)
		}
	}
	svg, err := os.ReadFile(filepath.Join(dir, "summary-windows-amd64.svg"))
	if err != nil || !strings.Contains(string(svg), "stream") {
		t.Errorf("the summary chart has no stream row (%v)", err)
	}
	cells := readCells(t, dir)
	byWorkload := map[string]int{}
	for _, r := range cells.Records {
		byWorkload[r.Workload]++
	}
	if byWorkload["stream"] == 0 || byWorkload["stream"] != byWorkload["fixed"] {
		t.Errorf("cells.json records per workload: %v; want as many for stream as for fixed", byWorkload)
	}
	// The write-ups' idle-memory estimate is held against the cycling workload's warm cells only (8 states
	// at pooled/8, at each of its 3 DOPs), never stream's one state.
	original := pages["original.md"]
	if !strings.Contains(original, "in 3 warm mixed cells where 8 states can be idle (DOP 1, 4, 8; median idle bytes)") {
		t.Errorf("original.md: want the idle memory of the 3 warm mixed cells:\n%s", original)
	}
	// The split write-up's claims about every cold and warm cell cover its workloads, fixed and mixed: 6
	// cells of a phase, not stream's 3 more.
	for _, phase := range []string{"cold", "warm"} {
		if want := "| split splitalloc, every " + phase + " cell, faults-per-op | "; !strings.Contains(original, want) ||
			!strings.Contains(strings.SplitN(original[strings.Index(original, want):], "\n", 2)[0], "| 6 cells |") {
			t.Errorf("original.md: want the %s claim held against 6 cells:\n%s", phase, original)
		}
	}
}

// firstLines is the first n lines of s, for failure messages.
func firstLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[:min(n, len(lines))], "\n")
}
