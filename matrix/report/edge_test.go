package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// writeResults writes samples as a results file in a fresh folder and returns its path.
func writeResults(t *testing.T, samples []matrix.Sample) string {
	t.Helper()
	var b strings.Builder
	for _, s := range samples {
		line, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(line, '\n'))
	}
	p := filepath.Join(t.TempDir(), "samples.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestDegenerateInputs renders results that leave charts and tables empty: every sample failed, only
// control, a single sample. Each must render without error and say what is missing.
func TestDegenerateInputs(t *testing.T) {
	cell := matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: 1, Phase: "cold", Backend: "libc"}
	ok := func(variant string, round int) matrix.Sample {
		return matrix.Sample{Run: "r", Cell: cell, Variant: variant, Round: round, OK: true,
			Result: &hostresult.Result{Ops: 10, ElapsedNs: 1e6, OutputBytes: 5, Digest: "d"}}
	}
	failed := func(variant string, round int) matrix.Sample {
		return matrix.Sample{Run: "r", Cell: cell, Variant: variant, Round: round, Error: "boom"}
	}
	for _, tc := range []struct {
		name    string
		samples []matrix.Sample
		want    []string
	}{
		{"all failed", []matrix.Sample{failed("control", 0), failed("pooled", 0)}, []string{"2 failed", "no samples", "no successful sample"}},
		{"control only", []matrix.Sample{ok("control", 0), ok("control", 1)}, []string{"## Verdicts", "n=2, no CI"}},
		{"one pair", []matrix.Sample{ok("control", 0), ok("pooled", 0)}, []string{"(1 pairs, no CI)"}},
		{"candidate only", []matrix.Sample{ok("pooled", 0)}, []string{"Data quality"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			path, err := Render(Options{In: []string{writeResults(t, tc.samples)}, Out: out, Name: "x"})
			if err != nil {
				t.Fatal(err)
			}
			page := reportText(t, filepath.Dir(path))
			for _, w := range tc.want {
				if !strings.Contains(page, w) {
					t.Errorf("report lacks %q", w)
				}
			}
		})
	}
}

// Candidate names may carry a parameter ("pooled/16", a pool of 16): they must reach the verdicts, the
// tables and the charts' panel titles intact, and never a file name.
func TestCandidateNameWithSlash(t *testing.T) {
	cell := matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: 1, Phase: "warm", Backend: "libc"}
	var ss []matrix.Sample
	for r := range 6 {
		for i, v := range []string{"control", "pooled/16", "pooled/8"} {
			ss = append(ss, matrix.Sample{Run: "r", Cell: cell, Variant: v, Round: r, Position: (r + i) % 3, OK: true,
				Result: &hostresult.Result{Ops: 100, ElapsedNs: int64(1e6 * (10 + r - 3*i)), OutputBytes: 5, Digest: "d"}})
		}
	}
	m := withCharts(t, analysed(t, Options{In: []string{writeResults(t, ss)}, Name: "x"}))
	pages := pagesOf(m)
	page := allText(pages)
	for _, w := range []string{"| pooled/16 | libc | **faster** at DOP 1: ", "#### pooled/8 vs control, linux/amd64, backend libc"} {
		if !strings.Contains(page, w) {
			t.Errorf("page lacks %q", w)
		}
	}
	// The folder's files named after the data are its pages and its charts (write); the rest are
	// fixed names and the inputs' own.
	var tradeoff string
	for _, c := range m.Charts {
		if strings.Contains(c.File, "pooled") {
			t.Errorf("chart file %s named after a candidate", c.File)
		}
		if c.File == "tradeoff-linux-amd64.svg" {
			tradeoff = string(c.SVG)
		}
	}
	for f := range pages {
		if strings.Contains(f, "pooled") {
			t.Errorf("page %s named after a candidate", f)
		}
	}
	if !strings.Contains(tradeoff, ">pooled/16, backend libc") {
		t.Errorf("tradeoff chart tradeoff-linux-amd64.svg missing or lacks the panel of pooled/16")
	}
}

// A control-only run names no candidate it does not have: no page's head (the first page's run lines and
// context, every linked page's context) names pooled or splitalloc, the verdicts say there is no candidate,
// no summary chart is drawn, and the comparison page says the run has none of the write-ups' cells.
func TestControlOnlyNamesNoCandidate(t *testing.T) {
	m := withCharts(t, analysed(t, Options{In: []string{writeResults(t, controlOnlySamples())}, Name: "x"}))
	pages := pagesOf(m)
	for name, page := range pages {
		head := page
		if i := strings.Index(page, "\n## "); i >= 0 {
			head = page[:i] // the title, the run lines or the way back, and the context
		}
		if name == readmeFile {
			head, _, _ = strings.Cut(page, "## Verdicts")
		}
		for _, c := range []string{"pooled", "splitalloc"} {
			if strings.Contains(head, c) {
				t.Errorf("%s: its head names %s, which the run does not have:\n%s", name, c, head)
			}
		}
	}
	if !strings.Contains(pages[readmeFile], "No candidate: this run measured control only") {
		t.Errorf("the verdicts do not say there is no candidate:\n%s", pages[readmeFile])
	}
	for _, c := range m.Charts {
		if strings.HasPrefix(c.File, "summary-") {
			t.Errorf("summary chart %s drawn for a control-only run", c.File)
		}
	}
	if !strings.Contains(pages[originalPage], "this run has none of the write-ups' candidate cells on linux/amd64, libc") {
		t.Errorf("original.md does not say the run has none of the write-ups' cells:\n%s", pages[originalPage])
	}
}

// controlOnlySamples are 6 rounds of control alone, cold and warm: a run with no candidate.
func controlOnlySamples() []matrix.Sample {
	var ss []matrix.Sample
	for _, ph := range []string{"cold", "warm"} {
		cell := matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: 1, Phase: ph, Backend: "libc"}
		for r := range 6 {
			ss = append(ss, matrix.Sample{Run: "r", Cell: cell, Variant: "control", Round: r, OK: true,
				Result: &hostresult.Result{Ops: 100, ElapsedNs: int64(1e6 * (10 + r)), OutputBytes: 5, Digest: "d", Env: hostresult.Env{NumCPU: 2}}})
		}
	}
	return ss
}
