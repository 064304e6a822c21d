package tasks

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestBenchArgs(t *testing.T) {
	tests := []struct {
		o    Options
		want []string
	}{
		{Options{Profile: "quick"}, []string{"-profile", "quick", "-out", "r/x"}},
		{
			Options{Profile: "smoke", Variants: []string{"control", "pooled"}, Workloads: []string{"mixed"}, DOPs: []int{1, 12}, Backends: []string{"pages"}},
			[]string{"-profile", "smoke", "-out", "r/x", "-variants", "control,pooled", "-workloads", "mixed", "-dops", "1,12", "-backends", "pages"},
		},
	}
	for _, tt := range tests {
		if got := tt.o.BenchArgs("r/x"); !slices.Equal(got, tt.want) {
			t.Errorf("%+v.BenchArgs = %q, want %q", tt.o, got, tt.want)
		}
	}
}

func TestValidateArgs(t *testing.T) {
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
		args, race := ValidateArgs(tt.goos, tt.goarch, tt.haveCC)
		if race != tt.race || slices.Contains(args, "-race") != tt.race {
			t.Errorf("ValidateArgs(%s/%s) = %q, race %v; want race %v", tt.goos, tt.goarch, args, race, tt.race)
		}
		for _, p := range ValidationPackages {
			if !slices.Contains(args, p) {
				t.Errorf("ValidateArgs(%s/%s) = %q lacks %s", tt.goos, tt.goarch, args, p)
			}
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

func TestResultsDirs(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "results-linux-amd64", "20260101-000000-linux-amd64", "samples.jsonl"), "{}\n")
	writeFile(t, filepath.Join(root, "results-linux-amd64", "20260101-000000-linux-amd64", "bench.txt"), "")
	writeFile(t, filepath.Join(root, "b", "samples.jsonl"), "{}\n")
	writeFile(t, filepath.Join(root, "b", "other.jsonl"), "{}\n")
	writeFile(t, filepath.Join(root, "empty", "notes.txt"), "")
	got, err := ResultsDirs(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(root, "b"), filepath.Join(root, "results-linux-amd64", "20260101-000000-linux-amd64")}
	if !slices.Equal(got, want) {
		t.Errorf("ResultsDirs = %q, want %q", got, want)
	}
	if _, err := ResultsDirs(filepath.Join(root, "empty")); err == nil || !strings.Contains(err.Error(), EnvResults) {
		t.Errorf("no results: err = %v, want one naming %s", err, EnvResults)
	}
	if _, err := ResultsDirs(filepath.Join(root, "missing")); err == nil || !strings.Contains(err.Error(), EnvResults) {
		t.Errorf("missing dir: err = %v, want one naming %s", err, EnvResults)
	}
}

// fakeLab records the steps the matrix target takes, in order, and plays bench and report.
type fakeLab struct {
	steps     []string
	failAt    string
	benchArgs []string
	reportIn  []string
}

func (f *fakeLab) step(name string) error {
	f.steps = append(f.steps, name)
	if name == f.failAt {
		return errors.New(name + " failed")
	}
	return nil
}

func (f *fakeLab) Steps() Steps {
	return Steps{
		Build:    func(context.Context) error { return f.step("build") },
		Validate: func(context.Context) error { return f.step("validate") },
		Bench: func(_ context.Context, args []string, _, _ io.Writer) error {
			f.benchArgs = args
			return f.step("bench")
		},
		Report: func(_ context.Context, args []string, stdout, _ io.Writer) error {
			f.reportIn = args
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

func TestMatrix(t *testing.T) {
	for _, failAt := range []string{"", "build", "validate", "bench", "report"} {
		t.Run("fail at "+failAt, func(t *testing.T) {
			t.Chdir(t.TempDir()) // the fake report writes reports/ into the working directory
			f := &fakeLab{failAt: failAt}
			var stdout, stderr bytes.Buffer
			o := Options{Profile: "smoke", Results: "res"}
			path, err := Matrix(context.Background(), Streams{&stdout, &stderr}, o, "linux", "amd64", f.Steps())

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
			} else if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(f.steps, wantSteps) {
				t.Errorf("steps = %q, want %q", f.steps, wantSteps)
			}
			if failAt != "" {
				return
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
			if !slices.Equal(f.reportIn, []string{"-in", out}) {
				t.Errorf("report args %q, want -in %s", f.reportIn, out)
			}
		})
	}
}

func TestReportPath(t *testing.T) {
	t.Chdir(t.TempDir())
	writeFile(t, filepath.Join("res", "a", "samples.jsonl"), "{}\n")
	writeFile(t, filepath.Join("reports", "r", "README.md"), "# r\n")
	printing := func(text string) Main {
		return func(_ context.Context, _ []string, stdout, _ io.Writer) error {
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
		got, err := Report(context.Background(), Streams{io.Discard, io.Discard}, "res", printing(tt.printed))
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
	// Empty values stay empty: remote leaves them out, so the workflow's defaults apply.
	want := []string{"profile=full", "variants=control,pooled", "dops=1,12", "backends="}
	if !slices.Equal(got, want) {
		t.Errorf("WorkflowInputs = %q, want %q", got, want)
	}
}
