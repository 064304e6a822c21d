package tasks

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/runner"
	"github.com/deflatelab/deflatelab/matrix/workload"
	"github.com/deflatelab/deflatelab/nativemem"
)

func TestFromEnv(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		want    Options
		wantErr []string // substrings the error must contain: the variable, the value, what is allowed
	}{
		{name: "defaults", env: nil, want: Options{Profile: "quick", Results: "results"}},
		{name: "results: one directory", env: map[string]string{EnvResults: "out"}, want: Options{Profile: "quick", Results: "out", ReportIn: []string{"out"}}},
		{name: "results: several, for the report", env: map[string]string{EnvResults: "a, b"}, want: Options{Profile: "quick", ReportIn: []string{"a", "b"}}},
		{name: "results: an empty name", env: map[string]string{EnvResults: "a,,b"}, wantErr: []string{EnvResults, `"a,,b"`, "empty"}},
		// A path that cannot be a folder is refused up front, not by mkdir after a build (issue 46 item 3).
		{name: "results: a file", env: map[string]string{EnvResults: "doc.go"}, wantErr: []string{EnvResults, `"doc.go"`, "doc.go is a file, not a folder"}},
		{name: "results: below a file", env: map[string]string{EnvResults: "a,doc.go/runs"}, wantErr: []string{EnvResults, "doc.go is a file, not a folder"}},
		{name: "reports: a file", env: map[string]string{EnvReports: "doc.go"}, wantErr: []string{EnvReports, `"doc.go"`, "is a file, not a folder"}},
		{name: "force", env: map[string]string{EnvForce: "1"}, want: Options{Profile: "quick", Results: "results", Force: true}},
		{name: "force: a bad value", env: map[string]string{EnvForce: "yes"}, wantErr: []string{EnvForce, `"yes"`, "1 or true"}},
		// report and remote take every platform's backends: the results or the runners may have them.
		{name: "backend of another platform", env: map[string]string{EnvBackends: "privateheap,libc"}, want: Options{Profile: "quick", Results: "results", Backends: []string{"privateheap", "libc"}}},
		{
			name: "everything set",
			env: map[string]string{
				EnvProfile: "smoke", EnvVariants: "pooled, control", EnvWorkloads: "mixed",
				EnvDOPs: "1,8, 12", EnvBackends: "pages,goheap", EnvResults: "out", EnvRequireEmulators: "1",
			},
			want: Options{
				Profile: "smoke", Variants: []string{"pooled", "control"}, Workloads: []string{"mixed"},
				DOPs: []int{1, 8, 12}, Backends: []string{"pages", "goheap"}, Results: "out", ReportIn: []string{"out"}, RequireEmulators: true,
			},
		},
		{name: "the A/A control", env: map[string]string{EnvVariants: "control,aa"}, want: Options{Profile: "quick", Results: "results", Variants: []string{"control", "aa"}}},
		{name: "adaptive on", env: map[string]string{EnvAdaptive: "1"}, want: Options{Profile: "quick", Results: "results", Adaptive: ptr(true)}},
		{name: "adaptive off", env: map[string]string{EnvAdaptive: "false"}, want: Options{Profile: "quick", Results: "results", Adaptive: ptr(false)}},
		{name: "adaptive: a bad value", env: map[string]string{EnvAdaptive: "yes"}, wantErr: []string{EnvAdaptive, `"yes"`, "1 or true"}},
		{name: "unknown profile", env: map[string]string{EnvProfile: "huge"}, wantErr: []string{EnvProfile, `"huge"`, "smoke, quick, full"}},
		{name: "unknown variant", env: map[string]string{EnvVariants: "control,fast"}, wantErr: []string{EnvVariants, `"fast"`, fmt.Sprint(runner.CandidateNames())}},
		{name: "a variant twice", env: map[string]string{EnvVariants: "pooled, control,pooled"}, wantErr: []string{EnvVariants, `variant "pooled" given twice`}},
		{name: "a workload twice", env: map[string]string{EnvWorkloads: "fixed,fixed"}, wantErr: []string{EnvWorkloads, `workload "fixed" given twice`}},
		{name: "a DOP twice", env: map[string]string{EnvDOPs: "1,1"}, wantErr: []string{EnvDOPs, "DOP 1 given twice"}},
		{name: "a backend twice", env: map[string]string{EnvBackends: "pages,pages"}, wantErr: []string{EnvBackends, `"pages" given twice`}},
		{name: "empty name in list", env: map[string]string{EnvVariants: "control,"}, wantErr: []string{EnvVariants, `""`}},
		{name: "unknown workload", env: map[string]string{EnvWorkloads: "random"}, wantErr: []string{EnvWorkloads, fmt.Sprint(workload.Names())}},
		{name: "unknown backend", env: map[string]string{EnvBackends: "jemalloc"}, wantErr: []string{EnvBackends, `"jemalloc"`, "privateheap"}},
		{name: "dop zero", env: map[string]string{EnvDOPs: "1,0"}, wantErr: []string{EnvDOPs, `"1,0"`, "DOP 0 is outside 1..1024"}},
		{name: "retry without resume", env: map[string]string{EnvRetryFailed: "1"}, wantErr: []string{EnvRetryFailed, EnvResume}},
		{name: "resume and retry", env: map[string]string{EnvResume: "results/r", EnvRetryFailed: "1"}, want: Options{Profile: "quick", Results: "results", Resume: "results/r", RetryFailed: true}},
		{name: "dop too large", env: map[string]string{EnvDOPs: "300000"}, wantErr: []string{EnvDOPs, `"300000"`, "1..1024"}},
		{name: "variants without control", env: map[string]string{EnvVariants: "pooled,splitalloc"}, wantErr: []string{EnvVariants, "no control"}},
		{name: "dop not a number", env: map[string]string{EnvDOPs: "four"}, wantErr: []string{EnvDOPs, `"four"`}},
		{name: "require not boolean", env: map[string]string{EnvRequireEmulators: "yes"}, wantErr: []string{EnvRequireEmulators, `"yes"`, "1, true"}},
		{name: "shell metacharacters are just a bad name", env: map[string]string{EnvVariants: "control;rm -rf /"}, wantErr: []string{EnvVariants, "control;rm -rf /"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FromEnv(func(k string) string { return tt.env[k] })
			if tt.wantErr != nil {
				if err == nil {
					t.Fatalf("FromEnv = %+v, want an error", got)
				}
				for _, s := range tt.wantErr {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("error %q does not mention %q", err, s)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("FromEnv = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// unavailableBackend is a backend of some platform that this one lacks (privateheap on Linux, libc on
// Windows).
func unavailableBackend(t *testing.T) string {
	t.Helper()
	for _, b := range nativemem.Names() {
		if !slices.Contains(nativemem.Available(), b) {
			return b
		}
	}
	t.Skip("this build has every backend")
	return ""
}

// bench and matrix check the options against this machine before building anything, naming the
// variable, though FromEnv (and so report and remote) accepts every platform's backends.
func TestCheckHere(t *testing.T) {
	missing := unavailableBackend(t)
	o := Options{Profile: "smoke", Results: "results", Backends: []string{"goheap", missing}}
	err := o.CheckHere(runtime.GOOS, runtime.GOARCH)
	for _, want := range []string{EnvBackends + `="goheap,` + missing + `"`, `backend "` + missing + `"`, "available"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckHere = %v, want it to say %q", err, want)
		}
	}
	if err := (Options{Backends: []string{"default", "goheap"}, Results: "r"}).CheckHere(runtime.GOOS, runtime.GOARCH); err != nil {
		t.Errorf("CheckHere(default, goheap) = %v", err)
	}
	// default is this platform's default backend: naming both is one backend twice, refused here,
	// before anything is built, not by the runner after the build (issue 21 item 7).
	twice := Options{Backends: []string{"default", nativemem.Default()}, Results: "r"}
	if err := twice.CheckHere(runtime.GOOS, runtime.GOARCH); err == nil || !strings.Contains(err.Error(), "given twice") || !strings.Contains(err.Error(), EnvBackends) {
		t.Errorf("CheckHere(default,%s) = %v, want %s naming a backend given twice", nativemem.Default(), err, EnvBackends)
	}
	if err := (Options{ReportIn: []string{"a", "b"}}).CheckHere(runtime.GOOS, runtime.GOARCH); err == nil || !strings.Contains(err.Error(), EnvResults) {
		t.Errorf("CheckHere with several results directories = %v, want an error naming %s", err, EnvResults)
	}

	// The bench target stops before building the hosts.
	t.Chdir(t.TempDir())
	_, err = BenchHere(context.Background(), Streams{Stdout: io.Discard, Stderr: io.Discard}, o, runtime.GOOS, runtime.GOARCH,
		func(context.Context, runner.BenchOptions, io.Writer, io.Writer) error {
			t.Error("bench ran")
			return nil
		}, nil)
	if err == nil || !strings.Contains(err.Error(), EnvBackends) {
		t.Errorf("BenchHere = %v, want the %s error", err, EnvBackends)
	}
	if _, statErr := os.Stat(BinRoot); statErr == nil {
		t.Errorf("BenchHere built %s/ before rejecting the options", BinRoot)
	}
}

func ptr[T any](v T) *T { return &v }

// An unknown DEFLATELAB_* variable is an error naming the closest known one and listing them all; a
// misspelled DEFLATELAB_PROFLE must not run the default profile. Every error is a *matrix.InvalidError (exit 2).
func TestFromEnviron(t *testing.T) {
	for _, tt := range []struct {
		env     []string
		wantErr []string // "" = no error
	}{
		{[]string{"PATH=/bin", "DEFLATELAB_PROFILE=smoke", "GOFLAGS="}, nil},
		{[]string{"DEFLATELAB_PROFLE=full"}, []string{`DEFLATELAB_PROFLE="full": unknown variable (did you mean DEFLATELAB_PROFILE?)`, EnvReplicas, EnvRetryFailed}},
		{[]string{"DEFLATELAB_SOMETHING=1"}, []string{`DEFLATELAB_SOMETHING="1": unknown variable;`}},
		{[]string{"DEFLATELAB_PROFILE=huge"}, []string{"unknown profile"}},
		{[]string{"DEFLATELAB_ZLIBNG=2.2.4"}, []string{EnvZlibNG, "2.2.5 (zlib-ng 2.2.5 (.NET 10 and later))", "2.2.2"}},
		{[]string{"DEFLATELAB_ZLIBNG=/work/zlibng/2.2.2"}, []string{"ZLIBNG_DIR"}},
		{[]string{"DEFLATELAB_REPLICA=3/2"}, []string{EnvReplica, "1 <= I <= K <= 16"}},
		{[]string{"DEFLATELAB_REPLICA=1/17"}, []string{EnvReplica}},
		{[]string{"DEFLATELAB_REPLICAS=0"}, []string{EnvReplicas, "1..16"}},
		{[]string{"DEFLATELAB_REPLICAS=2", "DEFLATELAB_REPLICA=1/2"}, []string{"set one"}},
		{[]string{"DEFLATELAB_RESUME=results/r", "DEFLATELAB_REPLICAS=2"}, []string{"continues one run"}},
		{[]string{"DEFLATELAB_RESUME=results/r", "DEFLATELAB_ZLIBNG=2.2.2"}, []string{EnvZlibNG}},
	} {
		_, err := FromEnviron(tt.env)
		if tt.wantErr == nil {
			if err != nil {
				t.Errorf("%q: %v", tt.env, err)
			}
			continue
		}
		var ue *matrix.InvalidError
		if !errors.As(err, &ue) {
			t.Errorf("%q: %v, want an InvalidError", tt.env, err)
			continue
		}
		for _, w := range tt.wantErr {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%q: %v, want it to say %q", tt.env, err, w)
			}
		}
	}
	o, err := FromEnviron([]string{"DEFLATELAB_ZLIBNG=2.2.2", "DEFLATELAB_REPLICA=2/3", "DEFLATELAB_PROFILE=smoke"})
	if err != nil {
		t.Fatal(err)
	}
	args := strings.Join(o.BenchOptions("out").Args(), " ")
	if !strings.Contains(args, "-zlibng 2.2.2") || !strings.Contains(args, "-replica 2/3") {
		t.Errorf("BenchOptions.Args = %s, want -zlibng 2.2.2 and -replica 2/3", args)
	}
	if dir := o.RunDir("linux", "amd64", time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)); !strings.HasSuffix(dir, "20261201-080000-linux-amd64-r2of3") {
		t.Errorf("RunDir = %s, want lab bench -replica's name", dir)
	}
}

// Exit gives a usage error exit status 2, any other error 1, and an interrupted target an error even
// when its work returned nil.
func TestExit(t *testing.T) {
	status := func(err error) int {
		if err == nil {
			return 0
		}
		if e, ok := err.(interface{ ExitStatus() int }); ok {
			return e.ExitStatus()
		}
		return -1
	}
	ctx := context.Background()
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	for _, tt := range []struct {
		ctx  context.Context
		err  error
		want int
	}{
		{ctx, nil, 0},
		{ctx, errors.New("boom"), 1},
		{ctx, usage(errors.New("bad")), 2},
		{ctx, fmt.Errorf("bench: %w", &matrix.InvalidError{Err: errors.New("bad flag")}), 2},
		{cancelled, nil, 1},
	} {
		if got := status(Exit(tt.ctx, tt.err)); got != tt.want {
			t.Errorf("Exit(%v) has status %d, want %d", tt.err, got, tt.want)
		}
	}
}
