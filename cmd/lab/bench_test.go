package main

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/runner"
)

func ptr[T any](v T) *T { return &v }

// BenchOptions.Args is what internal/tasks logs and run.json records as the command: lab bench's flag
// set must read it back into the same options, every field given or not - each row's every value
// alone, all rows' first values at once, and the cases below.
func TestBenchArgsRoundTrip(t *testing.T) {
	var cases []runner.BenchOptions
	var all runner.BenchOptions
	for _, s := range runner.PlanSettings {
		for _, v := range s.Values {
			var o runner.BenchOptions
			s.Set(&o, v)
			cases = append(cases, o)
		}
		s.Set(&all, s.Values[0])
	}
	for _, o := range append(cases, all,
		runner.BenchOptions{},
		runner.BenchOptions{Profile: "smoke", Out: "results/x", Variants: []string{"control", "pooled/8"}, Workloads: []string{"fixed"}, DOPs: []int{1, 12},
			Phases: []string{"cold", "warm"}, Backends: []string{"all"}, Rounds: ptr(6), ColdOps: ptr(3), WarmOps: ptr(4), Warmup: ptr(0),
			Order: "shuffle", Seed: 42, ForceSplit: ptr(false), PoolCapacity: []int{8, 12}, Adaptive: ptr(true), Resample: ptr(2),
			EquivMargin: ptr(0.025), Replica: &matrix.Replica{Index: 2, Count: 3}, Pairing: matrix.Duet, ZlibNG: "2.2.2",
			Platform: "windows/amd64", Exec: []string{"wine", "--x"}, Bin: "bin/w", Timeout: 90 * time.Second, Progress: "none"},
		runner.BenchOptions{Adaptive: ptr(false), ForceSplit: ptr(true), PoolCapacity: []int{}, Variants: []string{}},
		runner.BenchOptions{Resume: true, RetryFailed: true, Out: "results/r", Exec: []string{"qemu-aarch64-static"}, Bin: "bin/a", Progress: "lines"},
	) {
		args := o.Args()
		got, err := parseBench(args, io.Discard)
		if err != nil {
			t.Errorf("parse(%q): %v", args, err)
			continue
		}
		if !reflect.DeepEqual(got, o) {
			t.Errorf("parse(Args(o)) = %+v\nwant %+v\n(args %q)", got, o, args)
		}
	}
}

// What only a command line can get wrong is refused here, as a usage error naming the flag; the
// options' own checks are matrix/runner's TestBenchBadInput.
func TestBenchFlagErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"extra"}, "unexpected arguments"},
		{[]string{"-dops", "one"}, `-dops: matrix: DOP "one" is not an integer`},
		{[]string{"-dops", "1,1"}, "-dops: matrix: DOP 1 given twice"},
		{[]string{"-replica", "3/2"}, "-replica: matrix: replica \"3/2\": want I/K with 1 <= I <= K <= 16"},
		{[]string{"-replica", "0/2"}, "want I/K"},
		{[]string{"-pool-capacity", "8,x"}, `-pool-capacity: pooled capacity must be an integer 1..1024: got "x"`},
		{[]string{"-no-such-flag"}, "flag provided but not defined"},
		{[]string{"-rounds", "x"}, `-rounds "x": allowed: an integer`},
		{[]string{"-pairing", "both"}, `-pairing "both": allowed: alternating or duet`},
		{[]string{"-adaptive=yes"}, `-adaptive "yes": allowed: true or false`},
		{[]string{"-timeout", "soon"}, `-timeout "soon": allowed: a duration`},
	} {
		_, err := parseBench(tt.args, io.Discard)
		var ue *usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v, want a usage error saying %q", tt.args, err, tt.want)
		}
	}
}

// No flag of lab bench states two defaults: its own words ("default: the profile's") and the flag
// package's "(default -1)" (issue 37 item 9).
func TestBenchHelpOneDefault(t *testing.T) {
	var stderr bytes.Buffer
	if _, err := parseBench([]string{"-h"}, &stderr); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h: %v", err)
	}
	// The flag package puts a flag's usage on the lines after its name; one entry per "  -name".
	for _, entry := range strings.Split(stderr.String(), "\n  -")[1:] {
		if strings.Contains(entry, "default:") && strings.Contains(entry, "(default ") {
			t.Errorf("two defaults in one flag's help: -%s", entry)
		}
	}
}
