//go:build mage

// The lab's targets. Options come from DEFLATELAB_* environment variables, not flags: mage reads
// every word after a target as another target. See docs/USAGE.md, "Options".
package main

import (
	"context"
	"fmt"
	"os"
	"runtime"

	"github.com/magefile/mage/mg"

	"github.com/deflatelab/deflatelab/internal/tasks"
	"github.com/deflatelab/deflatelab/matrix/giveback/probe"
	"github.com/deflatelab/deflatelab/matrix/report"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/runner"
)

// Validate groups the validation suites: "validate" runs them on this machine, "validate:emulated"
// as other platforms' binaries under emulators.
type Validate mg.Namespace

// Bench groups the benches: "bench" runs the experiment on this machine, "bench:emulated" other
// platforms' hosts under emulators, as a functional check.
type Bench mg.Namespace

// Aliases: "validate" is validate:local and "bench" is bench:local, the common cases.
var Aliases = map[string]any{"validate": Validate.Local, "bench": Bench.Local}

var std = tasks.Streams{Stdout: os.Stdout, Stderr: os.Stderr}

// SIGTERM stops a target as Ctrl-C does (mage itself cancels the context on SIGINT only).
func init() { tasks.InterruptOnTerm() }

// target is every target's body: it reads the DEFLATELAB_* variables (an unknown one, or a bad value,
// exits 2 before anything runs), runs do with them, and exits as tasks.Exit says.
func target(ctx context.Context, do func(o tasks.Options) error) error {
	o, err := tasks.FromEnviron(os.Environ())
	if err != nil {
		return tasks.Exit(ctx, err)
	}
	return tasks.Exit(ctx, do(o))
}

// printed prints the path a target made, if any (a report written by a target that fails, a platform
// missing, is still uploaded), and returns err.
func printed(path string, err error) error {
	if path != "" {
		fmt.Println(path)
	}
	return err
}

// errOf is err alone, for a target whose other result (a run's folder, the planned legs) is not printed.
func errOf(_ any, err error) error { return err }

// Build builds every variant's host, zpipe and the test binaries for windows and linux, amd64 and arm64, into bin/.
func Build(ctx context.Context) error {
	return target(ctx, func(tasks.Options) error { return tasks.Build(ctx, std, tasks.Platforms) })
}

// Local runs the validation suites on this machine, -race on the packages with concurrency (also: "validate").
func (Validate) Local(ctx context.Context) error {
	return target(ctx, func(tasks.Options) error { return tasks.Validate(ctx, std, runtime.GOOS, runtime.GOARCH) })
}

// Race runs the packages with concurrency under the race detector (ci.yml's race step); says what it skipped where the detector cannot run.
func (Validate) Race(ctx context.Context) error {
	return target(ctx, func(o tasks.Options) error {
		return tasks.ValidateRace(ctx, std, runtime.GOOS, runtime.GOARCH, o.GitHubActions)
	})
}

// Emulated runs the suites as windows/amd64 under wine64 and linux/arm64 under qemu (DEFLATELAB_REQUIRE_EMULATORS=1: no skipping).
func (Validate) Emulated(ctx context.Context) error {
	return target(ctx, func(o tasks.Options) error { return tasks.Emulated(ctx, std, o) })
}

// Local builds this machine's hosts and runs the experiment (DEFLATELAB_PROFILE=smoke|quick|full, default quick) into results/, or continues DEFLATELAB_RESUME=results/<run> (also: "bench").
func (Bench) Local(ctx context.Context) error {
	return target(ctx, func(o tasks.Options) error {
		return errOf(tasks.BenchHere(ctx, std, o, runtime.GOOS, runtime.GOARCH, runner.Bench, resultsdir.Merge))
	})
}

// Emulated benches windows/amd64 hosts under wine64 and linux/arm64 under qemu (smoke, every backend), a functional check, and reports them.
func (Bench) Emulated(ctx context.Context) error {
	return target(ctx, func(tasks.Options) error { return errOf(benchEmulated(ctx)) })
}

// benchEmulated is bench:emulated's work: its own options (tasks.EmulatedOptions), the real emulators and entry points.
func benchEmulated(ctx context.Context) (string, error) {
	o, err := tasks.EmulatedOptions(os.Getenv)
	if err != nil {
		return "", err
	}
	return tasks.BenchEmulated(ctx, std, o, tasks.EmulatedSteps{
		Start: tasks.RealEmulator,
		BuildHosts: func(ctx context.Context, goos, goarch string) error {
			return tasks.BuildHosts(ctx, std, goos, goarch)
		},
		Bench:  runner.Bench,
		Report: report.Run,
	})
}

// Report renders one report under reports-local/ (DEFLATELAB_REPORTS=reports: the tracked index) from the newest run under results/ (DEFLATELAB_RESULTS=dir[,dir]: every run in them).
func Report(ctx context.Context) error {
	return target(ctx, func(o tasks.Options) error { return printed(tasks.Report(ctx, std, o, report.Run, resultsdir.Merge)) })
}

// Matrix runs the whole experiment here: build for this machine, validate, bench (quick; DEFLATELAB_RESUME continues a run), report into reports-local/; prints the report's path.
func Matrix(ctx context.Context) error {
	return target(ctx, func(o tasks.Options) error {
		return errOf(tasks.Matrix(ctx, std, o, runtime.GOOS, runtime.GOARCH, tasks.LocalSteps(runtime.GOOS, runtime.GOARCH, runner.Bench, resultsdir.Merge, report.Run)))
	})
}

// Thresholds finds each backend's give-back thresholds here (lab thresholds) into DEFLATELAB_RESULTS/thresholds/<goos>-<goarch>.{md,svg,json}; prints the markdown's path.
func Thresholds(ctx context.Context) error {
	return target(ctx, func(o tasks.Options) error {
		return printed(tasks.Thresholds(ctx, std, o, runtime.GOOS, runtime.GOARCH, probe.Run, report.WriteThresholds))
	})
}

// Plan checks the matrix workflow's inputs once and writes its measure legs (platforms x DEFLATELAB_REPLICAS) as step outputs; its first job.
func Plan(ctx context.Context) error {
	return target(ctx, func(o tasks.Options) error {
		return errOf(tasks.WorkflowPlan(os.Stdout, o, os.Getenv("GITHUB_OUTPUT")))
	})
}

// Remote runs the matrix workflow on GitHub with gh, waits, downloads the results and renders their report.
func Remote(ctx context.Context) error {
	return target(ctx, func(o tasks.Options) error { return printed(tasks.Remote(ctx, std, o, report.Run, resultsdir.Merge)) })
}
