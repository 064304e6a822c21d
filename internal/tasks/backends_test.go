package tasks

import (
	"bytes"
	"context"
	"errors"
	"github.com/deflatelab/deflatelab/matrix/runner"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/nativemem"
)

// TestHere: one backend list goes to every platform of the GitHub workflow, so with
// DEFLATELAB_ABSENT_BACKENDS=skip each platform drops, with a notice, the backends it lacks, and
// measures nothing (successfully) when it lacks them all; without it a lacking backend is an error.
func TestHere(t *testing.T) {
	have := nativemem.Available()
	var lack []string
	for _, n := range nativemem.Names() {
		if !slices.Contains(have, n) {
			lack = append(lack, n)
		}
	}
	if len(lack) == 0 {
		t.Skip("this build has every backend")
	}
	tests := []struct {
		name       string
		env        map[string]string
		want       []string // backends kept
		wantErr    string
		wantNotice string
	}{
		{name: "skip: one lacked, one had", env: map[string]string{EnvBackends: lack[0] + "," + have[0], EnvAbsentBackends: "skip"},
			want: []string{have[0]}, wantNotice: "has no backend " + lack[0]},
		{name: "skip: every one lacked", env: map[string]string{EnvBackends: strings.Join(lack, ","), EnvAbsentBackends: "skip"},
			wantErr: "none of the backends", wantNotice: "nothing to measure here"},
		{name: "skip: default is everywhere", env: map[string]string{EnvBackends: "default", EnvAbsentBackends: "skip"}, want: []string{"default"}},
		{name: "skip under GitHub Actions: a workflow notice too", env: map[string]string{EnvBackends: lack[0] + "," + have[0], EnvAbsentBackends: "skip", "GITHUB_ACTIONS": "true"},
			want: []string{have[0]}, wantNotice: "::notice title=backends::"},
		{name: "error (the default): a lacked backend fails", env: map[string]string{EnvBackends: lack[0] + "," + have[0]}, wantErr: lack[0]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := FromEnv(func(k string) string { return tt.env[k] })
			if err != nil {
				t.Fatal(err)
			}
			var w bytes.Buffer
			got, err := o.Here(&w, runtime.GOOS, runtime.GOARCH)
			if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("Here: %v, want error %q", err, tt.wantErr)
			}
			if tt.wantErr == "" && !slices.Equal(got.Backends, tt.want) {
				t.Errorf("Here kept %q, want %q", got.Backends, tt.want)
			}
			if !strings.Contains(w.String(), tt.wantNotice) || (tt.wantNotice == "") != (w.Len() == 0) {
				t.Errorf("notice %q, want one containing %q", w.String(), tt.wantNotice)
			}
		})
	}

	// The bench target on a platform with none of them succeeds without a run.
	o, _ := FromEnv(func(k string) string {
		return map[string]string{EnvBackends: strings.Join(lack, ","), EnvAbsentBackends: "skip"}[k]
	})
	bench := func(context.Context, runner.BenchOptions, io.Writer, io.Writer) error { return errors.New("bench ran") }
	if dir, err := BenchHere(context.Background(), Streams{Stdout: io.Discard, Stderr: io.Discard}, o, runtime.GOOS, runtime.GOARCH, bench, nil); err != nil || dir != "" {
		t.Errorf("BenchHere with no backend here = %q, %v; want no run and no error", dir, err)
	}
}

func TestAbsentBackendsValue(t *testing.T) {
	_, err := FromEnv(func(k string) string { return map[string]string{EnvAbsentBackends: "ignore"}[k] })
	if err == nil || !strings.Contains(err.Error(), EnvAbsentBackends+`="ignore"`) || !strings.Contains(err.Error(), "skip") {
		t.Errorf("FromEnv(%s=ignore) = %v, want an error naming the variable and what is allowed", EnvAbsentBackends, err)
	}
}
