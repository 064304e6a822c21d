package tasks

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/deflatelab/deflatelab/matrix"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/matrix/report"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/runner"
)

// RunDir is where one bench run on goos/goarch writes its results: a fresh directory under
// o.Results, named for the start time and the platform as "lab bench" names it by default, so that runs never overwrite each other and
// the per-platform directories of a GitHub run merge into one results/ without clashing.
func (o Options) RunDir(goos, goarch string, start time.Time) string {
	dir := filepath.Join(o.Results, start.UTC().Format("20060102-150405")+"-"+goos+"-"+goarch)
	if o.Replica.Count != 0 {
		dir += fmt.Sprintf("-r%dof%d", o.Replica.Index, o.Replica.Count) // as lab bench -replica names it
	}
	return dir
}

// BenchOptions are the lab bench options that carry these options, writing into out; with o.Resume,
// the options that continue that run instead (its plan comes from its run.json).
func (o Options) BenchOptions(out string) runner.BenchOptions {
	if o.Resume != "" {
		return runner.BenchOptions{Resume: true, Out: o.Resume, RetryFailed: o.RetryFailed}
	}
	b := runner.BenchOptions{Profile: o.Profile, Out: out, Variants: o.Variants, Workloads: o.Workloads, DOPs: o.DOPs,
		Backends: o.Backends, Adaptive: o.Adaptive, ZlibNG: o.ZlibNG}
	o.applySettings(&b)
	if o.Replica.Count != 0 {
		r := o.Replica
		b.Replica = &r
	}
	return b
}

// Bench runs the benchmark on this machine (goos/goarch) with the options and returns the directory
// it wrote its results to. Quiet, it echoes nothing and asks for no per-sample lines unless stderr
// is a terminal (which gets the bench's single live line); the bench's summary line always comes.
func Bench(ctx context.Context, s Streams, o Options, goos, goarch string, bench BenchFunc) (string, error) {
	root, err := o.ResultsDir()
	if err != nil {
		return "", err
	}
	// The run's directory is claimed before the bench (see newRunDir), and removed again if the bench
	// stops (Ctrl-C, a usage error) before it wrote anything there, so no empty folder is left behind.
	var out string
	if o.Resume != "" {
		if err := o.checkResume(); err != nil {
			return "", err
		}
		out = o.Resume
	} else if out, err = o.newRunDir(root, goos, goarch, time.Now()); err != nil {
		return "", err
	}
	b := o.BenchOptions(out)
	if s.Quiet && !runner.IsTerminal(s.Stderr) {
		b.Progress = "none"
	}
	if !s.Quiet {
		fmt.Fprintf(s.Stderr, "bench: lab bench %s\n", strings.Join(b.Args(), " "))
	}
	if err := bench(ctx, b, s.Stdout, s.Stderr); err != nil {
		if o.Resume == "" {
			os.Remove(out) // only if the bench left it empty (it failed before its first file)
		}
		return out, prefixed("bench", err)
	}
	return out, nil
}

// newRunDir makes the directory a new run writes into: RunDir, or with "-2", "-3", ... added when a
// bench started in the same second (another target in this checkout) has made it first. Mkdir is the
// claim, so two benches can never share a run directory.
func (o Options) newRunDir(root, goos, goarch string, start time.Time) (string, error) {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	base := o.RunDir(goos, goarch, start)
	for i := 1; ; i++ {
		dir := base
		if i > 1 {
			dir = fmt.Sprintf("%s-%d", base, i)
		}
		err := os.Mkdir(dir, 0o755)
		if err == nil {
			return dir, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
}

// BenchReplicas is Bench, or with o.Replicas > 1 that many replicas of the plan one after another (lab
// bench -replica i/K, each its own run directory), merged into one folder by merge (lab merge) whose
// report weighs each replica as a runner instance. It returns the merged folder. A replica that fails
// stops the rest: the replicas finished so far stay on disk, and the error names them.
func BenchReplicas(ctx context.Context, s Streams, o Options, goos, goarch string, bench BenchFunc, merge MergeFunc) (string, error) {
	if o.Replicas <= 1 {
		return Bench(ctx, s, o, goos, goarch, bench)
	}
	if merge == nil {
		return "", usage(fmt.Errorf("%s=%d: this build has no lab merge to combine the replicas", EnvReplicas, o.Replicas))
	}
	start := time.Now()
	var dirs []string
	for i := 1; i <= o.Replicas; i++ {
		r := o
		r.Replicas, r.Replica = 0, matrix.Replica{Index: i, Count: o.Replicas}
		dir, err := Bench(ctx, s, r, goos, goarch, bench)
		if err != nil {
			if len(dirs) > 0 {
				err = fmt.Errorf("%w (replicas kept: %s)", err, strings.Join(dirs, ", "))
			}
			return dir, err
		}
		dirs = append(dirs, dir)
	}
	root, _ := o.ResultsDir()
	out := filepath.Join(root, start.UTC().Format("20060102-150405")+"-"+goos+"-"+goarch+fmt.Sprintf("-merged%d", o.Replicas))
	if !s.Quiet {
		fmt.Fprintf(s.Stderr, "bench: merging %s into %s\n", strings.Join(dirs, ", "), out)
	}
	if err := merge(ctx, resultsdir.MergeOptions{Out: out, Inputs: dirs}, s.Stdout, s.Stderr); err != nil {
		return out, fmt.Errorf("merge: %w (the replicas: %s)", err, strings.Join(dirs, ", "))
	}
	return out, nil
}

// BenchHere is the bench target: it checks the options against this machine, builds this
// platform's hosts (cheap when they are up to date) and runs the bench (BenchReplicas).
func BenchHere(ctx context.Context, s Streams, o Options, goos, goarch string, bench BenchFunc, merge MergeFunc) (string, error) {
	o, err := o.Here(s.Stderr, goos, goarch)
	if errors.Is(err, ErrNoBackendHere) {
		return "", nil // said so in a notice: a platform of the workflow without the backends asked for
	}
	if err != nil {
		return "", err
	}
	if err := BuildHosts(ctx, s, goos, goarch); err != nil {
		return "", err
	}
	return BenchReplicas(ctx, s, o, goos, goarch, bench, merge)
}

// resumeStep is the matrix target's bench step for a resumed run: the run's own profile and plan, from
// its run.json, not the options' default profile (a resume takes its plan from there).
func resumeStep(dir string) string {
	m, err := resultsdir.ReadManifest(dir)
	if err != nil {
		return "bench, resuming " + dir
	}
	return fmt.Sprintf("bench, resuming %s: profile %s, %d planned samples (%d recorded)", dir, m.Plan.Profile, m.Planned, m.Samples)
}

// Steps are the functions the matrix target runs; the mage target passes the real ones.
type Steps struct {
	Build    func(ctx context.Context, s Streams) error
	Validate func(ctx context.Context, s Streams) error
	Bench    BenchFunc
	Merge    MergeFunc // lab merge, for DEFLATELAB_REPLICAS > 1
	Report   ReportFunc
}

// LocalSteps are the matrix target's steps on this machine (goos/goarch): build its binaries only,
// run the validation suites, then bench and report with the given entry points.
func LocalSteps(goos, goarch string, bench BenchFunc, merge MergeFunc, report ReportFunc) Steps {
	return Steps{
		Build:    func(ctx context.Context, s Streams) error { return Build(ctx, s, []string{goos + "/" + goarch}) },
		Validate: func(ctx context.Context, s Streams) error { return Validate(ctx, s, goos, goarch) },
		Bench:    bench,
		Merge:    merge,
		Report:   report,
	}
}

// Matrix is the whole local experiment: build for this machine, validate, benchmark with the
// options (quick by default), render the report of this run, and print the report's path on
// stdout. It stops at the first failing step: a report from binaries that failed validation would
// not be worth reading. The options are checked against this machine before anything runs.
//
// It prints one line per step with its time; the steps' own output (compiler and test output) only
// when a step fails; on a terminal, one live line while a step runs (the bench's own progress line
// while it runs).
func Matrix(ctx context.Context, s Streams, o Options, goos, goarch string, steps Steps) (string, error) {
	o, err := o.Here(s.Stderr, goos, goarch)
	if err != nil {
		return "", err
	}
	p := &stepper{w: s.Stderr, live: runner.IsTerminal(s.Stderr), ctx: ctx}
	// quietly runs a step with its output kept back: all of it shown if the step fails, only its
	// warnings if it succeeds.
	quietly := func(step func(Streams) error) (string, error) {
		var buf bytes.Buffer
		err := step(Streams{Stdout: &buf, Stderr: &buf, Quiet: true})
		if err != nil {
			p.settle(err)         // a stopped step: wait for the cancel that says so
			if !p.interrupted() { // a stopped step's output is how it was stopped, not why it failed
				p.Write(buf.Bytes())
			}
			return "", err
		}
		for _, l := range strings.Split(buf.String(), "\n") {
			if strings.Contains(l, "WARNING") {
				fmt.Fprintln(p, l)
			}
		}
		return "", nil
	}
	start := time.Now()
	err = p.run("build "+goos+"/"+goarch, true, func() (string, error) {
		return quietly(func(q Streams) error { return steps.Build(ctx, q) })
	})
	if err != nil {
		return "", err
	}
	err = p.run("validate", true, func() (string, error) {
		return quietly(func(q Streams) error { return steps.Validate(ctx, q) })
	})
	if err != nil {
		return "", err
	}
	var dir string
	name := "bench, profile " + o.Profile
	if o.Resume != "" {
		name = resumeStep(o.Resume)
	} else if o.Replicas > 1 {
		name += fmt.Sprintf(", %d replicas", o.Replicas)
	}
	err = p.run(name, false, func() (string, error) {
		if p.live { // the bench draws its live line on the terminal itself, then prints its summary
			var err error
			dir, err = BenchReplicas(ctx, Streams{Stdout: io.Discard, Stderr: s.Stderr, Quiet: true}, o, goos, goarch, steps.Bench, steps.Merge)
			return "", err
		}
		var errBuf bytes.Buffer
		var err error
		dir, err = BenchReplicas(ctx, Streams{Stdout: io.Discard, Stderr: &errBuf, Quiet: true}, o, goos, goarch, steps.Bench, steps.Merge)
		if err != nil {
			p.Write(errBuf.Bytes())
			return "", err
		}
		lines := strings.Split(strings.TrimSpace(errBuf.String()), "\n")
		return strings.TrimPrefix(lines[len(lines)-1], "bench: "), nil
	})
	if err != nil {
		return "", err
	}
	var path string
	err = p.run("report", true, func() (string, error) {
		return quietly(func(q Streams) error {
			var err error
			// A resumed run's report replaces its earlier one: the same run, rendered again.
			force := o.Force || o.Resume != ""
			path, err = renderReport(ctx, q, report.Options{In: []string{dir}, Out: o.ReportsDir(), StepSummary: o.StepSummary, Force: force}, steps.Report)
			return err
		})
	})
	if err != nil {
		return "", err
	}
	fmt.Fprintf(p, "matrix: done in %v\n", time.Since(start).Round(100*time.Millisecond))
	fmt.Fprintln(s.Stdout, path)
	return path, nil
}
