package runner

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
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
	m := runManifest(t, r)
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
	refusesAnotherPinnedBuild(t, r, aaBuild)
}

// runManifest runs r and reads the run.json it wrote.
func runManifest(t *testing.T, r *Runner) matrix.Manifest {
	t.Helper()
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	m, err := resultsdir.ReadManifest(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// refusesAnotherPinnedBuild replaces r's pinned copy of host build hb by another build, and checks that a
// resume refuses it before anything runs.
func refusesAnotherPinnedBuild(t *testing.T, r *Runner, hb string) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(r.Dir, HostsDir, hostbin.Stem(hb)), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("another build"))
	f.Close()
	r2 := *r
	r2.Resume = true
	var be *BuildError
	if err := r2.Run(context.Background()); !errors.As(err, &be) || be.Variant != hb {
		t.Fatalf("resume with another %s build: %v, want a *BuildError for it", hb, err)
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
		err := sameCommits(matrix.Plan{Variants: tc.vs}.HostBuilds(), tc.commits)
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
	got := missingLayoutHosts(matrix.Plan{Variants: []string{"control", "aa", "control@layout=2", "control@layout=3", "pooled/4@layout=3", "pooled/8@layout=3"}}.HostBuilds(), dir, "linux")
	if want := "control@layout=45 control@layout=3"; strings.Join(got, " ") != want {
		t.Errorf("missing %v, want %s", got, want)
	}
}

// A rotating plan runs every variant's host in the round's layout (control's too, aa in another): each
// (variant, seed) host is described, pinned and recorded as a build of its own, each sample records the
// seed it ran, run.json the plan's layouts, and a resume runs the pinned layout hosts and refuses one
// that is another build.
func TestRotatedRun(t *testing.T) {
	r := fakeRunner(t, "ok")
	r.Plan.Variants, r.Plan.Phases, r.Plan.Rounds = []string{"control", matrix.AA, "pooled/4", "control@layout=7"}, []string{"warm"}, 4
	r.Plan.Layouts = matrix.RotationLayouts(2)
	bin := filepath.Dir(r.Hosts["control"])
	r.Hosts = map[string]string{}
	for _, hb := range r.Plan.HostBuilds() { // as Bench names them after buildLayoutHosts linked them
		r.Hosts[hb] = hostbin.Path(bin, runtime.GOOS, hb)
		if _, err := os.Stat(r.Hosts[hb]); err != nil {
			v, _ := matrix.SplitHostBuild(hb)
			if err := copyBinary(hostbin.Path(bin, runtime.GOOS, v), r.Hosts[hb]); err != nil {
				t.Fatal(err)
			}
		}
	}
	m := runManifest(t, r)
	if !slices.Equal(m.Plan.Layouts, []int64{101, 102}) {
		t.Errorf("run.json's plan layouts %v, want [101 102]", m.Plan.Layouts)
	}
	for _, hb := range []string{"control@layout=101", "control@layout=102", "pooled@layout=101", "pooled@layout=102", "control@layout=7"} {
		if m.Builds[hb] == "" {
			t.Errorf("run.json builds %v lack %s", m.Builds, hb)
		}
		if _, err := os.Stat(filepath.Join(r.Dir, HostsDir, hostbin.Stem(hb))); err != nil {
			t.Errorf("%s is not pinned: %v", hb, err)
		}
	}
	if _, ok := m.Builds["control"]; ok {
		t.Errorf("run.json builds %v hold control's plain host, which no round ran", m.Builds)
	}
	samples := readAll(t, r.Dir)
	want := map[string][]int64{"control": {101, 102}, matrix.AA: {102, 101}, "pooled/4": {101, 102}, "control@layout=7": {7, 7}}
	ran := map[[2]any]int64{} // (cell, round) -> control's layout
	for _, s := range samples {
		if w := want[s.Variant][s.Round%2]; s.Layout != w || s.Build != m.Builds[matrix.HostBuildOf(s)] {
			t.Errorf("%s round %d: layout %d build %s, want %d and %s's", s.Variant, s.Round, s.Layout, s.Build, w, matrix.HostBuildOf(s))
		}
		if s.Variant == "control" {
			ran[[2]any{s.Cell, s.Round}] = s.Layout
		}
	}
	for _, s := range samples {
		if s.Variant == matrix.AA && s.Layout == ran[[2]any{s.Cell, s.Round}] {
			t.Errorf("%s round %d: aa ran control's layout %d", s.Cell, s.Round, s.Layout)
		}
	}
	// Half the samples lost: the resume takes them again on the pinned layout hosts, in the same layouts.
	path := filepath.Join(r.Dir, resultsdir.SamplesFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSpace(string(data)), "\n")
	if err := os.WriteFile(path, []byte(strings.Join(lines[:len(lines)/2], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	for hb := range r.Hosts { // bin/ emptied: the pinned copies are what a resume runs
		os.Remove(r.Hosts[hb])
	}
	r2 := *r
	r2.Resume = true
	if err := r2.Run(context.Background()); err != nil {
		t.Fatalf("resume: %v", err)
	}
	again := readAll(t, r.Dir)
	if len(again) != len(samples) {
		t.Errorf("after the resume %d samples, want %d", len(again), len(samples))
	}
	for _, s := range again {
		if w := want[s.Variant][s.Round%2]; s.Layout != w {
			t.Errorf("resumed %s round %d: layout %d, want %d", s.Variant, s.Round, s.Layout, w)
		}
	}
	// A pinned layout host replaced by another build: the resume refuses it before anything runs.
	refusesAnotherPinnedBuild(t, r, "pooled@layout=102")
}

// A rotating plan's layout hosts are linked before the bench, each (variant, seed) beside its variant's
// plain host only.
func TestMissingRotationHosts(t *testing.T) {
	dir := t.TempDir()
	for _, hb := range []string{"control", "pooled", "control@layout=101"} {
		if err := os.WriteFile(hostbin.Path(dir, "linux", hb), nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	p := matrix.Plan{Variants: []string{"control", "aa", "pooled/4", "splitalloc"}, Rounds: 4, Layouts: matrix.RotationLayouts(2)}
	got := missingLayoutHosts(p.HostBuilds(), dir, "linux")
	if want := "control@layout=102 pooled@layout=101 pooled@layout=102"; strings.Join(got, " ") != want {
		t.Errorf("missing %v, want %s (splitalloc's plain host is absent)", got, want)
	}
}
