package tasks

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/internal/emulate"
	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/report"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/runner"
)

// EmulatedProfile is the emulated bench's profile unless DEFLATELAB_PROFILE names another: under an
// emulator a sample checks that the host loop works and agrees; more operations would time nothing.
const EmulatedProfile = "smoke"

// EmulatedRounds are the rounds of an emulated run of EmulatedProfile: one takes every cell, variant and
// backend once, which is the whole of a functional check (the profile's three rounds balance positions
// in a rotation, which times something, and an emulator times nothing). Two thirds of bench:emulated's
// samples, and of its time, went to the other two rounds.
const EmulatedRounds = 1

// EmulatedReports is where the emulated bench's reports go, apart from reports/: they are functional
// checks, never results to commit.
const EmulatedReports = "reports-emulated"

// EmulatedTitle heads the emulated bench's reports.
const EmulatedTitle = "Host loops under emulators: a functional check, not timing"

// emulatedSuffix ends an emulated run's results directory, so that it never passes for a native one.
const emulatedSuffix = "-emulated"

// EmulatedOptions are the emulated bench's options: FromEnv's, with EmulatedProfile unless
// DEFLATELAB_PROFILE is set.
func EmulatedOptions(getenv func(string) string) (Options, error) {
	o, err := FromEnv(getenv)
	if err == nil && strings.TrimSpace(getenv(EnvProfile)) == "" {
		o.Profile = EmulatedProfile
	}
	return o, usage(err)
}

// Emulator is what BenchEmulated needs of an emulator: internal/emulate's, or a test's stand-in.
type Emulator interface {
	Exec() []string
	About() string
	Stop() error
}

// StartEmulator readies one target's emulator; emulate.StartEmulator is the real one.
type StartEmulator func(ctx context.Context, target string, s Streams) (Emulator, error)

// RealEmulator starts internal/emulate's emulator for target.
func RealEmulator(ctx context.Context, target string, s Streams) (Emulator, error) {
	e, err := emulate.StartEmulator(ctx, target, s.Stderr)
	if err != nil {
		return nil, err
	}
	return realEmulator{e}, nil
}

type realEmulator struct{ e *emulate.Emulator }

func (r realEmulator) Exec() []string { return r.e.Exec }
func (r realEmulator) About() string  { return r.e.About }
func (r realEmulator) Stop() error    { return r.e.Stop() }

// EmulatedSteps are the emulated bench's steps; the mage target passes the real ones.
type EmulatedSteps struct {
	Start      StartEmulator
	BuildHosts func(ctx context.Context, goos, goarch string) error
	Bench      BenchFunc
	Report     ReportFunc
}

// BenchEmulated runs the bench of each of emulate.BenchTargets' platforms here, under its emulator:
// it builds the platform's hosts, runs "lab bench -exec <emulator> -platform <target>" with every
// backend the hosts have (unless DEFLATELAB_BACKENDS names some; linux/arm64's hosts are cross-built
// without cgo, so they lack libc), then renders one report of all the
// runs under EmulatedReports, in which they are marked emulated and draw no verdict. It returns the
// report's path.
//
// A target whose emulator is missing is skipped with a SKIP line, or fails when o.RequireEmulators
// is set. Any failed sample, disagreeing output or incomplete run is an error: this is a functional
// check of the host loop on platforms this machine is not, so that a change that breaks them fails
// here rather than on GitHub's runners.
func BenchEmulated(ctx context.Context, s Streams, o Options, steps EmulatedSteps) (string, error) {
	if _, err := o.ResultsDir(); err != nil {
		return "", err
	}
	start := time.Now()
	var dirs []string
	var errs []error
	for _, target := range emulate.BenchTargets {
		dir, err := benchEmulatedTarget(ctx, s, o, steps, target)
		var missing *emulate.MissingError
		switch {
		case err == nil:
			dirs = append(dirs, dir)
		case errors.As(err, &missing) && !o.RequireEmulators:
			fmt.Fprintf(s.Stderr, "bench:emulated: %s: SKIP: %v\n", target, err)
		default:
			errs = append(errs, fmt.Errorf("bench:emulated: %s: %w", target, err))
			if dir != "" {
				dirs = append(dirs, dir) // its report shows what failed
			}
		}
		if ctx.Err() != nil {
			break
		}
	}
	if len(dirs) == 0 {
		if len(errs) == 0 {
			return "", nil // everything skipped, and said so
		}
		return "", errors.Join(errs...)
	}
	path, err := renderReport(ctx, s, report.Options{In: dirs, Out: EmulatedReports, Title: EmulatedTitle, StepSummary: o.StepSummary, Force: true}, steps.Report)
	fmt.Fprintf(s.Stderr, "bench:emulated: %d platform(s) in %s\n", len(dirs), time.Since(start).Round(time.Second))
	if err == nil {
		fmt.Fprintln(s.Stdout, path)
	}
	return path, errors.Join(append(errs, err)...)
}

// benchEmulatedTarget builds and benches one target under its emulator and checks the run's manifest.
// It returns the results directory once the bench has started writing it.
func benchEmulatedTarget(ctx context.Context, s Streams, o Options, steps EmulatedSteps, target string) (dir string, err error) {
	goos, goarch, _ := strings.Cut(target, "/")
	emu, err := steps.Start(ctx, target, s)
	if err != nil {
		return "", err
	}
	defer func() { err = errors.Join(err, emu.Stop()) }()
	exec := emu.Exec()
	for _, w := range exec {
		if strings.ContainsAny(w, " \t\n") {
			return "", fmt.Errorf("the emulator's path %q holds a space, which lab bench -exec cannot carry; set XDG_CACHE_HOME to a path without one", w)
		}
	}
	fmt.Fprintf(s.Stderr, "bench:emulated: %s under %s\n", target, emu.About())
	if err := steps.BuildHosts(ctx, goos, goarch); err != nil {
		return "", err
	}
	dir = o.RunDir(goos, goarch, time.Now()) + emulatedSuffix
	b := o.BenchOptions(dir)
	if o.Backends == nil {
		b.Backends = []string{runner.AllBackends}
	}
	if b.Profile == EmulatedProfile && !b.Resume {
		r := EmulatedRounds
		b.Rounds = &r
	}
	b.Platform, b.Exec, b.Bin = target, exec, filepath.Join(BinRoot, goos+"-"+goarch)
	fmt.Fprintf(s.Stderr, "bench:emulated: lab bench %s\n", strings.Join(b.Args(), " "))
	if err := steps.Bench(ctx, b, s.Stdout, s.Stderr); err != nil {
		return dir, err
	}
	m, err := checkEmulatedRun(dir)
	if err == nil && m.Failed > 0 {
		// An emulated host can fail for the emulator's sake alone (wine's first start on a loaded
		// runner outliving the sample's timeout): say what failed, then take the failed samples once
		// more. The failed attempts stay on disk, superseded, and the run's manifest counts them.
		printFailedSamples(s.Stderr, target, dir, 0)
		retry := runner.BenchOptions{Resume: true, RetryFailed: true, Out: dir, Exec: exec, Bin: b.Bin}
		fmt.Fprintf(s.Stderr, "bench:emulated: %s: %d of %d samples failed; taking them again: lab bench %s\n",
			target, m.Failed, m.Samples, strings.Join(retry.Args(), " "))
		if err := steps.Bench(ctx, retry, s.Stdout, s.Stderr); err != nil {
			return dir, err
		}
		m, err = checkEmulatedRun(dir)
		if err == nil && m.Failed > 0 {
			printFailedSamples(s.Stderr, target, dir, 1)
			err = fmt.Errorf("%d of %d samples failed, and again when taken once more; see %s", m.Failed, m.Samples, filepath.Join(dir, resultsdir.SamplesFile))
		}
	}
	if err != nil {
		return dir, err
	}
	if m.Superseded > 0 {
		fmt.Fprintf(s.Stderr, "bench:emulated: %s: %d samples, %d failed at first and passed when taken again (superseded, on disk), backends %s\n",
			target, m.Samples, m.Superseded, strings.Join(m.Plan.Backends, ", "))
		return dir, nil
	}
	fmt.Fprintf(s.Stderr, "bench:emulated: %s: %d samples, none failed, backends %s\n", target, m.Samples, strings.Join(m.Plan.Backends, ", "))
	return dir, nil
}

// checkEmulatedRun reads a finished emulated run's manifest: an error when the run is not complete.
func checkEmulatedRun(dir string) (matrix.Manifest, error) {
	m, err := resultsdir.ReadManifest(dir)
	switch {
	case err != nil:
		return m, err
	case m.Status != matrix.StatusComplete || m.Samples != m.Planned:
		return m, fmt.Errorf("run %s is %s with %d of %d samples", dir, m.Status, m.Samples, m.Planned)
	}
	return m, nil
}

// printFailedSamples writes each failed sample of the run from attempt minAttempt on - its cell,
// variant, round, attempt, error and the tail of its stderr - so that a CI log shows why without the
// results folder.
func printFailedSamples(w io.Writer, target, dir string, minAttempt int) {
	samples, err := resultsdir.ReadSamples(filepath.Join(dir, resultsdir.SamplesFile))
	if err != nil {
		fmt.Fprintf(w, "bench:emulated: %s: reading the failed samples: %v\n", target, err)
	}
	for _, x := range samples {
		if x.OK || x.Attempt < minAttempt {
			continue
		}
		fmt.Fprintf(w, "bench:emulated: %s: FAILED %s %s round %d attempt %d: %s (exit status %d)\n",
			target, x.Cell, x.Variant, x.Round, x.Attempt, x.Error, x.ExitStatus)
		if tail := strings.TrimSpace(x.StderrTail); tail != "" {
			fmt.Fprintf(w, "    stderr: %s\n", strings.ReplaceAll(tail, "\n", "\n    stderr: "))
		}
	}
}
