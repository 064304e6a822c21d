package tasks

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/internal/emulate"
)

func TestValidateRuns(t *testing.T) {
	tests := []struct {
		goos, goarch string
		haveCC       bool
		race         bool
	}{
		{"linux", "amd64", true, true},
		{"linux", "arm64", true, true},
		{"windows", "amd64", true, true},
		{"windows", "arm64", true, false},
		{"linux", "amd64", false, false},
	}
	for _, tt := range tests {
		runs, race := ValidateRuns(tt.goos, tt.goarch, tt.haveCC)
		if race != tt.race {
			t.Errorf("ValidateRuns(%s/%s, cc %v): race %v, want %v", tt.goos, tt.goarch, tt.haveCC, race, tt.race)
		}
		var all []string
		for _, r := range runs {
			withRace := slices.Contains(r.Args, "-race")
			if withRace != slices.Contains(r.Env, "CGO_ENABLED=1") {
				t.Errorf("%q: -race and CGO_ENABLED=1 go together (env %q)", r.Args, r.Env)
			}
			for _, a := range r.Args {
				if !strings.HasPrefix(a, "./") {
					continue
				}
				all = append(all, a)
				// The engine's configuration matrix never runs under the race detector: it has no goroutines.
				if withRace && slices.Contains(PlainPackages, a) {
					t.Errorf("%s/%s: %s runs with -race", tt.goos, tt.goarch, a)
				}
			}
			if !slices.Contains(r.Args, "-count=1") {
				t.Errorf("%q: validation must not report cached results", r.Args)
			}
		}
		if !tt.race && len(runs) != 1 {
			t.Errorf("%s/%s without race: %d runs, want one", tt.goos, tt.goarch, len(runs))
		}
		if got := goList(t, all...); !slices.Equal(got, goList(t, ValidationPackages...)) {
			t.Errorf("%s/%s: the runs test %q, want the validation packages %q", tt.goos, tt.goarch, got, goList(t, ValidationPackages...))
		}
	}
}

// needGo skips a test that runs the go command where there is none: a Windows test binary run under
// wine (validate:emulated) has the source tree but no Windows go.
func needGo(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skipf("no go command here (%v): a test binary run under an emulator", err)
	}
}

// goList expands package patterns, run from the module root, into sorted import paths.
func goList(t *testing.T, patterns ...string) []string {
	t.Helper()
	needGo(t)
	cmd := exec.Command("go", append([]string{"list"}, patterns...)...)
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %q: %v", patterns, err)
	}
	pkgs := strings.Fields(string(out))
	slices.Sort(pkgs)
	return pkgs
}

// TestRacePackagesPartition: every validation package is in exactly one of RacePackages and
// PlainPackages, and every one whose code imports sync or sync/atomic (locks, atomics, goroutines
// that wait for each other) runs under the race detector.
func TestRacePackagesPartition(t *testing.T) {
	race, plain := goList(t, RacePackages...), goList(t, PlainPackages...)
	for _, p := range race {
		if slices.Contains(plain, p) {
			t.Errorf("%s is in both RacePackages and PlainPackages", p)
		}
	}
	cmd := exec.Command("go", append([]string{"list", "-f", `{{.ImportPath}} {{join .Imports " "}}`}, ValidationPackages...)...)
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg, imports := f[0], f[1:]
		if !slices.Contains(race, pkg) && !slices.Contains(plain, pkg) {
			t.Errorf("validation package %s is in neither RacePackages nor PlainPackages", pkg)
		}
		if (slices.Contains(imports, "sync") || slices.Contains(imports, "sync/atomic")) && !slices.Contains(race, pkg) {
			t.Errorf("%s imports sync but is not in RacePackages", pkg)
		}
	}
}

// TestWindowsPathTestsExist: every test WindowsPathTests names by -run is a test of the package it names,
// so that a test moved to another package (as the runner's were, from matrix to matrix/runner) fails
// here instead of matching nothing under wine and passing.
func TestWindowsPathTestsExist(t *testing.T) {
	for _, w := range WindowsPathTests {
		for _, f := range w.Flags {
			pattern, ok := strings.CutPrefix(f, "-run=")
			if !ok {
				continue
			}
			names := strings.Split(strings.TrimSuffix(strings.TrimPrefix(pattern, "^("), ")$"), "|")
			for _, name := range names {
				found := false
				for _, pkg := range w.Packages {
					files, _ := filepath.Glob(filepath.Join("..", "..", pkg, "*_test.go"))
					for _, file := range files {
						data, err := os.ReadFile(file)
						if err != nil {
							t.Fatal(err)
						}
						found = found || strings.Contains(string(data), "func "+name+"(t *testing.T)")
					}
				}
				if !found {
					t.Errorf("WindowsPathTests runs %s in %v, which has no such test", name, w.Packages)
				}
			}
		}
	}
}

// A Windows-path run that fails under wine is run once more and passes the target only if it passes
// then; the log says so. The validation suites themselves are not retried.
func TestEmulatedRetriesWindowsPathsOnce(t *testing.T) {
	for _, failures := range []int{1, 2} {
		var calls, windowsCalls int
		t.Cleanup(func() { emulateRun = emulate.Run })
		emulateRun = func(_ context.Context, o emulate.Options) error {
			calls++
			if !slices.Equal(o.Packages, WindowsPathTests[0].Packages) {
				return nil
			}
			if windowsCalls++; windowsCalls <= failures {
				return errors.New("go test: exit status 1")
			}
			return nil
		}
		var stderr bytes.Buffer
		err := Emulated(context.Background(), Streams{Stdout: io.Discard, Stderr: &stderr}, Options{})
		log := stderr.String()
		switch {
		case windowsCalls != 2 || calls != 1+len(WindowsPathTests)+1:
			t.Errorf("%d failures: %d calls, %d of the first Windows-path run; want it run twice, the rest once", failures, calls, windowsCalls)
		case failures == 1 && (err != nil || !strings.Contains(log, "passed when run again")):
			t.Errorf("a transient failure: %v, log %q; want a pass that names it", err, log)
		case failures == 2 && (err == nil || !strings.Contains(log, "running them once more")):
			t.Errorf("two failures: %v, log %q; want the target failed", err, log)
		}
	}
}
