package runner

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostbin"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// aa runs a host of its own, control linked with matrix.AALayout: pinned and recorded as a build of its
// own (run.json's builds under "control@layout=45", each sample's layout), and a resume whose aa host is
// another build is refused.
func TestAAIsALayoutBuild(t *testing.T) {
	r := fakeRunner(t, "ok")
	r.Plan.Variants, r.Plan.Phases = []string{"control", matrix.AA, "control@layout=7"}, []string{"warm"}
	r.Hosts["control@layout=7"] = hostbin.Path(filepath.Dir(r.Hosts["control"]), runtime.GOOS, "control@layout=7")
	if err := copyBinary(r.Hosts["control"], r.Hosts["control@layout=7"]); err != nil {
		t.Fatal(err)
	}
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	m, err := resultsdir.ReadManifest(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	aaBuild := matrix.HostBuild(matrix.AA)
	if aaBuild != "control@layout=45" || m.Builds[aaBuild] == "" || m.Builds["control"] == "" || m.Builds["control@layout=7"] == "" {
		t.Fatalf("run.json builds %v, want control, %s and control@layout=7", m.Builds, aaBuild)
	}
	if _, err := os.Stat(filepath.Join(r.Dir, HostsDir, hostbin.Stem(aaBuild))); err != nil {
		t.Errorf("aa's host is not pinned: %v", err)
	}
	want := map[string]int64{"control": 0, matrix.AA: matrix.AALayout, "control@layout=7": 7}
	for _, s := range readAll(t, r.Dir) {
		if s.Layout != want[s.Variant] || s.Build != m.Builds[matrix.HostBuild(s.Variant)] {
			t.Errorf("%s round %d: layout %d build %s, want %d and %s", s.Variant, s.Round, s.Layout, s.Build, want[s.Variant], m.Builds[matrix.HostBuild(s.Variant)])
		}
	}
	// The pinned aa replaced by another build: the resume refuses it before anything runs.
	pinned := filepath.Join(r.Dir, HostsDir, hostbin.Stem(aaBuild))
	f, err := os.OpenFile(pinned, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("another build"))
	f.Close()
	r2 := *r
	r2.Resume = true
	var be *BuildError
	if err := r2.Run(context.Background()); !errors.As(err, &be) || be.Variant != aaBuild {
		t.Fatalf("resume with another aa build: %v, want a *BuildError for %s", err, aaBuild)
	}
}

// A host whose -describe says another layout than the plan's candidate is refused before any sample.
func TestLayoutHostMismatch(t *testing.T) {
	r := fakeRunner(t, "ok")
	r.Plan.Variants = []string{"control", matrix.AA}
	r.Hosts[matrix.HostBuild(matrix.AA)] = r.Hosts["control"] // control's binary (layout 0) standing in for aa's
	err := r.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "layout seed 0") || !strings.Contains(err.Error(), "expects 45") {
		t.Fatalf("aa on control's binary: %v, want a refusal naming both layouts", err)
	}
	if _, err := os.Stat(r.Dir); err == nil {
		t.Error("the refused run left a results folder")
	}
}

func TestSameCommits(t *testing.T) {
	for _, tc := range []struct {
		name    string
		vs      []string
		commits map[string]string
		wantErr string
	}{
		{"one commit", []string{"control", "aa"}, map[string]string{"control": "c1", "control@layout=45": "c1"}, ""},
		{"aa newer", []string{"control", "aa"}, map[string]string{"control": "c1", "control@layout=45": "c2"}, "control@layout=45 host is commit c2"},
		{"no plain host", []string{"pooled@layout=3", "control"}, map[string]string{"control": "c1", "pooled@layout=3": "c2"}, ""},
		{"layout of pooled/4", []string{"pooled/4", "pooled/4@layout=3"}, map[string]string{"pooled": "c1", "pooled@layout=3": "c2"}, "pooled@layout=3 host"},
	} {
		err := sameCommits(tc.vs, tc.commits)
		if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.wantErr)
		}
	}
}

func TestMissingLayoutHosts(t *testing.T) {
	dir := t.TempDir()
	for _, hb := range []string{"control", "control@layout=2"} {
		if err := os.WriteFile(hostbin.Path(dir, "linux", hb), nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// pooled's plain host is absent, so its layout host is not linked either (a run without hosts fails
	// naming them, and links nothing into the tree it runs in).
	got := missingLayoutHosts([]string{"control", "aa", "control@layout=2", "control@layout=3", "pooled/4@layout=3", "pooled/8@layout=3"}, dir, "linux")
	if want := "control@layout=45 control@layout=3"; strings.Join(got, " ") != want {
		t.Errorf("missing %v, want %s", got, want)
	}
}
