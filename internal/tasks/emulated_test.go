package tasks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"github.com/deflatelab/deflatelab/matrix/report"
	"github.com/deflatelab/deflatelab/matrix/runner"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/internal/emulate"
	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// fakeEmulator stands in for wine or qemu; it counts its stops.
type fakeEmulator struct {
	exec  []string
	stops *int
}

func (f fakeEmulator) Exec() []string { return f.exec }
func (f fakeEmulator) About() string  { return "fake emulator 1.0" }
func (f fakeEmulator) Stop() error    { *f.stops++; return nil }

// fakeEmulatedLab records what BenchEmulated asks of its steps. missing lists targets whose emulator
// is absent; failed, per target, the samples the fake bench records as failed; failAgain, per target,
// how many of them fail again when retaken (lab bench -resume -retry-failed).
type fakeEmulatedLab struct {
	missing   []string
	failed    map[string]int
	failAgain map[string]int
	platform  string // the last target benched, which a retry continues
	stops     int
	built     []string
	benches   [][]string
	reports   []report.Options
}

func (f *fakeEmulatedLab) steps(t *testing.T) EmulatedSteps {
	return EmulatedSteps{
		Start: func(ctx context.Context, target string, s Streams) (Emulator, error) {
			if slices.Contains(f.missing, target) {
				return nil, &emulate.MissingError{What: "emulator of " + target, Hint: "install it"}
			}
			return fakeEmulator{exec: []string{"/emu/" + target}, stops: &f.stops}, nil
		},
		BuildHosts: func(ctx context.Context, goos, goarch string) error {
			f.built = append(f.built, goos+"/"+goarch)
			return nil
		},
		Bench: func(ctx context.Context, b runner.BenchOptions, stdout, stderr io.Writer) error {
			f.benches = append(f.benches, b.Args())
			out, platform, resume := &b.Out, &b.Platform, &b.Resume
			m := matrix.Manifest{Status: matrix.StatusComplete, Samples: 288, Planned: 288}
			var lines []string
			if *resume {
				m.Failed, m.Superseded = f.failAgain[f.platform], f.failed[f.platform]
			} else {
				f.platform = *platform
				m.Failed = f.failed[*platform]
			}
			for i := range m.Failed {
				x := matrix.Sample{Variant: "control", Round: i, Error: "timed out after 1m0s", ExitStatus: -1, StderrTail: "wine: starting\nslow"}
				if *resume {
					x.Attempt = 1
				}
				data, _ := json.Marshal(x)
				lines = append(lines, string(data)+"\n")
			}
			data, _ := json.Marshal(m)
			writeFile(t, filepath.Join(*out, resultsdir.ManifestFile), string(data))
			writeFile(t, filepath.Join(*out, resultsdir.SamplesFile), strings.Join(lines, ""))
			return nil
		},
		Report: func(ctx context.Context, o report.Options, stdout io.Writer) error {
			f.reports = append(f.reports, o)
			p := filepath.Join(t.TempDir(), "README.md")
			writeFile(t, p, "report")
			_, err := io.WriteString(stdout, p+"\n")
			return err
		},
	}
}

func TestBenchEmulated(t *testing.T) {
	t.Chdir(t.TempDir())
	o, err := EmulatedOptions(func(string) string { return "" })
	if err != nil || o.Profile != EmulatedProfile {
		t.Fatalf("EmulatedOptions with nothing set: %+v, %v; want profile %s", o, err, EmulatedProfile)
	}
	f := &fakeEmulatedLab{}
	var stdout, stderr bytes.Buffer
	path, err := BenchEmulated(context.Background(), Streams{Stdout: &stdout, Stderr: &stderr}, o, f.steps(t))
	if err != nil || path == "" || strings.TrimSpace(stdout.String()) != path {
		t.Fatalf("BenchEmulated: %q, %v; stdout %q", path, err, &stdout)
	}
	if !slices.Equal(f.built, emulate.BenchTargets) || f.stops != len(emulate.BenchTargets) {
		t.Errorf("built %v, stopped %d emulators; want %v, each stopped", f.built, f.stops, emulate.BenchTargets)
	}
	for i, target := range emulate.BenchTargets {
		args := strings.Join(f.benches[i], " ")
		goos, goarch, _ := strings.Cut(target, "/")
		for _, want := range []string{"-profile smoke", "-backends all", "-rounds 1", "-platform " + target, "-exec /emu/" + target,
			"-bin " + filepath.Join("bin", goos+"-"+goarch), "-" + goos + "-" + goarch + "-emulated"} {
			if !strings.Contains(args, want) {
				t.Errorf("%s: lab bench %s, want %q in it", target, args, want)
			}
		}
	}
	if len(f.reports) != 1 || len(f.reports[0].In) != len(emulate.BenchTargets) || f.reports[0].Out != EmulatedReports || f.reports[0].Title != EmulatedTitle || !f.reports[0].Force {
		t.Errorf("reports %+v, want one of both runs", f.reports)
	}

	// DEFLATELAB_PROFILE and DEFLATELAB_BACKENDS still choose.
	o, _ = EmulatedOptions(func(k string) string {
		return map[string]string{EnvProfile: "quick", EnvBackends: "pages"}[k]
	})
	f = &fakeEmulatedLab{}
	if _, err := BenchEmulated(context.Background(), Streams{Stdout: io.Discard, Stderr: io.Discard}, o, f.steps(t)); err != nil {
		t.Fatal(err)
	}
	if args := strings.Join(f.benches[0], " "); !strings.Contains(args, "-profile quick") || !strings.Contains(args, "-backends pages") || strings.Contains(args, "-backends all") || strings.Contains(args, "-rounds") {
		t.Errorf("with a profile and backends set: lab bench %s", args)
	}
}

// A sample that fails, and fails again when retaken, fails the target; the log names each failure,
// and the report of what ran is still rendered.
func TestBenchEmulatedFailedSample(t *testing.T) {
	t.Chdir(t.TempDir())
	o, _ := EmulatedOptions(func(string) string { return "" })
	f := &fakeEmulatedLab{failed: map[string]int{"windows/amd64": 3}, failAgain: map[string]int{"windows/amd64": 2}}
	var stderr bytes.Buffer
	path, err := BenchEmulated(context.Background(), Streams{Stdout: io.Discard, Stderr: &stderr}, o, f.steps(t))
	if err == nil || !strings.Contains(err.Error(), "windows/amd64: 2 of 288 samples failed, and again when taken once more") {
		t.Errorf("error %v, want one naming windows/amd64 and its 2 samples that failed twice", err)
	}
	if path == "" || len(f.reports) != 1 || f.stops != 2 {
		t.Errorf("path %q, reports %d, stops %d: want the report rendered and both emulators stopped", path, len(f.reports), f.stops)
	}
	log := stderr.String()
	if n := strings.Count(log, "FAILED"); n != 3+2 || !strings.Contains(log, "timed out after 1m0s") || !strings.Contains(log, "stderr: slow") {
		t.Errorf("log names %d failures, want 3 then 2, each with its error and stderr:\n%s", n, log)
	}
	if a := strings.Join(f.benches[1], " "); len(f.benches) != 3 || !strings.Contains(a, "-resume -out ") || !strings.Contains(a, " -retry-failed") {
		t.Errorf("benches %q, want windows/amd64's retaken once with -resume -out <run> -retry-failed", f.benches)
	}
}

// A sample that fails once and passes when retaken (the emulator's hiccup, not the host's) passes,
// and the log says so.
func TestBenchEmulatedTransientFailure(t *testing.T) {
	t.Chdir(t.TempDir())
	o, _ := EmulatedOptions(func(string) string { return "" })
	f := &fakeEmulatedLab{failed: map[string]int{"windows/amd64": 1}}
	var stderr bytes.Buffer
	if _, err := BenchEmulated(context.Background(), Streams{Stdout: io.Discard, Stderr: &stderr}, o, f.steps(t)); err != nil {
		t.Fatalf("BenchEmulated: %v; want a pass once the failed sample passed when retaken", err)
	}
	if log := stderr.String(); !strings.Contains(log, "FAILED") || !strings.Contains(log, "1 failed at first and passed when taken again") {
		t.Errorf("log does not name the transient failure:\n%s", log)
	}
}

// A missing emulator is a SKIP line, or an error when emulators are required.
func TestBenchEmulatedMissing(t *testing.T) {
	t.Chdir(t.TempDir())
	o, _ := EmulatedOptions(func(string) string { return "" })
	f := &fakeEmulatedLab{missing: []string{"linux/arm64"}}
	var stderr bytes.Buffer
	if _, err := BenchEmulated(context.Background(), Streams{Stdout: io.Discard, Stderr: &stderr}, o, f.steps(t)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr.String(), "bench:emulated: linux/arm64: SKIP: emulator of linux/arm64 not found (install it)") || len(f.benches) != 1 {
		t.Errorf("stderr %q, %d benches; want a SKIP line and windows/amd64 benched", &stderr, len(f.benches))
	}
	o.RequireEmulators = true
	_, err := BenchEmulated(context.Background(), Streams{Stdout: io.Discard, Stderr: io.Discard}, o, (&fakeEmulatedLab{missing: []string{"linux/arm64"}}).steps(t))
	var missing *emulate.MissingError
	if !errors.As(err, &missing) {
		t.Errorf("with emulators required: %v, want a MissingError", err)
	}
}
