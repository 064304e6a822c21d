package tasks

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Main is the shape of the lab's library entry points, matrix.BenchMain and report.Main: the same
// functions "lab bench" and "lab report" call, so a mage target and the command line cannot drift.
type Main func(ctx context.Context, args []string, stdout, stderr io.Writer) error

// RunDir is where one bench run on goos/goarch writes its results: a fresh directory under
// o.Results, named for the start time and the platform as "lab bench" names it by default, so that runs never overwrite each other and
// the per-platform directories of a GitHub run merge into one results/ without clashing.
func (o Options) RunDir(goos, goarch string, start time.Time) string {
	return filepath.Join(o.Results, start.UTC().Format("20060102-150405")+"-"+goos+"-"+goarch)
}

// BenchArgs are the "lab bench" flags that carry these options, writing into out.
func (o Options) BenchArgs(out string) []string {
	args := []string{"-profile", o.Profile, "-out", out}
	if o.Variants != nil {
		args = append(args, "-variants", strings.Join(o.Variants, ","))
	}
	if o.Workloads != nil {
		args = append(args, "-workloads", strings.Join(o.Workloads, ","))
	}
	if o.DOPs != nil {
		dops := make([]string, len(o.DOPs))
		for i, d := range o.DOPs {
			dops[i] = strconv.Itoa(d)
		}
		args = append(args, "-dops", strings.Join(dops, ","))
	}
	if o.Backends != nil {
		args = append(args, "-backends", strings.Join(o.Backends, ","))
	}
	return args
}

// ReportArgs are the "lab report" flags that render a report from the given results directories.
func ReportArgs(resultsDirs []string) []string {
	var args []string
	for _, d := range resultsDirs {
		args = append(args, "-in", d)
	}
	return args
}

// Bench runs the benchmark on this machine (goos/goarch) with the options and returns the directory
// it wrote its results to.
func Bench(ctx context.Context, s Streams, o Options, goos, goarch string, bench Main) (string, error) {
	out := o.RunDir(goos, goarch, time.Now())
	if err := os.MkdirAll(o.Results, 0o755); err != nil {
		return "", err
	}
	args := o.BenchArgs(out)
	fmt.Fprintf(s.Stderr, "bench: lab bench %s\n", strings.Join(args, " "))
	if err := bench(ctx, args, s.Stdout, s.Stderr); err != nil {
		return out, fmt.Errorf("bench: %w", err)
	}
	return out, nil
}

// ResultsDirs lists, sorted, every directory under root (root included) that holds a results file
// (*.jsonl). Artifacts downloaded from GitHub nest one directory per platform, hence the walk.
func ResultsDirs(root string) ([]string, error) {
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".jsonl") && !slices.Contains(dirs, filepath.Dir(path)) {
			dirs = append(dirs, filepath.Dir(path))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("report: %s=%q: %w", EnvResults, root, err)
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("report: no results files (*.jsonl) under %s=%q; run \"go tool mage bench\" first", EnvResults, root)
	}
	slices.Sort(dirs)
	return dirs, nil
}

// Report renders one report from every results directory under root and returns the path of the
// report's README.md.
func Report(ctx context.Context, s Streams, root string, report Main) (string, error) {
	dirs, err := ResultsDirs(root)
	if err != nil {
		return "", err
	}
	return renderReport(ctx, s, dirs, report)
}

// renderReport calls report.Main on dirs, with any extra flags, and returns the path it prints (its
// last line of output), after checking that the file is there.
func renderReport(ctx context.Context, s Streams, dirs []string, report Main, extra ...string) (string, error) {
	args := append(ReportArgs(dirs), extra...)
	fmt.Fprintf(s.Stderr, "report: lab report %s\n", strings.Join(args, " "))
	var out bytes.Buffer
	if err := report(ctx, args, &out, s.Stderr); err != nil {
		return "", fmt.Errorf("report: %w", err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	path := strings.TrimSpace(lines[len(lines)-1])
	if _, err := os.Stat(path); path == "" || err != nil {
		return "", fmt.Errorf("report: lab report succeeded but printed no report path that exists (output %q)", out.String())
	}
	return path, nil
}

// Steps are the functions the matrix target runs; the mage target passes the real ones.
type Steps struct {
	Build    func(ctx context.Context) error
	Validate func(ctx context.Context) error
	Bench    Main
	Report   Main
}

// LocalSteps are the matrix target's steps on this machine (goos/goarch): build its binaries only,
// run the validation suites, then bench and report with the given entry points.
func LocalSteps(s Streams, goos, goarch string, bench, report Main) Steps {
	return Steps{
		Build:    func(ctx context.Context) error { return Build(ctx, s, []string{goos + "/" + goarch}) },
		Validate: func(ctx context.Context) error { return Validate(ctx, s, goos, goarch) },
		Bench:    bench,
		Report:   report,
	}
}

// Matrix is the whole local experiment: build for this machine, validate, benchmark with the
// options (quick by default), render the report of this run, and print the report's path on
// stdout. It stops at the first failing step: a report from binaries that failed validation would
// not be worth reading.
func Matrix(ctx context.Context, s Streams, o Options, goos, goarch string, steps Steps) (string, error) {
	start := time.Now()
	step := func(name string) {
		fmt.Fprintf(s.Stderr, "matrix: %s (%s elapsed)\n", name, time.Since(start).Round(time.Second))
	}
	step("build")
	if err := steps.Build(ctx); err != nil {
		return "", err
	}
	step("validate")
	if err := steps.Validate(ctx); err != nil {
		return "", err
	}
	step("bench, profile " + o.Profile)
	dir, err := Bench(ctx, s, o, goos, goarch, steps.Bench)
	if err != nil {
		return "", err
	}
	step("report")
	path, err := renderReport(ctx, s, []string{dir}, steps.Report)
	if err != nil {
		return "", err
	}
	step("done")
	fmt.Fprintln(s.Stdout, path)
	return path, nil
}
