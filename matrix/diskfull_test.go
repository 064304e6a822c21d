package matrix

import (
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fillDisk makes every write fail with ENOSPC once n sample lines are written: the sample's line, and
// every atomic rewrite (run.json, bench.txt) after it, as on a disk that filled up.
func fillDisk(t *testing.T, n int) {
	t.Helper()
	full := false
	t.Cleanup(func() { writeLine, createTemp = (*os.File).Write, os.CreateTemp })
	writeLine = func(f *os.File, b []byte) (int, error) {
		if n--; n < 0 {
			full = true
			return 0, &fs.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
		}
		return f.Write(b)
	}
	createTemp = func(dir, pattern string) (*os.File, error) {
		if full {
			return nil, &fs.PathError{Op: "open", Path: filepath.Join(dir, pattern), Err: syscall.ENOSPC}
		}
		return os.CreateTemp(dir, pattern)
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
	err := BenchMain(context.Background(), benchArgs(bin, out), io.Discard, io.Discard)
	if err == nil || !strings.HasPrefix(err.Error(), "disk full: ") || !strings.Contains(err.Error(), ResumeCommand(out)) {
		t.Fatalf("BenchMain on a full disk = %v, want it to say disk full and how to continue", err)
	}
	writeLine, createTemp = (*os.File).Write, os.CreateTemp // space freed

	m, _ := ReadManifest(out)
	kept, findings, _ := ReadRun(out, m)
	m.Reconcile(out, kept, findings)
	if m.Status != StatusDiskFull || !strings.Contains(m.Error, "disk full") || strings.Contains(m.Error, "killed") || m.Samples != 4 {
		t.Errorf("run.json read after the full disk: %s, %q, %d samples; want %s, 4", m.Status, m.Error, m.Samples, StatusDiskFull)
	}
	if err := BenchMain(context.Background(), []string{"-bin", bin, "-out", out, "-resume"}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	m, _ = ReadManifest(out)
	if n := smokeCellSamples(); m.Status != StatusComplete || m.Samples != n || len(m.Attempts) != 2 || m.Attempts[0].Status != StatusDiskFull ||
		!strings.Contains(m.Attempts[0].Error, "disk full") || m.Attempts[0].End.IsZero() {
		t.Errorf("after the resume: %s, %d samples, attempts %+v; want complete, %d, the disk-full attempt first", m.Status, m.Samples, m.Attempts, n)
	}
}
