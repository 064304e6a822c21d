package runner

import (
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// fullFrom makes the disk full from the write numbered k (0 is the first) on: that write and every one
// after it that needs new space fails with ENOSPC, as on a disk that filled up; a write in place over a
// file's own blocks ("overwrite", the lock's record) still goes through, as it does on a full disk. k < 0
// is a disk that never fills. It returns the count of writes asked so far.
func fullFrom(t *testing.T, k int) *int {
	t.Helper()
	n := new(int)
	t.Cleanup(func() { resultsdir.BeforeWrite = func(string, string) error { return nil } })
	resultsdir.BeforeWrite = func(op, path string) error {
		defer func() { *n++ }()
		if k >= 0 && *n >= k && op != "overwrite" {
			return &fs.PathError{Op: op, Path: path, Err: syscall.ENOSPC}
		}
		return nil
	}
	return n
}

// fillDisk makes every write fail with ENOSPC once n sample lines are written: the sample's line, and
// every atomic rewrite (run.json, bench.txt) after it, as on a disk that filled up.
func fillDisk(t *testing.T, n int) {
	t.Helper()
	full := false
	t.Cleanup(func() { resultsdir.BeforeWrite = func(string, string) error { return nil } })
	resultsdir.BeforeWrite = func(op, path string) error {
		if op == "write" && filepath.Base(path) == resultsdir.SamplesFile {
			if n--; n < 0 {
				full = true
			}
		}
		if full && op != "overwrite" {
			return &fs.PathError{Op: op, Path: path, Err: syscall.ENOSPC}
		}
		return nil
	}
}

// A full disk stops the run with a message that says so; run.json, which the full disk keeps from being
// rewritten, is read as stopped by a full disk (not killed), and the resume keeps that attempt.
func TestDiskFullNamedAndKept(t *testing.T) {
	if !diskFull(&fs.PathError{Err: syscall.ENOSPC}) {
		t.Skip("this platform's ENOSPC is not its disk-full error")
	}
	bin, _ := fakeHosts(t, "ok")
	out := filepath.Join(t.TempDir(), "results")
	fillDisk(t, 4)
	err := Bench(context.Background(), smoke(bin, out), io.Discard, io.Discard)
	if err == nil || !strings.HasPrefix(err.Error(), "disk full: ") || !strings.Contains(err.Error(), resultsdir.ResumeCommand(out)) {
		t.Fatalf("Bench on a full disk = %v, want it to say disk full and how to continue", err)
	}
	fullFrom(t, -1) // space freed

	m, _ := resultsdir.ReadManifest(out)
	kept, findings, _ := resultsdir.ReadRun(out, m)
	resultsdir.Reconcile(&m, out, kept, findings)
	if m.Status != matrix.StatusDiskFull || !strings.Contains(m.Error, "disk full") || strings.Contains(m.Error, "killed") || m.Samples != 4 {
		t.Errorf("run.json read after the full disk: %s, %q, %d samples; want %s, 4", m.Status, m.Error, m.Samples, matrix.StatusDiskFull)
	}
	if err := Bench(context.Background(), resumeOf(bin, out), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	m, _ = resultsdir.ReadManifest(out)
	if n := smokeCellSamples(); m.Status != matrix.StatusComplete || m.Samples != n || len(m.Attempts) != 2 || m.Attempts[0].Status != matrix.StatusDiskFull ||
		!strings.Contains(m.Attempts[0].Error, "disk full") || m.Attempts[0].End.IsZero() {
		t.Errorf("after the resume: %s, %d samples, attempts %+v; want complete, %d, the disk-full attempt first", m.Status, m.Samples, m.Attempts, n)
	}
}

// records are what a results folder holds of its run: the attempts a reader finds (run.json's, and the
// ends its lock file kept), and the sample lines.
type records struct {
	attempts []matrix.Attempt
	lines    int
}

func recordsOf(t *testing.T, dir string) (records, bool) {
	t.Helper()
	m, err := resultsdir.ReadManifest(dir)
	if err != nil {
		return records{}, false
	}
	kept, findings, _ := resultsdir.ReadRun(dir, m)
	resultsdir.Reconcile(&m, dir, kept, findings)
	b, _ := os.ReadFile(filepath.Join(dir, resultsdir.SamplesFile))
	return records{m.Attempts, strings.Count(string(b), "\n")}, true
}

// missing says what of was is missing from now: an attempt (by its start) or sample lines.
func (now records) missing(was records) string {
	var lost []string
	for _, a := range was.attempts {
		if !resultsdir.Holds(now.attempts, a) {
			lost = append(lost, "attempt "+a.Start.Format(time.RFC3339Nano)+" "+a.Status)
		}
	}
	if now.lines < was.lines {
		lost = append(lost, "sample lines")
	}
	return strings.Join(lost, ", ")
}

// Whichever write a full disk fails - the Nth of a run, for every N - the run says "disk full" and how
// to continue; a resume on the still-full disk says so too and loses nothing recorded before (the
// attempts, the lock's ends, the samples), and once space is freed a resume completes the run with every
// attempt in run.json (issue 37 items 1 and 2).
func TestNoRecordLostAtAnyWrite(t *testing.T) {
	if !diskFull(&fs.PathError{Err: syscall.ENOSPC}) {
		t.Skip("this platform's ENOSPC is not its disk-full error")
	}
	bin, _ := fakeHosts(t, "ok")
	writes := fullFrom(t, -1)
	if err := Bench(context.Background(), smoke(bin, filepath.Join(t.TempDir(), "results")), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	total := *writes
	for k := 0; k < total; k++ {
		out := filepath.Join(t.TempDir(), "results")
		fullFrom(t, k)
		err := Bench(context.Background(), quiet(smoke(bin, out)), io.Discard, io.Discard)
		first, started := recordsOf(t, out)
		switch {
		case err == nil || !strings.HasPrefix(err.Error(), "disk full: "):
			t.Fatalf("write %d of %d failed: %v; want disk full", k, total, err)
		case started && !strings.Contains(err.Error(), "free some space, then continue with: "+resultsdir.ResumeCommand(out)):
			t.Fatalf("write %d of %d failed: %q does not say how to continue", k, total, err)
		case !started && !strings.Contains(err.Error(), "free some space, then run the command again"):
			t.Fatalf("write %d of %d failed before run.json: %q does not say to run again", k, total, err)
		case !started:
			if _, err := os.Stat(filepath.Join(out, resultsdir.SamplesFile)); err == nil {
				t.Fatalf("write %d of %d failed before run.json, but %s is left, which a new run refuses", k, total, resultsdir.SamplesFile)
			}
			continue
		}
		// The disk is still full: the resume says so, and loses nothing.
		fullFrom(t, 0)
		err = Bench(context.Background(), quiet(resumeOf(bin, out)), io.Discard, io.Discard)
		if err == nil || !strings.HasPrefix(err.Error(), "disk full: ") || !strings.Contains(err.Error(), "free some space, then continue with: "+resultsdir.ResumeCommand(out)) {
			t.Fatalf("write %d: resume on the full disk: %v; want disk full and how to continue", k, err)
		}
		second, _ := recordsOf(t, out)
		if lost := second.missing(first); lost != "" {
			t.Fatalf("write %d: the resume on the full disk lost %s", k, lost)
		}
		fullFrom(t, -1) // space freed
		if err := Bench(context.Background(), quiet(resumeOf(bin, out)), io.Discard, io.Discard); err != nil {
			t.Fatalf("write %d: resume with space: %v", k, err)
		}
		m, _ := resultsdir.ReadManifest(out)
		last, _ := recordsOf(t, out)
		if lost := last.missing(second); lost != "" || m.Status != matrix.StatusComplete || len(m.Attempts) != len(second.attempts)+1 {
			t.Fatalf("write %d: after the resume with space: %s, attempts %+v; lost %q; want complete with %d attempts",
				k, m.Status, m.Attempts, lost, len(second.attempts)+1)
		}
	}
}

// A resume that finds the disk full before it can write its lock (the last run ended normally, its lock
// emptied) says so and how to continue, and changes nothing.
func TestResumeOnFullDiskBeforeTheLock(t *testing.T) {
	if !diskFull(&fs.PathError{Err: syscall.ENOSPC}) {
		t.Skip("this platform's ENOSPC is not its disk-full error")
	}
	bin, _ := fakeHosts(t, "ok")
	out := filepath.Join(t.TempDir(), "results")
	if err := Bench(context.Background(), quiet(smoke(bin, out)), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	samples := filepath.Join(out, resultsdir.SamplesFile)
	b, _ := os.ReadFile(samples)
	lines := strings.SplitAfter(strings.TrimSuffix(string(b), "\n"), "\n")
	os.WriteFile(samples, []byte(strings.Join(lines[:len(lines)-1], "")), 0o644) // a sample to take again
	before, _ := recordsOf(t, out)
	fullFrom(t, 0)
	err := Bench(context.Background(), quiet(resumeOf(bin, out)), io.Discard, io.Discard)
	if err == nil || !strings.HasPrefix(err.Error(), "disk full: ") || !strings.Contains(err.Error(), "free some space, then continue with: "+resultsdir.ResumeCommand(out)) {
		t.Fatalf("resume on a full disk: %v; want disk full and how to continue", err)
	}
	after, _ := recordsOf(t, out)
	if lost := after.missing(before); lost != "" {
		t.Errorf("the refused resume lost %s", lost)
	}
}
