package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// completeRun is a finished fake run with its samples (4 cells x 3 rounds x every variant).
func completeRun(t *testing.T) (*Runner, []matrix.Sample) {
	t.Helper()
	r := fakeRunner(t, "ok")
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	return r, readAll(t, r.Dir)
}

// Duplicated, renamed and foreign samples are left out and named, never counted (issue 21 item 2).
func TestScreen(t *testing.T) {
	r, all := completeRun(t)
	renamed := func(v string) func([]matrix.Sample) []matrix.Sample {
		return func(ss []matrix.Sample) []matrix.Sample {
			for i := range ss {
				if ss[i].Variant == "control" {
					ss[i].Variant = v
					return ss
				}
			}
			return ss
		}
	}
	tests := []struct {
		name   string
		edit   func([]matrix.Sample) []matrix.Sample
		kind   string
		detail string
	}{
		{"duplicate line", func(ss []matrix.Sample) []matrix.Sample { return append(ss, ss[4]) }, resultsdir.Duplicate, "recorded before"},
		{"control renamed splitalloc", renamed("splitalloc"), resultsdir.Unplanned, "position"},
		{"unknown variant", renamed("pooledX"), resultsdir.Unplanned, `variant "pooledX" is not in the plan`},
		{"round outside the plan", func(ss []matrix.Sample) []matrix.Sample { ss[0].Round = 7; return ss }, resultsdir.Unplanned, "round 7"},
		{"another run's sample", func(ss []matrix.Sample) []matrix.Sample { ss[2].Run = "other"; return ss }, resultsdir.Foreign, `run "other"`},
		{"cell outside the plan", func(ss []matrix.Sample) []matrix.Sample { ss[1].Cell.DOP = 99; return ss }, resultsdir.Unplanned, "cell is not in the plan"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ss := tt.edit(append([]matrix.Sample(nil), all...))
			lines := make([]int, len(ss))
			for i := range lines {
				lines[i] = i + 1
			}
			kept, findings := resultsdir.Screen(&r.Plan, []string{all[0].Run}, "samples.jsonl", ss, lines)
			if len(findings) != 1 || findings[0].Kind != tt.kind || !strings.Contains(findings[0].Detail, tt.detail) || !strings.HasPrefix(findings[0].Where, "samples.jsonl:") {
				t.Fatalf("findings %v, want one %s saying %q", findings, tt.kind, tt.detail)
			}
			if len(kept) > r.Plan.Samples() || len(kept) != len(ss)-1 {
				t.Errorf("%d kept of %d, plan %d", len(kept), len(ss), r.Plan.Samples())
			}
			seen := map[matrix.SampleKey]bool{}
			for _, s := range kept {
				if seen[matrix.KeyOf(s)] {
					t.Errorf("%v kept twice", matrix.KeyOf(s))
				}
				seen[matrix.KeyOf(s)] = true
			}
		})
	}
}

// Resume after a duplicated line and a garbage line in the middle counts each planned sample once,
// names both lines, and retakes exactly what is missing: "25 of 24" cannot happen (items 2 and 3).
func TestResumeCountsScreened(t *testing.T) {
	r, all := completeRun(t)
	path := filepath.Join(r.Dir, resultsdir.SamplesFile)
	// Lose 5 samples, duplicate one, and put a garbage line in the middle.
	ss := append(append([]matrix.Sample(nil), all[:20]...), all[3])
	writeSamples(t, path, ss[:10])
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString("{\"run\": garbage\n")
	f.Close()
	var rest strings.Builder
	for _, s := range ss[10:] {
		rest.WriteString(mustJSON(t, s) + "\n")
	}
	f, _ = os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(rest.String())
	f.Close()
	m, _ := resultsdir.ReadManifest(r.Dir)
	m.Status = matrix.StatusInterrupted
	resultsdir.WriteManifest(m, r.Dir)

	var prog strings.Builder
	r2 := *r
	r2.Resume, r2.Progress = true, &prog
	if err := r2.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	out := prog.String()
	if !strings.Contains(out, "2 lines of samples.jsonl left out (1 unreadable, 1 duplicate)") || !strings.Contains(out, "samples.jsonl:11: unreadable") {
		t.Errorf("resume did not name the lines it left out:\n%s", out)
	}
	n := r.Plan.Samples() // 20 kept of them, 16 or more missing
	if !strings.Contains(out, fmt.Sprintf("[21/%d]", n)) || strings.Contains(out, fmt.Sprintf("[20/%d]", n)) || strings.Contains(out, fmt.Sprintf("[%d/", n+1)) {
		t.Errorf("resume counted wrong (want the %d missing samples as 21..%d):\n%s", n-20, n, out)
	}
	m, _ = resultsdir.ReadManifest(r.Dir)
	if m.Samples != n || m.Status != matrix.StatusComplete {
		t.Errorf("manifest: %d samples, %s; want %d complete", m.Samples, m.Status, n)
	}
	kept, findings, err := resultsdir.ReadRun(r.Dir, m)
	if err != nil || len(kept) != n || len(findings) != 2 {
		t.Errorf("after resume: %d kept, findings %v, %v", len(kept), findings, err)
	}
	// The summary says the same, never "37 of 36".
	var stderr strings.Builder
	Bench(context.Background(), BenchOptions{Resume: true, Out: r.Dir}, &strings.Builder{}, &stderr)
	if !strings.Contains(stderr.String(), fmt.Sprintf("%d of %d planned samples recorded, 0 failed; 2 lines left out (1 unreadable, 1 duplicate)", n, n)) {
		t.Errorf("bench summary: %s", stderr.String())
	}
}

func mustJSON(t *testing.T, s matrix.Sample) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// -retry-failed takes failed samples again until the run has none; each retry replaces its failed
// attempt, which stays on disk, superseded (item 5).
func TestRetryFailed(t *testing.T) {
	r := fakeRunner(t, "crash=pooled")
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	n, pooled := r.Plan.Samples(), 4*r.Plan.Rounds // pooled's samples: 4 cells, one a round
	if m, _ := resultsdir.ReadManifest(r.Dir); m.Failed != pooled {
		t.Fatalf("%d failed, want pooled's %d", m.Failed, pooled)
	}
	// A plain resume has nothing to do; with -retry-failed, the host now works.
	t.Setenv(fakeHostEnv, "ok")
	r2 := *r
	r2.Resume, r2.RetryFailed = true, true
	if err := r2.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	m, _ := resultsdir.ReadManifest(r.Dir)
	if m.Failed != 0 || m.Samples != n || m.Superseded != pooled || m.Status != matrix.StatusComplete {
		t.Errorf("after retry: %d failed, %d samples, %d superseded, %s", m.Failed, m.Samples, m.Superseded, m.Status)
	}
	raw := readAll(t, r.Dir)
	kept, findings, _ := resultsdir.ReadRun(r.Dir, m)
	if len(raw) != n+pooled || len(kept) != n || len(findings) != pooled || findings[0].Kind != resultsdir.Superseded || !strings.Contains(findings[0].Detail, "(failed): retried as attempt 1") {
		t.Errorf("%d lines on disk, %d kept, findings %v", len(raw), len(kept), findings)
	}
	for _, s := range kept {
		if !s.OK {
			t.Errorf("failed sample kept: %+v", s)
		}
	}
}

// Ctrl-C before the first sample leaves no directory behind and says so without a dangling ": "
// (item 6).
func TestInterruptBeforeStart(t *testing.T) {
	r := fakeRunner(t, "calibratehang")
	r.Dir = filepath.Join(r.Dir, "nested", "run") // every folder the run would have made is gone too
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(500*time.Millisecond, cancel)
	err := r.Run(ctx)
	if !errors.Is(err, errInterrupted) || strings.HasSuffix(err.Error(), ": ") {
		t.Fatalf("Run() = %q, want errInterrupted", err)
	}
	if top := filepath.Dir(filepath.Dir(r.Dir)); !os.IsNotExist(statErr(top)) {
		t.Errorf("interrupted before the first sample, the run left %s (%v)", top, statErr(top))
	}
	// A host that fails saying nothing is named without a trailing ": ".
	r = fakeRunner(t, "describefail")
	err = r.Run(context.Background())
	if err == nil || strings.HasSuffix(err.Error(), ": ") || !strings.HasSuffix(err.Error(), "exit status 1") {
		t.Errorf("describe failure: %q", err)
	}
}

func statErr(path string) error { _, err := os.Stat(path); return err }
