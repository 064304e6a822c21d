package runner

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// fakeEmulator writes a shell script that stands in for wine or qemu-user: it logs its arguments, leaves
// a child holding stdout and stderr open after it exits (as a wineserver spawned by the first wine
// program does), and runs the host. It returns the script and its log.
func fakeEmulator(t *testing.T) (script, log string) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil || runtime.GOOS == "windows" {
		t.Skip("needs a POSIX shell")
	}
	dir := t.TempDir()
	log = filepath.Join(dir, "calls")
	script = filepath.Join(dir, "emu")
	body := "#!/bin/sh\necho \"$*\" >> '" + log + "'\n(sleep 2) &\n[ \"$1\" = --flag ] && shift\nexec \"$@\"\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return script, log
}

// shortWaitDelay makes the runner stop waiting for a fake emulator's lingering child sooner.
func shortWaitDelay(t *testing.T) {
	old := waitDelay
	waitDelay = 100 * time.Millisecond
	t.Cleanup(func() { waitDelay = old })
}

// A run under -exec takes every host through the emulator, records the emulator in the manifest and
// in every sample, and keeps the samples of hosts whose pipes outlive them (exec.ErrWaitDelay after
// a successful exit): their output was complete when they exited.
func TestRunUnderEmulator(t *testing.T) {
	emu, log := fakeEmulator(t)
	shortWaitDelay(t)
	r := fakeRunner(t, "ok")
	r.Plan.Phases, r.Plan.DOPs, r.Plan.Rounds = []string{"cold"}, []int{1}, 2 // 1 cell x 2 rounds x every variant
	r.Exec = []string{emu, "--flag"}
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	samples := readAll(t, r.Dir)
	nSamples := 2 * len(r.Plan.Variants)
	if len(samples) != nSamples {
		t.Fatalf("%d samples, want %d", len(samples), nSamples)
	}
	want := emu + " --flag"
	for _, s := range samples {
		if !s.OK || s.Emulated != want || s.Cell.Platform != runtime.GOOS+"/"+runtime.GOARCH {
			t.Errorf("sample %+v: want OK, emulated %q, on this platform", s, want)
		}
	}
	if bench, err := os.ReadFile(filepath.Join(r.Dir, resultsdir.BenchFile)); err != nil || !strings.Contains(string(bench), "emulated: "+want+"\n") {
		t.Errorf("%s lacks the emulated configuration line (%v):\n%s", resultsdir.BenchFile, err, bench)
	}
	m, err := resultsdir.ReadManifest(r.Dir)
	if err != nil || m.Emulated != want || m.Failed != 0 || m.Status != matrix.StatusComplete {
		t.Errorf("manifest %+v, %v; want emulated %q, complete", m, err, want)
	}
	calls, _ := os.ReadFile(log)
	lines := strings.Split(strings.TrimSpace(string(calls)), "\n")
	nHosts := len(hostsOf(r.Plan.HostBuilds(), r.Hosts)) // one describe per host build the plan runs
	if len(lines) != nHosts+1+nSamples || !strings.HasPrefix(lines[0], "--flag "+r.Hosts["control"]+" -describe") || !strings.Contains(lines[nHosts], " -calibrate ") {
		t.Errorf("the emulator ran %d times (want %d describes, the harness calibration, %d samples), first %q", len(lines), nHosts, nSamples, lines[0])
	}
	// Resuming under another emulator (or none) would mix two ways of running in one run.
	r.Resume, r.Exec = true, nil
	if err := r.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "-exec") {
		t.Errorf("resume without the run's emulator: %v, want an error naming -exec", err)
	}
}

// A sample's platform is the one its host reports: a host built for another platform than the plan's
// is refused before anything runs, and a result from another platform is a failed sample, never a
// sample filed under the runner's platform.
func TestRunPlatformIsTheHosts(t *testing.T) {
	r := fakeRunner(t, "describeas=windows/amd64")
	_, err := r.Prepare(context.Background())
	if err == nil || !strings.Contains(err.Error(), "built for windows/amd64") || !strings.Contains(err.Error(), "-platform windows/amd64") {
		t.Errorf("hosts of another platform: %v, want an error naming theirs and -platform", err)
	}

	r = fakeRunner(t, "elsewhere=pooled")
	r.Plan.Phases, r.Plan.DOPs, r.Plan.Rounds = []string{"cold"}, []int{1}, 1
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, s := range readAll(t, r.Dir) {
		failed := matrix.HostVariant(s.Variant) == "pooled"
		if s.OK == failed || (failed && !strings.Contains(s.Error, "host reports platform fakeos/fakearch, but the run is on "+r.Plan.Platform)) {
			t.Errorf("sample %s: ok %v, error %q", s.Variant, s.OK, s.Error)
		}
	}
}

func TestBenchExecAndPlatform(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	here := runtime.GOOS + "/" + runtime.GOARCH
	for _, tt := range []struct {
		o    BenchOptions
		want string
	}{
		{BenchOptions{Exec: []string{"qemu-aarch64-static"}}, "-exec runs another platform's hosts: give -platform"},
		{BenchOptions{Platform: "windows"}, `-platform "windows": want goos/goarch`},
		{BenchOptions{Platform: "a/b/c"}, `-platform "a/b/c": want goos/goarch`},
		{BenchOptions{Backends: []string{"all", "pages"}}, `unknown backend "all"`},
	} {
		o := tt.o
		o.Profile, o.Bin, o.Out = "smoke", bin, filepath.Join(t.TempDir(), "results")
		err := Bench(context.Background(), o, &bytes.Buffer{}, &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, want %q", tt.o, err, tt.want)
		}
	}

	emu, _ := fakeEmulator(t)
	shortWaitDelay(t)
	out := filepath.Join(t.TempDir(), "results")
	o := BenchOptions{Profile: "smoke", Bin: bin, Out: out, Exec: []string{emu}, Platform: here,
		Backends: []string{"all"}, Workloads: []string{"fixed"}, Phases: []string{"cold"}, DOPs: []int{1}, Rounds: ptr(1)}
	var stderr bytes.Buffer
	if err := Bench(context.Background(), o, &bytes.Buffer{}, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, &stderr)
	}
	m, err := resultsdir.ReadManifest(out)
	if err != nil || m.Emulated != emu || m.Plan.Platform != here || strings.Join(m.Plan.Backends, ",") != "goheap,pages" || m.Samples != 2*len(m.Plan.Variants) || m.Failed != 0 {
		t.Errorf("manifest %+v, %v; want emulated, on %s, backends all resolved, 2 cells x 1 round x every variant", m, err, here)
	}
	// A resume takes the emulator from the manifest.
	if err := Bench(context.Background(), resumeOf(bin, out), &bytes.Buffer{}, &stderr); err != nil {
		t.Errorf("resume of an emulated run: %v", err)
	}
}
