package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// snapshot is every file of a results directory, its pinned hosts by build id, to prove that a refused
// writer wrote nothing.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if filepath.Dir(rel) == HostsDir {
			out[rel], err = BuildID(p)
			return err
		}
		b, err := os.ReadFile(p)
		out[rel] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A second writer on a results directory is refused at once, naming the holder, and writes nothing;
// today's two writers corrupt the file (issue 21 item 1).
func TestSecondWriterRefused(t *testing.T) {
	for _, resume := range []bool{false, true} {
		r := fakeRunner(t, "ok")
		r.Plan.Phases, r.Plan.DOPs = []string{"cold"}, []int{1}
		if err := r.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		holder, _, err := resultsdir.LockResults(r.Dir, time.Now().UTC()) // a live writer, as another process would hold it
		if err != nil {
			t.Fatal(err)
		}
		before := snapshot(t, r.Dir)
		r2 := *r
		r2.Resume, r2.RetryFailed = resume, resume
		start := time.Now()
		err = r2.Run(context.Background())
		var le *resultsdir.LockedError
		if !errors.As(err, &le) || le.Holder.PID != os.Getpid() || le.Holder.Host == "" || le.Holder.Start.IsZero() {
			t.Fatalf("resume=%v: second writer: %v, want a *LockedError naming pid %d", resume, err, os.Getpid())
		}
		if msg := err.Error(); !strings.Contains(msg, "nothing was written") || strings.Contains(msg, "continue it with -resume") {
			t.Errorf("message %q", msg)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("refused after %v, want at once", d)
		}
		if after := snapshot(t, r.Dir); !equalMaps(before, after) {
			for k := range after {
				if before[k] != after[k] {
					t.Errorf("resume=%v: the refused writer changed %s", resume, k)
				}
			}
			for k := range before {
				if _, ok := after[k]; !ok {
					t.Errorf("resume=%v: the refused writer removed %s", resume, k)
				}
			}
		}
		if err := holder.Release(nil, nil); err != nil {
			t.Fatal(err)
		}
		if held, _, stale, err := resultsdir.LockState(r.Dir); held || stale || err != nil {
			t.Errorf("after release: held %v stale %v %v", held, stale, err)
		}
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// A run killed with kill -9 leaves run.json "running" and its lock file naming it, unlocked. A report
// derives the truth from disk; the resume takes the lock over and records the killed attempt as
// interrupted (issue 21 items 1 and 4).
func TestKilledRunTakenOver(t *testing.T) {
	r := fakeRunner(t, "ok")
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	// Forge what kill -9 leaves: 13 samples on disk, run.json still "running, 0 samples", a stale lock.
	path := filepath.Join(r.Dir, resultsdir.SamplesFile)
	all := readAll(t, r.Dir)
	writeSamples(t, path, all[:13])
	m, _ := resultsdir.ReadManifest(r.Dir)
	m.Status, m.Samples, m.End, m.Attempts = matrix.StatusRunning, 0, time.Time{}, nil
	if err := resultsdir.WriteManifest(m, r.Dir); err != nil {
		t.Fatal(err)
	}
	dead := resultsdir.LockHolder{PID: 999999, Host: "gone", Start: time.Date(2026, 11, 30, 1, 2, 3, 0, time.UTC)}
	b, _ := json.Marshal(dead)
	os.WriteFile(filepath.Join(r.Dir, resultsdir.LockFile), b, 0o644)

	if held, h, stale, err := resultsdir.LockState(r.Dir); held || !stale || !reflect.DeepEqual(h, dead) || err != nil {
		t.Fatalf("LockState = held %v, %v, stale %v, %v; want a stale lock of %v", held, h, stale, err, dead)
	}
	got, _ := resultsdir.ReadManifest(r.Dir)
	kept, findings, _ := resultsdir.ReadRun(r.Dir, got)
	resultsdir.Reconcile(&got, r.Dir, kept, findings)
	if got.Status != matrix.StatusInterrupted || got.Samples != 13 || !strings.Contains(got.Error, "pid 999999") {
		t.Errorf("reconciled manifest: %s, %d samples, %q; want interrupted with 13", got.Status, got.Samples, got.Error)
	}

	r2 := *r
	r2.Resume = true
	if err := r2.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	m, _ = resultsdir.ReadManifest(r.Dir)
	if m.Status != matrix.StatusComplete || m.Samples != r.Plan.Samples() || len(m.Attempts) != 2 ||
		m.Attempts[0].Status != matrix.StatusInterrupted || !m.Attempts[0].Start.Equal(dead.Start) || !strings.Contains(m.Attempts[0].Error, "killed") ||
		m.Attempts[1].Status != matrix.StatusComplete {
		t.Errorf("manifest after taking over: %s, %d samples, attempts %+v", m.Status, m.Samples, m.Attempts)
	}
	if b, _ := os.ReadFile(filepath.Join(r.Dir, resultsdir.LockFile)); len(b) != 0 {
		t.Errorf("lock file after a clean end holds %q; want it empty", b)
	}
}

func writeSamples(t *testing.T, path string, ss []matrix.Sample, extra ...string) {
	t.Helper()
	var b strings.Builder
	for _, s := range ss {
		j, _ := json.Marshal(s)
		b.Write(j)
		b.WriteByte('\n')
	}
	for _, e := range extra {
		b.WriteString(e)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The scenario: a run, and one second later a resume of the same folder. The resume is refused
// while the run goes on; the run ends with every planned sample once and no broken line.
func TestConcurrentResumeRefused(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	out := filepath.Join(t.TempDir(), "results")
	done := make(chan error)
	go func() {
		done <- Bench(context.Background(), BenchOptions{Profile: "smoke", Rounds: ptr(12), Bin: bin, Out: out, Progress: "none"}, io.Discard, io.Discard)
	}()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if held, _, _, _ := resultsdir.LockState(out); held {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the first run never took the lock")
		}
	}
	err := Bench(context.Background(), quiet(resumeOf(bin, out)), io.Discard, io.Discard)
	var le *resultsdir.LockedError
	if !errors.As(err, &le) || le.Holder.PID != os.Getpid() {
		t.Errorf("concurrent resume: %v, want a *LockedError", err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	m, _ := resultsdir.ReadManifest(out)
	f, err := resultsdir.ReadResultsFile(filepath.Join(out, resultsdir.SamplesFile))
	if err != nil || len(f.Bad) > 0 || len(f.Samples) != m.Planned || m.Samples != m.Planned || m.Status != matrix.StatusComplete {
		t.Errorf("after the run: %d lines, %d bad, manifest %s %d of %d (%v)", len(f.Samples), len(f.Bad), m.Status, m.Samples, m.Planned, err)
	}
}

// peekManifest reads run.json when the n-th progress line is written: what a kill -9 at that moment
// would leave.
type peekManifest struct {
	dir  string
	n    int
	seen matrix.Manifest
}

func (p *peekManifest) Write(b []byte) (int, error) {
	if p.n -= bytes.Count(b, []byte("\n")); p.n == 0 {
		p.seen, _ = resultsdir.ReadManifest(p.dir)
	}
	return len(b), nil
}

// run.json is rewritten after every round (of every cell), so a run killed mid-way never leaves
// "running, 0 samples" over samples on disk (issue 21 item 4).
func TestManifestCheckpoints(t *testing.T) {
	r := fakeRunner(t, "crash=pooled")
	cells, perRound := len(r.Plan.Cells()), len(r.Plan.Cells())*len(r.Plan.Variants)
	pooled := len(slices.DeleteFunc(slices.Clone(r.Plan.Variants), func(v string) bool { return matrix.HostVariant(v) != matrix.Pooled }))
	peek := &peekManifest{dir: r.Dir, n: perRound + 1} // the first sample of the second round
	r.Progress = peek
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if m := peek.seen; m.Status != matrix.StatusRunning || m.Samples != perRound || m.Failed != cells*pooled {
		t.Errorf("run.json during the second round: %s, %d samples, %d failed; want running, %d, %d", m.Status, m.Samples, m.Failed, perRound, cells*pooled)
	}
	m, _ := resultsdir.ReadManifest(r.Dir)
	for _, c := range peek.seen.Cells {
		if c.Start.IsZero() || !c.End.After(c.Start) {
			t.Errorf("%v: span %v..%v after its first round, want one", c.Cell, c.Start, c.End)
		}
	}
	for _, c := range m.Cells {
		if c.Start.Before(m.Start) || c.End.After(m.End) || !c.End.After(c.Start) {
			t.Errorf("%v: span %v..%v, outside the run's %v..%v", c.Cell, c.Start, c.End, m.Start, m.End)
		}
	}
}
