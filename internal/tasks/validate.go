package tasks

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/internal/emulate"
	"github.com/deflatelab/deflatelab/matrix/hostbin"
)

// ValidationPackages are the validation suites: the engine, the allocators, the variants, the
// measured loop and the process counters - everything whose correctness the measurements rest on.
// They are RacePackages and PlainPackages together (a test checks that each package is in exactly one).
var ValidationPackages = []string{"./deflate/...", "./nativemem/...", "./variants/...", "./matrix/host", "./matrix/procstat/..."}

// RacePackages are the validation packages with concurrency: the allocators' counting, failing and
// guard wrappers (atomics and a mutex), the variants (the pool's lock, the counters; one package per
// registered variant, from the registry), the measured loop (DOP workers sharing one variant) and the
// process counters (a mutex). They run under the race detector where there is one, in the validate
// target and in ci.yml's race step alike (which runs "go tool mage validate:race"): "go test -race
// -count=1" of all of them took 20 s on a loaded 2-core VM, go test's default -timeout being 10 minutes.
var RacePackages = racePackages()

func racePackages() []string {
	pkgs := []string{"./nativemem/...", "./variants"}
	for _, v := range hostbin.Variants() {
		pkgs = append(pkgs, "./variants/"+v) // each variant's own package (docs/ARCHITECTURE.md, "Adding a variant")
	}
	return append(pkgs, "./variants/varianttest", "./matrix/host", "./matrix/procstat/...")
}

// RaceTimeout bounds each race-enabled go test binary: go test's default, said on the command line so
// that the CI job's timeout can be checked against it (internal/workflows).
const RaceTimeout = 10 * time.Minute

// PlainPackages run without the race detector: the engine and the variants' cross-configuration
// equality suite (variants/all), single-goroutine code run over hundreds of configurations, where
// -race has no concurrency to check and only slows them down: the engine's suites under -race were
// 1 min 32 s of a 1 min 38 s smoke matrix (issue 13, a quiet machine), and variants/all took 35 s
// with -race against 4.7 s without (one run each on a loaded 2-core VM).
var PlainPackages = []string{"./deflate/...", "./variants/all"}

// raceSupported lists the platforms, of those the lab runs on, where Go's race detector exists
// (cmd/internal/sys RaceDetectorSupported). windows/arm64 has none, so it runs without -race.
var raceSupported = []string{"linux/amd64", "linux/arm64", "windows/amd64", "darwin/amd64", "darwin/arm64"}

// GoTest is one "go test" run of the validation: its arguments and extra environment.
type GoTest struct {
	Args []string
	Env  []string
}

// ValidateRuns are the "go test" runs of the validation suites for goos/goarch, and whether they
// use the race detector: where the platform has one and a C compiler is there for cgo (haveCC), the
// RacePackages run with -race (CGO_ENABLED=1) and the PlainPackages without; otherwise everything
// runs in one plain run.
func ValidateRuns(goos, goarch string, haveCC bool) (runs []GoTest, race bool) {
	if race = haveCC && slices.Contains(raceSupported, goos+"/"+goarch); !race {
		return []GoTest{{Args: append([]string{"test", "-count=1"}, ValidationPackages...)}}, false
	}
	return []GoTest{
		raceRun(),
		{Args: append([]string{"test", "-count=1"}, PlainPackages...)},
	}, true
}

// raceRun is the go test run of RacePackages under the race detector.
func raceRun() GoTest {
	return GoTest{Args: append([]string{"test", "-count=1", "-race", "-timeout=" + RaceTimeout.String()}, RacePackages...), Env: []string{"CGO_ENABLED=1"}}
}

// Validate runs the validation suites on this machine (see ValidateRuns). Without a C compiler the
// race detector accepts (RaceProbe) the suites still run, without -race, and say so, so that a machine
// with nothing but Go can run the matrix.
func Validate(ctx context.Context, s Streams, goos, goarch string) error {
	probeErr := errNoRaceDetector
	if slices.Contains(raceSupported, goos+"/"+goarch) {
		probeErr = RaceProbe(ctx)
	}
	runs, race := ValidateRuns(goos, goarch, probeErr == nil)
	switch {
	case race:
	case !slices.Contains(raceSupported, goos+"/"+goarch):
		fmt.Fprintf(s.Stderr, "validate: the race detector does not exist on %s/%s; running without -race\n", goos, goarch)
	default:
		fmt.Fprintf(s.Stderr, "validate: WARNING: running without -race: %v\n", probeErr)
	}
	for _, r := range runs {
		if err := goCommand(ctx, s, r.Env, r.Args...); err != nil {
			return fmt.Errorf("validate: %w", err)
		}
	}
	return nil
}

// Emulated runs the validation suites as other platforms' binaries on this machine, under the
// emulators internal/emulate drives (wine64, qemu-user), then WindowsPathTests under wine. A missing
// emulator is skipped with a message, or fails the run when o.RequireEmulators is set.
func Emulated(ctx context.Context, s Streams, o Options) error {
	err := emulateRun(ctx, emulate.Options{
		Packages: ValidationPackages,
		Require:  o.RequireEmulators,
		Stdout:   s.Stdout,
		Stderr:   s.Stderr,
	})
	for _, w := range WindowsPathTests {
		flags := append([]string{"-short", "-tags=winefallback", "-ldflags=-checklinkname=0"}, w.Flags...)
		opts := emulate.Options{
			Packages: w.Packages,
			Targets:  []string{"windows/amd64"},
			Flags:    flags,
			Require:  o.RequireEmulators,
			Stdout:   s.Stdout,
			Stderr:   s.Stderr,
		}
		werr := emulateRun(ctx, opts)
		if werr != nil && ctx.Err() == nil {
			// These tests start dozens of hosts each, and wine's process creation fails now and then
			// ("fork/exec ...: Internal error.", seen once in .ci/run on 2 December 2026 and not
			// again in the next two runs): run them once more, saying so; failing twice fails.
			fmt.Fprintf(s.Stderr, "validate:emulated: %s under wine failed (above); running them once more, since wine's process creation fails now and then\n", strings.Join(w.Packages, " "))
			if werr = emulateRun(ctx, opts); werr == nil {
				fmt.Fprintf(s.Stderr, "validate:emulated: %s passed when run again: the first failure was transient\n", strings.Join(w.Packages, " "))
			}
		}
		err = errors.Join(err, werr)
	}
	return err
}

// emulateRun is emulate.Run; a test stands in for it.
var emulateRun = emulate.Run

// WindowsPathTests are the tests of go test ./... that reach code which is Windows-only or differs
// on Windows, outside the validation suites: run as windows/amd64 binaries under wine by
// validate:emulated (.ci/run), because ci.yml's Windows legs are the only other place they run. The
// runner's: the results folder's lock (LockFileEx), hosts in a job object that dies with the runner,
// running hosts, a resume, a merge, a full disk and duet pairs (SetProcessAffinityMask, the stdin barrier); and everything of the report (paths in links,
// the step summary), the mage targets' logic (paths, exit codes, the workflow's plan and report),
// internal/mage (the lock on its compile step), internal/lifeline and matrix/resultsdir (its lock). Tests that need the go command
// skip there (wine has no Windows go); the rest of matrix's tests run the same code paths as these,
// with fake hosts, and take several minutes under wine. Built with winefallback (internal/winefix):
// wine 8.0 cannot delete a file the way Go 1.26 asks first.
var WindowsPathTests = []struct{ Packages, Flags []string }{
	{[]string{"./matrix/runner"}, []string{"-run=^(TestSecondWriterRefused|TestKilledRunTakenOver|TestHostDiesWithKilledRunner|TestRunComplete|TestRunRecordsFailedHosts|TestRunMismatch|TestBenchRunsAndResumes|TestMergeReplicas|TestDiskFullNamedAndKept|TestRunDuet)$"}},
	{[]string{"./matrix/resultsdir", "./matrix/report", "./internal/tasks", "./internal/mage", "./internal/lifeline", "./internal/winefix"}, nil},
}
