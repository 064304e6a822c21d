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

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// atLine calls f when the n-th progress line is written.
type atLine struct {
	n int
	f func()
}

func (a *atLine) Write(p []byte) (int, error) {
	if a.n > 0 {
		if a.n -= bytes.Count(p, []byte("\n")); a.n <= 0 {
			a.f()
		}
	}
	return len(p), nil
}

// rebuild replaces a host binary with another build: one that fails every sample, so that a sample
// that ran it would show.
func rebuild(t *testing.T, path string) {
	t.Helper()
	if err := os.WriteFile(path+".new", []byte("#!/bin/sh\necho rebuilt >&2\nexit 7\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(path+".new", path); err != nil {
		t.Fatal(err)
	}
}

// A rebuild of a host during a run changes nothing measured: the run's samples all ran the build pinned
// at its start and record it; a resume runs the pinned copy too, and a resume without it (the copy
// gone) refuses the other build.
func TestRebuildMidRun(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in rebuild is a shell script")
	}
	r := fakeRunner(t, "ok")
	pooled := r.Hosts[matrix.Pooled]
	was, _ := BuildID(pooled)
	r.Progress = &atLine{n: 5, f: func() { rebuild(t, pooled) }}
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	now, _ := BuildID(pooled)
	if now == was {
		t.Fatal("the stand-in rebuild did not change the binary")
	}
	m, _ := resultsdir.ReadManifest(r.Dir)
	if m.Builds[matrix.Pooled] != was {
		t.Errorf("run.json builds %v, want pooled %s", m.Builds, was)
	}
	for _, s := range readAll(t, r.Dir) {
		if !s.OK || s.Build != m.Builds[matrix.HostBuild(s.Variant)] {
			t.Errorf("%v round %d %s: ok %v, build %q (%s); want every sample OK on the pinned build", s.Cell, s.Round, s.Variant, s.OK, s.Build, s.Error)
		}
	}
	if len(matrix.MixedBuilds(readAll(t, r.Dir))) != 0 {
		t.Error("MixedBuilds names a run that ran one build")
	}
	// A resume of the finished run with retries runs the pins: nothing changes.
	r2 := *r
	r2.Resume, r2.Progress = true, nil
	if err := r2.Run(context.Background()); err != nil {
		t.Fatalf("resume with pinned hosts: %v", err)
	}
	// Without the pins, the hosts in bin/ are another build: refused, nothing taken.
	if err := os.RemoveAll(filepath.Join(r.Dir, HostsDir)); err != nil {
		t.Fatal(err)
	}
	before := len(readAll(t, r.Dir))
	err := r2.Run(context.Background())
	var be *BuildError
	if !errors.As(err, &be) || be.Variant != matrix.Pooled || !strings.Contains(err.Error(), was) || !strings.Contains(err.Error(), now) {
		t.Fatalf("resume with a rebuilt host: %v, want a *BuildError naming both builds", err)
	}
	if after := len(readAll(t, r.Dir)); after != before {
		t.Errorf("%d samples after the refused resume, was %d", after, before)
	}
	if _, err := os.Stat(filepath.Join(r.Dir, HostsDir)); err == nil {
		t.Error("the refused resume left pinned hosts")
	}
}

// Samples of one variant from two builds are named, by build id, or by commit for samples older than
// build ids.
func TestMixedBuilds(t *testing.T) {
	cell := matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: 1, Phase: "cold", Backend: "libc"}
	s := func(v, build, commit string) matrix.Sample {
		x := matrix.Sample{Run: "r", Cell: cell, Variant: v, Build: build, OK: true}
		x.Result = &hostresult.Result{}
		x.Result.Env.Commit = commit
		return x
	}
	for _, tc := range []struct {
		name    string
		samples []matrix.Sample
		want    string
	}{
		{"one build", []matrix.Sample{s("control", "a", "c1"), s("aa", "x", "c1"), s("pooled/8", "b", "c1")}, ""},
		{"aa's layout is a build of its own", []matrix.Sample{s("control", "a", "c1"), s("aa", "a", "c1"), s("pooled/8", "b", "c1")}, ""},
		{"two builds", []matrix.Sample{s("control", "a", "c1"), s("control", "x", "c1"), s("pooled/8", "b", "c1")}, "control on linux/amd64 ran 2 builds: build a (1 samples), build x (1 samples)"},
		{"two builds of a layout", []matrix.Sample{s("control@layout=3", "a", "c1"), s("control@layout=3", "x", "c1"), s("control", "x", "c1")}, "control@layout=3 on linux/amd64 ran 2 builds: build a (1 samples), build x (1 samples)"},
		{"old run, two commits", []matrix.Sample{s("pooled", "", "c1"), s("pooled", "", "c1-dirty")}, "pooled on linux/amd64 ran 2 builds: commit c1 (1 samples), commit c1-dirty (1 samples)"},
		{"old run resumed on one commit", []matrix.Sample{s("pooled", "", "c1"), s("pooled", "b", "c1")}, ""},
	} {
		var got []string
		for _, m := range matrix.MixedBuilds(tc.samples) {
			got = append(got, m.String())
		}
		if strings.Join(got, "; ") != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// A new run into a used folder is refused as before, and leaves that folder's pinned hosts as they were,
// even when bin/ holds another build now.
func TestNewRunLeavesUsedFolderPins(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in rebuild is a shell script")
	}
	r := fakeRunner(t, "ok")
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, r.Dir)
	f, err := os.OpenFile(r.Hosts[matrix.Pooled], os.O_APPEND|os.O_WRONLY, 0) // another build that still runs
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("another build")
	f.Close()
	r2 := *r
	err = r2.Run(context.Background())
	var be *BuildError
	if !errors.As(err, &be) || !strings.Contains(err.Error(), "holds build") {
		t.Fatalf("a new run into a used folder with another build in bin/: %v, want a *BuildError", err)
	}
	after := snapshot(t, r.Dir)
	for name, was := range before {
		if after[name] != was && !strings.HasPrefix(name, resultsdir.LockFile) {
			t.Errorf("%s changed", name)
		}
	}
}
