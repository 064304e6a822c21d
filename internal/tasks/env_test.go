package tasks

import (
	"context"
	"io"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
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
		// report and remote take every platform's backends: the results or the runners may have them.
		{name: "backend of another platform", env: map[string]string{EnvBackends: "privateheap,libc"}, want: Options{Profile: "quick", Results: "results", Backends: []string{"privateheap", "libc"}}},
		{
			name: "everything set",
			env: map[string]string{
				EnvProfile: "smoke", EnvVariants: "pooled, control,pooled", EnvWorkloads: "mixed",
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
		{name: "unknown variant", env: map[string]string{EnvVariants: "control,fast"}, wantErr: []string{EnvVariants, `"fast"`, strings.Join(matrix.CandidateNames(), ", ")}},
		{name: "empty name in list", env: map[string]string{EnvVariants: "control,"}, wantErr: []string{EnvVariants, `""`}},
		{name: "unknown workload", env: map[string]string{EnvWorkloads: "random"}, wantErr: []string{EnvWorkloads, strings.Join(workload.Names(), ", ")}},
		{name: "unknown backend", env: map[string]string{EnvBackends: "jemalloc"}, wantErr: []string{EnvBackends, `"jemalloc"`, "privateheap"}},
		{name: "dop zero", env: map[string]string{EnvDOPs: "1,0"}, wantErr: []string{EnvDOPs, `"0"`, "1..1024"}},
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
		func(context.Context, []string, io.Writer, io.Writer) error { t.Error("bench ran"); return nil })
	if err == nil || !strings.Contains(err.Error(), EnvBackends) {
		t.Errorf("BenchHere = %v, want the %s error", err, EnvBackends)
	}
	if _, statErr := os.Stat(BinRoot); statErr == nil {
		t.Errorf("BenchHere built %s/ before rejecting the options", BinRoot)
	}
}

func ptr[T any](v T) *T { return &v }
