package runner

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

func fakeRunner(t *testing.T, mode string) *Runner {
	t.Helper()
	_, hosts := fakeHosts(t, mode)
	p := testPlan()
	p.Workloads, p.Phases = []string{"fixed"}, []string{"cold", "warm"} // 4 cells x 3 rounds x every host variant
	p.Rounds = 3                                                        // whatever the smoke profile's balance asks of the registry's variants
	p.Platform = runtime.GOOS + "/" + runtime.GOARCH                    // the fake hosts are this machine's binaries
	return &Runner{Plan: p, Hosts: hosts, Dir: filepath.Join(t.TempDir(), "results"), Timeout: 20 * time.Second}
}

func readAll(t *testing.T, dir string) []matrix.Sample {
	t.Helper()
	s, err := resultsdir.ReadSamples(filepath.Join(dir, resultsdir.SamplesFile))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestRunComplete(t *testing.T) {
	r := fakeRunner(t, "ok")
	var prog bytes.Buffer
	r.Progress = &prog
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	samples := readAll(t, r.Dir)
	want := 4 * r.Plan.Rounds * len(r.Plan.Variants) // 4 cells
	if len(samples) != r.Plan.Samples() || len(samples) != want {
		t.Fatalf("%d samples, want %d (Samples() = %d)", len(samples), want, r.Plan.Samples())
	}
	for _, s := range samples {
		if !s.OK || s.Result == nil || s.Run == "" || s.WallNs <= 0 {
			t.Fatalf("sample %+v", s)
		}
	}
	if n := strings.Count(prog.String(), "\n"); n != want {
		t.Errorf("%d progress lines, want one per sample", n)
	}
	m, err := resultsdir.ReadManifest(r.Dir)
	if err != nil || m.Status != matrix.StatusComplete || m.Samples != want || m.Failed != 0 || m.Commits["pooled"] != "fake" || m.Harness == nil || m.Harness.NsPerOp != 42 {
		t.Fatalf("manifest %+v, %v", m, err)
	}
	// A second run into the same directory would mix two runs: refused.
	if err := r.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "-resume") {
		t.Errorf("rerun into a used directory: %v", err)
	}
}

// A host that crashes, hangs or prints garbage is a failed sample; the run goes on.
func TestRunRecordsFailedHosts(t *testing.T) {
	for _, tt := range []struct{ mode, want string }{
		{"crash=pooled", "exit status 3"},
		{"hang=splitalloc", "timed out"},
		{"garbage=control", "does not parse"},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			r := fakeRunner(t, tt.mode)
			r.Plan.Phases, r.Plan.DOPs, r.Plan.Rounds = []string{"cold"}, []int{1}, 3
			r.Timeout = 2 * time.Second
			if err := r.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			samples := readAll(t, r.Dir)
			if want := 3 * len(r.Plan.Variants); len(samples) != want { // one cell, 3 rounds
				t.Fatalf("%d samples, want %d", len(samples), want)
			}
			failed := 0
			for _, s := range samples {
				if s.OK {
					continue
				}
				failed++
				if matrix.HostVariant(s.Variant) != strings.Split(tt.mode, "=")[1] || !strings.Contains(s.Error, tt.want) || s.Result != nil {
					t.Errorf("failed sample %+v, want error %q", s, tt.want)
				}
				if tt.mode == "crash=pooled" && (s.ExitStatus != 3 || !strings.Contains(s.StderrTail, "crashed on purpose")) {
					t.Errorf("crash recorded as status %d, stderr %q", s.ExitStatus, s.StderrTail)
				}
			}
			if failed != 3 {
				t.Errorf("%d failed samples, want 3", failed)
			}
			if m, _ := resultsdir.ReadManifest(r.Dir); m.Failed != 3 || m.Status != matrix.StatusComplete {
				t.Errorf("manifest: %d failed, status %s", m.Failed, m.Status)
			}
		})
	}
}

func TestRunMismatch(t *testing.T) {
	r := fakeRunner(t, "mismatch=splitalloc")
	err := r.Run(context.Background())
	m, _ := resultsdir.ReadManifest(r.Dir)
	if m.Status != matrix.StatusMismatch || m.Interleave == nil {
		t.Fatalf("manifest status %q, interleave %v", m.Status, m.Interleave)
	}
	// The first cell the run took: the first of round 0's order.
	first := r.Plan.Cells()[m.Interleave.CellOrder(len(r.Plan.Cells()), 0)[0]]
	var me *matrix.MismatchError
	if !errors.As(err, &me) || me.Cell != first || !strings.Contains(err.Error(), first.String()) || !strings.Contains(err.Error(), "splitalloc") {
		t.Fatalf("Run() = %v, want a mismatch naming %v and splitalloc", err, first)
	}
	// The cell's round is written; the run stops there.
	if n := len(readAll(t, r.Dir)); n != len(r.Plan.Variants) {
		t.Errorf("%d samples written, want the first cell's first round, %d", n, len(r.Plan.Variants))
	}
}

// cancelAfter cancels a context once n progress lines are written: a run interrupted mid-cell.
type cancelAfter struct {
	n      int
	cancel context.CancelFunc
}

func (c *cancelAfter) Write(p []byte) (int, error) {
	if c.n -= bytes.Count(p, []byte("\n")); c.n <= 0 {
		c.cancel()
	}
	return len(p), nil
}

func TestResume(t *testing.T) {
	r := fakeRunner(t, "ok")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r.Progress = &cancelAfter{n: 14, cancel: cancel}
	if err := r.Run(ctx); !errors.Is(err, errInterrupted) {
		t.Fatalf("interrupted Run() = %v", err)
	}
	if m, _ := resultsdir.ReadManifest(r.Dir); m.Status != matrix.StatusInterrupted || m.Samples != 14 {
		t.Fatalf("manifest after interruption: status %s, %d samples", m.Status, m.Samples)
	}
	// Simulate a kill in the middle of writing the next line.
	path := filepath.Join(r.Dir, resultsdir.SamplesFile)
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"run":"x","cell":{"platform":"fak`)
	f.Close()
	if _, err := resultsdir.ReadSamples(path); err == nil {
		t.Fatal("ReadSamples accepted a torn line")
	}

	r2 := *r
	r2.Resume, r2.Progress = true, nil
	if err := r2.Run(context.Background()); err != nil {
		t.Fatalf("resumed Run() = %v", err)
	}
	samples := readAll(t, r.Dir)
	if len(samples) != r.Plan.Samples() {
		t.Fatalf("%d samples after resume, want %d", len(samples), r.Plan.Samples())
	}
	seen := map[matrix.SampleKey]bool{}
	for _, s := range samples {
		if seen[matrix.KeyOf(s)] {
			t.Fatalf("sample %v round %d %s recorded twice", s.Cell, s.Round, s.Variant)
		}
		seen[matrix.KeyOf(s)] = true
		if s.Run != samples[0].Run {
			t.Errorf("run id %q after resume, was %q", s.Run, samples[0].Run)
		}
	}
	m, _ := resultsdir.ReadManifest(r.Dir)
	if m.Status != matrix.StatusComplete || len(m.Resumed) != 1 || m.Samples != r.Plan.Samples() {
		t.Errorf("manifest after resume: %+v", m)
	}
	// Resuming with a different plan is refused.
	r3 := r2
	r3.Plan.Rounds = 4
	if err := r3.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "plan differs") {
		t.Errorf("resume with another plan: %v", err)
	}
}

func TestBenchFormat(t *testing.T) {
	r := fakeRunner(t, "crash=control")
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(r.Dir, resultsdir.BenchFile))
	if err != nil {
		t.Fatal(err)
	}
	rd := benchfmt.NewReader(bytes.NewReader(data), resultsdir.BenchFile)
	n := 0
	for rd.Scan() {
		res, ok := rd.Result().(*benchfmt.Result)
		if !ok {
			t.Fatalf("record %v", rd.Result())
		}
		n++
		name := string(res.Name.Full())
		// control's samples all failed: no line of its own - matched by the whole name, so that a variant
		// named control2 is not taken for it (issue 46 item 5)
		if _, parts := res.Name.Parts(); !strings.HasPrefix(name, "Deflate/workload=fixed/dop=") || keyValue(parts, "/variant") == matrix.Control {
			t.Errorf("name %q", name)
		}
		for _, k := range []string{"/workload", "/dop", "/phase", "/backend", "/variant"} {
			if _, parts := res.Name.Parts(); !containsKey(parts, k) {
				t.Errorf("name %q lacks %s", name, k)
			}
		}
		if res.GetConfig("goos") != runtime.GOOS || res.GetConfig("cpu") != "Fake CPU" {
			t.Errorf("file config %v", res.Config)
		}
		for _, u := range []string{"sec/op", "faults/op", "nativeallocs/op", "nativefrees/op", "resets/op", "B/op", "allocs/op", "idle-B"} {
			if _, ok := res.Value(u); !ok {
				t.Errorf("%s: no %s", name, u)
			}
		}
		if v, _ := res.Value("nativeallocs/op"); v != 1 {
			t.Errorf("nativeallocs/op = %v, want 1", v)
		}
	}
	if err := rd.Err(); err != nil {
		t.Fatal(err)
	}
	if want := r.Plan.Samples() - 4*r.Plan.Rounds; n != want { // every sample but control's failures, one per cell and round
		t.Errorf("%d benchmark lines, want %d", n, want)
	}
}

// keyValue is the value of key ("/variant") in a benchmark name's parts, "" when absent.
func keyValue(parts [][]byte, key string) string {
	for _, p := range parts {
		if v, ok := strings.CutPrefix(string(p), key+"="); ok {
			return v
		}
	}
	return ""
}

func containsKey(parts [][]byte, key string) bool {
	for _, p := range parts {
		if strings.HasPrefix(string(p), key+"=") {
			return true
		}
	}
	return false
}
