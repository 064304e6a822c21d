package report

import (
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// The counters' tables show what each platform's samples have, with intervals, and name what they lack:
// Linux has context switches and steal but no cycles, Windows cycles but no context switches, control no
// handoffs. A missing counter is never printed as 0.
func TestWhyCounters(t *testing.T) {
	n := func(v int64) *int64 { return &v }
	var samples []matrix.Sample
	for _, platform := range []string{"linux/amd64", "windows/amd64"} {
		cell := matrix.Cell{Platform: platform, Workload: "mixed", DOP: 4, Phase: "warm", Backend: "libc"}
		for r := range 6 {
			for i, v := range []string{"control", "pooled"} {
				c := &hostresult.Counters{CPUNs: n(int64(4e7 + r*1e5)), CPUChanges: n(int64(100 * (i + 1)))}
				if platform == "linux/amd64" {
					c.VolCtxSw, c.InvolCtxSw, c.StealNs = n(7000), n(int64(3000+r)), n(0)
				} else {
					c.Cycles = n(int64(9e10 + r))
				}
				if v == "pooled" {
					c.Handoffs = n(250)
				}
				samples = append(samples, matrix.Sample{Run: "r", Cell: cell, Variant: v, Round: r, Position: (r + i) % 2, OK: true,
					Result: &hostresult.Result{Ops: 1000, ElapsedNs: 1e7, OutputBytes: 5, Digest: "d", Env: hostresult.Env{NumCPU: 2}, Counters: c}})
			}
		}
	}
	page := pageBody(analysed(t, Options{In: []string{writeResults(t, samples)}, Name: "x"}), whyPage)
	for _, tb := range mdTables(page) {
		if w := minTableWidth(tb); w > contentWidth {
			t.Errorf("table %q is at least %.0f px wide, more than %d px", strings.Join(tb[0], " | "), w, contentWidth)
		}
	}
	section := func(heading string) string {
		_, after, ok := strings.Cut(page, heading)
		if !ok {
			t.Fatalf("no %q in:\n%s", heading, page)
		}
		end := strings.Index(after, "\n### ")
		if end < 0 {
			end = len(after)
		}
		return after[:end]
	}
	for _, tt := range []struct {
		heading   string
		want, not []string
	}{
		{"### linux/amd64, backend libc: processor time",
			[]string{"CPU µs/op [CI]", "| mixed | 4 | warm | control | 40.25 [40, 40.50] | 4.025 [4, 4.050] | 0 [0, 0] |",
				"Not available in these results: Cycles/op (Windows only"},
			[]string{"| Cycles/op"}},
		{"### linux/amd64, backend libc: scheduling",
			[]string{"| control | 7 [7, 7] | 3.002 [3, 3.005] | 0.100 [0.100, 0.100] | n/a |", "| pooled | 7 [7, 7] | 3.002 [3, 3.005] | 0.200 [0.200, 0.200] | 0.250 [0.250, 0.250] |"},
			[]string{"Not available"}},
		{"### windows/amd64, backend libc: processor time",
			[]string{"Cycles/op [CI]", "| control | 40.25 [40, 40.50] | 4.025 [4, 4.050] | 90000000 [90000000, 90000000] |", "Not available in these results: Steal ns/op (Linux only)"},
			[]string{"| Steal"}},
		{"### windows/amd64, backend libc: scheduling",
			[]string{"Not available in these results: Voluntary ctx sw/op (Windows gives no per-process count), Involuntary ctx sw/op",
				"| control | 0.100 [0.100, 0.100] | n/a |"},
			[]string{"| Voluntary", "| 0 |"}},
	} {
		got := section(tt.heading)
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: no %q in:\n%s", tt.heading, w, got)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(got, w) {
				t.Errorf("%s: %q in:\n%s", tt.heading, w, got)
			}
		}
	}
}

// A variant whose rounds ran at two speeds gets its counters split by speed group, so that the counter
// moving with the speed shows: here involuntary context switches, 50x in the slow rounds.
func TestWhyRegimes(t *testing.T) {
	n := func(v int64) *int64 { return &v }
	cell := matrix.Cell{Platform: "linux/amd64", Workload: "mixed", DOP: 4, Phase: "warm", Backend: "libc"}
	var samples []matrix.Sample
	for r := range 10 {
		for i, v := range []string{"control", "pooled/12"} {
			elapsed, invol := int64(1e7+r*1e4), int64(100)
			if v == "pooled/12" && r >= 6 {
				elapsed, invol = 2.6e7+int64(r)*1e4, 5000
			}
			samples = append(samples, matrix.Sample{Run: "r", Cell: cell, Variant: v, Round: r, Position: (r + i) % 2, OK: true,
				Result: &hostresult.Result{Ops: 1000, ElapsedNs: elapsed, OutputBytes: 5, Digest: "d", Env: hostresult.Env{NumCPU: 4},
					Counters: &hostresult.Counters{CPUNs: n(4e7), VolCtxSw: n(10), InvolCtxSw: n(invol)}}})
		}
	}
	m := analysed(t, Options{In: []string{writeResults(t, samples)}, Name: "x"})
	_, got, _ := strings.Cut(sectionText(t, m, "why-regimes"), "## Why: the counters in each speed group")
	for _, want := range []string{
		"### linux/amd64, libc, mixed, DOP 4, warm: pooled/12",
		"6 fast rounds at a median 10.03 µs/op, 4 slow at 26.07 µs/op.",
		"| Involuntary ctx sw/op | 0.100 [0.100, 0.100] | 5 (n=4, no CI) | 50x |",
		"| Voluntary ctx sw/op | 0.010 [0.010, 0.010] | 0.010 (n=4, no CI) | 1x |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in:\n%s", want, got)
		}
	}
	if strings.Contains(got, ": control\n") {
		t.Errorf("control, at one speed, is listed:\n%s", got)
	}
}
