package tasks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/deflatelab/deflatelab/matrix/report"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/runner"
)

func TestBenchOptions(t *testing.T) {
	tests := []struct {
		o    Options
		want []string
	}{
		{Options{Profile: "quick"}, []string{"-profile", "quick", "-out", "r/x"}},
		{
			Options{Profile: "smoke", Variants: []string{"control", "pooled"}, Workloads: []string{"mixed"}, DOPs: []int{1, 12}, Backends: []string{"pages"}},
			[]string{"-profile", "smoke", "-out", "r/x", "-variants", "control,pooled", "-workloads", "mixed", "-dops", "1,12", "-backends", "pages"},
		},
		{Options{Profile: "full", Adaptive: ptr(true)}, []string{"-profile", "full", "-out", "r/x", "-adaptive=true"}},
	}
	for _, tt := range tests {
		if got := tt.o.BenchOptions("r/x").Args(); !slices.Equal(got, tt.want) {
			t.Errorf("%+v.BenchOptions.Args = %q, want %q", tt.o, got, tt.want)
		}
	}
}

// writeFile creates path (and its directories) with content.
// A nil t panics on failure instead (for use inside fakes).
func writeFile(t *testing.T, path, content string) {
	fail := func(err error) { panic(err) }
	if t != nil {
		t.Helper()
		fail = func(err error) { t.Fatal(err) }
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		fail(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		fail(err)
	}
}

// fakeLab records the steps the matrix target takes, in order, and plays bench and report.
type fakeLab struct {
	steps     []string
	failAt    string
	benchArgs []string
	report    report.Options
}

func (f *fakeLab) step(name string) error {
	f.steps = append(f.steps, name)
	if name == f.failAt {
		return errors.New(name + " failed")
	}
	return nil
}

// Steps plays the lab in a fresh working directory of the test's own (its report writes reports/ relative
// to it), so no test of the matrix writes into the source tree.
func (f *fakeLab) Steps(t *testing.T) Steps {
	t.Chdir(t.TempDir())
	noisy := func(s Streams, name string) {
		fmt.Fprintf(s.Stdout, "noise on stdout from %s\n", name)
		fmt.Fprintf(s.Stderr, "noise on stderr from %s\n", name)
	}
	return Steps{
		Build: func(_ context.Context, s Streams) error {
			noisy(s, "build")
			return f.step("build")
		},
		Validate: func(_ context.Context, s Streams) error {
			noisy(s, "validate")
			return f.step("validate")
		},
		Bench: func(_ context.Context, b runner.BenchOptions, stdout, stderr io.Writer) error {
			args := b.Args()
			f.benchArgs = args
			fmt.Fprintf(stderr, "noise on stderr from bench\n")
			fmt.Fprintf(stderr, "bench: 9 of 9 planned samples recorded, 0 failed in x\n")
			return f.step("bench")
		},
		Report: func(_ context.Context, o report.Options, stdout io.Writer) error {
			f.report = o
			if err := f.step("report"); err != nil {
				return err
			}
			path := filepath.Join("reports", "run1", "README.md")
			writeFile(nil, path, "# report\n")
			fmt.Fprintf(stdout, "%s\n", path)
			return nil
		},
	}
}

// stepLine is one line of the matrix target's output: the step, its time, what it says.
var stepLine = regexp.MustCompile(`^matrix: (build linux/amd64|validate|bench, profile smoke|report) +\d+\.\ds(  .*)?$`)

func TestMatrix(t *testing.T) {
	for _, failAt := range []string{"", "build", "validate", "bench", "report"} {
		t.Run("fail at "+failAt, func(t *testing.T) {
			f := &fakeLab{failAt: failAt}
			var stdout, stderr bytes.Buffer
			o := Options{Profile: "smoke", Results: "res"}
			path, err := Matrix(context.Background(), Streams{Stdout: &stdout, Stderr: &stderr}, o, "linux", "amd64", f.Steps(t))

			all := []string{"build", "validate", "bench", "report"}
			wantSteps := all
			if failAt != "" {
				wantSteps = all[:slices.Index(all, failAt)+1]
				if err == nil || !strings.Contains(err.Error(), failAt+" failed") {
					t.Fatalf("Matrix error = %v, want the %s failure", err, failAt)
				}
				if stdout.Len() != 0 {
					t.Errorf("a failed matrix printed %q on stdout", stdout.String())
				}
				// The failing step's own output is shown, and its line says FAILED.
				if failAt != "report" && !strings.Contains(stderr.String(), "noise on stderr from "+failAt) {
					t.Errorf("the failing %s step's output is hidden:\n%s", failAt, stderr.String())
				}
				if !strings.Contains(stderr.String(), "FAILED") {
					t.Errorf("no FAILED step line:\n%s", stderr.String())
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(f.steps, wantSteps) {
				t.Errorf("steps = %q, want %q", f.steps, wantSteps)
			}
			if failAt != "" {
				return
			}
			// Quiet: one line per step with its time, then "done"; no step's own output, no command echoes.
			lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
			if len(lines) != 5 || !strings.HasPrefix(lines[4], "matrix: done in ") {
				t.Fatalf("stderr has %d lines, want 4 step lines and done:\n%s", len(lines), stderr.String())
			}
			for _, l := range lines[:4] {
				if !stepLine.MatchString(l) {
					t.Errorf("not a step line: %q", l)
				}
			}
			if !strings.HasSuffix(lines[2], "  9 of 9 planned samples recorded, 0 failed in x") {
				t.Errorf("bench line %q lacks the bench's summary", lines[2])
			}
			want := filepath.Join("reports", "run1", "README.md")
			if path != want || strings.TrimSpace(stdout.String()) != want {
				t.Errorf("report path %q, stdout %q; want %q", path, stdout.String(), want)
			}
			// The bench wrote into a fresh directory under the results root, and the report read exactly it.
			out := f.benchArgs[slices.Index(f.benchArgs, "-out")+1]
			if filepath.Dir(out) != "res" || !strings.HasSuffix(out, "-linux-amd64") {
				t.Errorf("bench -out %q, want res/<time>-linux-amd64", out)
			}
			if !slices.Contains(f.benchArgs, "-progress") {
				t.Errorf("bench args %q: a quiet bench on a non-terminal wants -progress none", f.benchArgs)
			}
			// Into the git-ignored local reports folder: the tracked reports/ index stays as it is.
			// A new run's report replaces nothing: without DEFLATELAB_FORCE, no -force (issue 46 item 3).
			if r := f.report; !slices.Equal(r.In, []string{out}) || r.Out != LocalReports || r.Force {
				t.Errorf("report options %+v, want -in %s -out %s, no -force", r, out, LocalReports)
			}
		})
	}
}

// A bad option for this machine stops the matrix before anything is built.
func TestMatrixChecksOptionsFirst(t *testing.T) {
	f := &fakeLab{}
	o := Options{Profile: "smoke", Results: "res", Backends: []string{unavailableBackend(t)}}
	_, err := Matrix(context.Background(), Streams{Stdout: io.Discard, Stderr: io.Discard}, o, runtime.GOOS, runtime.GOARCH, f.Steps(t))
	if err == nil || !strings.Contains(err.Error(), EnvBackends) || len(f.steps) != 0 {
		t.Errorf("Matrix = %v after steps %q; want an error naming %s before any step", err, f.steps, EnvBackends)
	}
}

// The lab's entry points start their errors with their name; the tasks do not add it again.
func TestNoDoubledPrefix(t *testing.T) {
	t.Chdir(t.TempDir())
	failing := func(msg string) BenchFunc {
		return func(context.Context, runner.BenchOptions, io.Writer, io.Writer) error { return errors.New(msg) }
	}
	s := Streams{Stdout: io.Discard, Stderr: io.Discard}
	o := Options{Profile: "smoke", Results: "res"}
	if _, err := Bench(context.Background(), s, o, "linux", "amd64", failing("bench: -dops: x")); err == nil || err.Error() != "bench: -dops: x" {
		t.Errorf("Bench error %q, want %q", err, "bench: -dops: x")
	}
	if _, err := Bench(context.Background(), s, o, "linux", "amd64", failing("matrix: no hosts")); err == nil || err.Error() != "bench: matrix: no hosts" {
		t.Errorf("Bench error %q, want %q", err, "bench: matrix: no hosts")
	}
	writeFile(t, filepath.Join("res", "a", "samples.jsonl"), "{}\n")
	failingReport := func(context.Context, report.Options, io.Writer) error { return errors.New("report: -in is required") }
	if _, err := Report(context.Background(), s, o, failingReport, nil); err == nil || err.Error() != "report: -in is required" {
		t.Errorf("Report error %q, want %q", err, "report: -in is required")
	}
}

func TestReportPath(t *testing.T) {
	t.Chdir(t.TempDir())
	writeFile(t, filepath.Join("res", "a", "samples.jsonl"), "{}\n")
	writeFile(t, filepath.Join("reports", "r", "README.md"), "# r\n")
	printing := func(text string) ReportFunc {
		return func(_ context.Context, _ report.Options, stdout io.Writer) error {
			_, err := io.WriteString(stdout, text)
			return err
		}
	}
	tests := []struct {
		printed string
		want    string // "" = an error
	}{
		{"reports/r/README.md\n", "reports/r/README.md"},
		{"progress\nreports/r/README.md\n", "reports/r/README.md"},
		{"", ""},
		{"reports/missing/README.md\n", ""},
	}
	for _, tt := range tests {
		got, err := Report(context.Background(), Streams{Stdout: io.Discard, Stderr: io.Discard}, Options{Results: "res"}, printing(tt.printed), nil)
		if tt.want == "" && err == nil {
			t.Errorf("report printing %q: path %q, want an error", tt.printed, got)
		}
		if tt.want != "" && (err != nil || got != tt.want) {
			t.Errorf("report printing %q: %q, %v; want %q", tt.printed, got, err, tt.want)
		}
	}
}

func TestWorkflowInputs(t *testing.T) {
	o := Options{Profile: "full", Variants: []string{"control", "pooled"}, DOPs: []int{1, 12}}
	var got []string
	for _, in := range o.WorkflowInputs() {
		got = append(got, in.Name+"="+in.Value)
	}
	// Empty values stay empty: remote leaves them out, so the workflow's defaults apply. The inputs of
	// the table's rows without a field here (planSettings) come last, unset.
	var rows []string
	for _, in := range o.settingInputs() {
		rows = append(rows, in.Name+"=")
	}
	want := append([]string{"profile=full", "variants=control,pooled", "dops=1,12", "backends=", "adaptive=", "replicas=", "zlibng=", "platforms=", "missing="}, rows...)
	if !slices.Equal(got, want) {
		t.Errorf("WorkflowInputs = %q, want %q", got, want)
	}
	on := true
	o.Adaptive, o.Replicas, o.ZlibNG, o.AutoDOPs, o.Platforms, o.MissingWarn = &on, 2, "2.2.2", true, []string{"linux/amd64", "windows/arm64"}, true
	got = nil
	for _, in := range o.WorkflowInputs() {
		got = append(got, in.Name+"="+in.Value)
	}
	want = append([]string{"profile=full", "variants=control,pooled", "dops=auto", "backends=", "adaptive=true", "replicas=2", "zlibng=2.2.2", "platforms=linux/amd64,windows/arm64", "missing=warn"}, rows...)
	if !slices.Equal(got, want) {
		t.Errorf("WorkflowInputs = %q, want %q", got, want)
	}
}

// screen is what a terminal shows after out: "\r\x1b[K" erases the line being written.
func screen(out string) string {
	var b strings.Builder
	for i, part := range strings.Split(out, "\r\x1b[K") {
		if i > 0 {
			s := b.String()
			b.Reset()
			b.WriteString(s[:strings.LastIndex(s, "\n")+1])
		}
		b.WriteString(part)
	}
	return b.String()
}

// On a terminal, a step shows one live line while it runs, which its output and its final line
// replace: nothing of it is left on the screen.
func TestStepperLive(t *testing.T) {
	var buf bytes.Buffer
	p := &stepper{w: &buf, live: true}
	err := p.run("validate", true, func() (string, error) {
		fmt.Fprintln(p, "some output")
		return "detail", errors.New("boom")
	})
	if err == nil {
		t.Fatal("the step's error was lost")
	}
	if !strings.Contains(buf.String(), "matrix: validate ... 0s") {
		t.Errorf("no live line drawn: %q", buf.String())
	}
	got := screen(buf.String())
	if !regexp.MustCompile(`^some output\nmatrix: validate +\d+\.\ds  detail  FAILED\n$`).MatchString(got) {
		t.Errorf("screen after the step:\n%q", got)
	}
}

// DEFLATELAB_RETRY_FAILED=1 with DEFLATELAB_RESUME continues a run through lab bench -resume
// -retry-failed.
func TestBenchRetryFailed(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "run.json"), "{}")
	o := Options{Profile: "quick", Results: "results", Resume: dir, RetryFailed: true}
	var got []string
	out, err := Bench(context.Background(), Streams{Stdout: io.Discard, Stderr: io.Discard, Quiet: true}, o, runtime.GOOS, runtime.GOARCH,
		func(_ context.Context, b runner.BenchOptions, _, _ io.Writer) error { got = b.Args(); return nil })
	if err != nil || out != dir || !slices.Equal(got[:4], []string{"-resume", "-out", dir, "-retry-failed"}) {
		t.Errorf("Bench = %q, %v, args %q; want lab bench -resume -out %s -retry-failed", out, err, got, dir)
	}
}

// DEFLATELAB_REPLICAS=K runs K replicas of the plan one after another, each with lab bench -replica
// i/K into its own run directory, then lab merge -out of them all; the merged folder is what the
// report reads. One failing replica stops the rest and names those kept.
func TestBenchReplicas(t *testing.T) {
	t.Chdir(t.TempDir())
	var benches [][]string
	var merged resultsdir.MergeOptions
	bench := func(_ context.Context, b runner.BenchOptions, _, _ io.Writer) error {
		args := b.Args()
		benches = append(benches, args)
		out := args[slices.Index(args, "-out")+1]
		if strings.HasSuffix(out, "-r3of3") {
			return errors.New("bench: replica 3 failed")
		}
		return os.WriteFile(filepath.Join(out, "run.json"), []byte("{}"), 0o644)
	}
	merge := func(_ context.Context, o resultsdir.MergeOptions, _, _ io.Writer) error { merged = o; return nil }
	o := Options{Profile: "smoke", Results: "res", Replicas: 2}
	dir, err := BenchReplicas(context.Background(), Streams{Stdout: io.Discard, Stderr: io.Discard}, o, "linux", "amd64", bench, merge)
	if err != nil {
		t.Fatal(err)
	}
	if len(benches) != 2 {
		t.Fatalf("%d benches, want 2: %q", len(benches), benches)
	}
	var outs []string
	for i, args := range benches {
		a := strings.Join(args, " ")
		if want := fmt.Sprintf("-replica %d/2", i+1); !strings.Contains(a, want) {
			t.Errorf("bench %d: %s, want %s", i+1, a, want)
		}
		outs = append(outs, args[slices.Index(args, "-out")+1])
	}
	if merged.Out != dir || !slices.Equal(merged.Inputs, outs) || !strings.HasSuffix(dir, "-linux-amd64-merged2") {
		t.Errorf("merge %+v into %s; want -out %s and the replicas %q", merged, dir, dir, outs)
	}
	benches = nil
	o.Replicas = 3
	if _, err := BenchReplicas(context.Background(), Streams{Stdout: io.Discard, Stderr: io.Discard}, o, "linux", "amd64", bench, merge); err == nil ||
		!strings.Contains(err.Error(), "replica 3 failed") || !strings.Contains(err.Error(), "replicas kept: ") {
		t.Errorf("a failing third replica: %v, want its error and the two kept", err)
	}
	if _, err := BenchReplicas(context.Background(), Streams{Stdout: io.Discard, Stderr: io.Discard}, o, "linux", "amd64", bench, nil); err == nil {
		t.Error("replicas without a merge: no error")
	}
}

// A resumed matrix names the run's own profile and plan (its run.json), not the default profile
// (issue 37 item 4).
func TestMatrixResumePrintsTheRunsPlan(t *testing.T) {
	steps := (&fakeLab{}).Steps(t) // first: it moves into the test's own directory
	dir := filepath.Join("results", "run")
	p, _ := runner.ProfileByName("smoke")
	b, _ := json.Marshal(matrix.Manifest{Profile: "smoke", Plan: p.Plan, Planned: p.Plan.Samples(), Samples: 5})
	writeFile(t, filepath.Join(dir, resultsdir.ManifestFile), string(b))
	var stderr bytes.Buffer
	o := Options{Profile: DefaultProfile, Results: "results", Resume: dir}
	if _, err := Matrix(context.Background(), Streams{Stdout: io.Discard, Stderr: &stderr}, o, "linux", "amd64", steps); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("bench, resuming %s: profile smoke, %d planned samples (5 recorded)", dir, p.Plan.Samples())
	if !strings.Contains(stderr.String(), want) || strings.Contains(stderr.String(), "profile "+DefaultProfile) {
		t.Errorf("a resumed smoke run's matrix output lacks %q or names the default profile:\n%s", want, stderr.String())
	}
}

// A matrix stopped during validate (SIGTERM, Ctrl-C) says the step was interrupted, not that it
// FAILED, and its error says interrupted rather than how the test process died (issue 37 item 6).
func TestMatrixInterruptedStepSaysSo(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	steps := (&fakeLab{}).Steps(t)
	steps.Validate = func(context.Context, Streams) error {
		cancel(errors.New("signal: terminated"))
		return errors.New("go test ./...: signal: interrupt")
	}
	var stderr bytes.Buffer
	_, err := Matrix(ctx, Streams{Stdout: io.Discard, Stderr: &stderr}, Options{Profile: "smoke", Results: "res"}, "linux", "amd64", steps)
	if err == nil || !strings.HasPrefix(err.Error(), "validate interrupted") || strings.Contains(stderr.String(), "FAILED") ||
		!regexp.MustCompile(`(?m)^matrix: validate +\d+\.\ds  interrupted$`).MatchString(stderr.String()) {
		t.Errorf("interrupted validate: error %v, output:\n%s\nwant the step line to end in interrupted, no FAILED", err, stderr.String())
	}
}

// A step whose child was killed by a signal before the target's context was cancelled (a SIGTERM to the
// process group reaches go test first) still reads as interrupted once the cancel comes.
func TestMatrixInterruptedAfterChildKilled(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("kills a child with a signal")
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	steps := (&fakeLab{}).Steps(t)
	steps.Validate = func(context.Context, Streams) error {
		cmd := exec.Command("sleep", "10")
		if err := cmd.Start(); err != nil {
			t.Skip(err)
		}
		cmd.Process.Signal(os.Interrupt)
		err := cmd.Wait()
		go func() { time.Sleep(200 * time.Millisecond); cancel(errors.New("signal: terminated")) }()
		return fmt.Errorf("go test ./...: %w", err)
	}
	var stderr bytes.Buffer
	_, err := Matrix(ctx, Streams{Stdout: io.Discard, Stderr: &stderr}, Options{Profile: "smoke", Results: "res"}, "linux", "amd64", steps)
	if err == nil || !strings.HasPrefix(err.Error(), "validate interrupted") || strings.Contains(stderr.String(), "FAILED") {
		t.Errorf("validate whose child died of the signal first: %v\n%s", err, stderr.String())
	}
}
