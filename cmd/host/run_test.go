package main

import (
	"bytes"
	"encoding/json"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix/host"
)

func TestRunPrintsOneResult(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"-variant", linked, "-workload", "mixed", "-dop", "2", "-phase", "warm", "-ops", "24", "-warmup", "12", "-backend", "goheap"}, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if n := strings.Count(stdout.String(), "\n"); n != 1 {
		t.Fatalf("%d lines on stdout, want 1: %q", n, stdout.String())
	}
	var r host.Result
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Variant != linked || r.Workload != "mixed" || r.DOP != 2 || r.Ops != 24 || r.Warmup != 12 || r.Backend != "goheap" || r.Digest == "" {
		t.Errorf("result %+v", r)
	}
}

func TestRunStream(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-workload", "stream", "-phase", "cold", "-ops", "4", "-backend", "goheap"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var r host.Result
	json.Unmarshal(stdout.Bytes(), &r)
	if r.Workload != "stream" || r.Writes != 100 || r.PayloadSize != 1000 || r.OutputBytes < 4*1000 {
		t.Errorf("stream: %+v", r)
	}
}

// TestRunGeneration: every result records the generation its engine ran, 2.2.5 unless -zlibng says 2.2.2,
// and writes that generation's bytes: a stream operation is 2,036 bytes under 2.2.5 and 1,748 under 2.2.2,
// what zlib-ng's own builds write for it with .NET's calls (deflate/BENCHMARKS.md, dotnetStreamCase).
func TestRunGeneration(t *testing.T) {
	for _, tt := range []struct {
		args  []string
		want  host.Generation
		bytes int64 // per operation
	}{
		{nil, "2.2.5", 2036},
		{[]string{"-zlibng", "2.2.5"}, "2.2.5", 2036},
		{[]string{"-zlibng", "2.2.2"}, "2.2.2", 1748},
	} {
		var stdout, stderr bytes.Buffer
		args := append([]string{"-workload", "stream", "-phase", "cold", "-ops", "2", "-backend", "goheap"}, tt.args...)
		if code := run(args, &stdout, &stderr); code != exitOK {
			t.Fatalf("%v: exit %d: %s", tt.args, code, stderr.String())
		}
		var r host.Result
		if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		if r.ZlibNG != tt.want || r.OutputBytes != 2*tt.bytes {
			t.Errorf("%v: result records zlibng %q and %d bytes for 2 operations, want %q and %d", tt.args, r.ZlibNG, r.OutputBytes, tt.want, 2*tt.bytes)
		}
	}
}

func TestRunDefaults(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-phase", "cold", "-ops", "3"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var r host.Result
	json.Unmarshal(stdout.Bytes(), &r)
	if r.Workload != "fixed" || r.Warmup != 0 || r.PayloadSize != 5000 || r.PayloadRandFrac != 0.5 || r.Backend == "" {
		t.Errorf("defaults: %+v", r)
	}
}

func TestRunBadFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-workload", "zip"}, `unknown workload "zip"; allowed: [fixed mixed stream service]`},
		{[]string{"-dop", "0"}, "-dop 0 is outside 1..1024"},
		{[]string{"-dop", "300000"}, "-dop 300000 is outside 1..1024"},
		{[]string{"-phase", "hot"}, `-phase "hot" is not one of [cold warm]`},
		{[]string{"-ops", "-5"}, "-ops -5 is negative"},
		{[]string{"-phase", "cold", "-warmup", "10"}, "-warmup 10 with -phase cold"},
		{[]string{"-backend", "tcmalloc"}, `"tcmalloc"`},
		{[]string{"-variant", "other"}, `-variant "other", but this binary links "` + linked + `"`},
		{[]string{"-payload-random", "1.5"}, "random fraction 1.5"},
		{[]string{"-pool-capacity", "-1"}, "-pool-capacity: pooled capacity must be an integer 1..1024: got -1"},
		{[]string{"-pool-capacity", "1025"}, "-pool-capacity: pooled capacity must be an integer 1..1024: got 1025"},
		{[]string{"-nosuchflag"}, "flag provided but not defined"},
		{[]string{"stray"}, "unexpected arguments"},
		{[]string{"-zlibng", "2.2.1"}, `-zlibng: deflate: zlib-ng generation "2.2.1" is not one of 2.2.5, 2.2.2`},
		{[]string{"-zlibng", ""}, `-zlibng: deflate: zlib-ng generation "" is not one of 2.2.5, 2.2.2`},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, &stdout, &stderr)
		if code != exitUsage || !strings.Contains(stderr.String(), tt.want) || stdout.Len() != 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit 2 and %q", tt.args, code, stderr.String(), stdout.String(), tt.want)
		}
	}
}

func TestCalibrate(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-calibrate", "-backend", "goheap"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var c host.Calibration
	if err := json.Unmarshal(stdout.Bytes(), &c); err != nil {
		t.Fatal(err)
	}
	// The no-op writes what a real operation of the fixed workload writes: about 2.8 KB of deflate.
	if c.NsPerOp <= 0 || c.Ops != host.DefaultCalibrationOps || c.OutputBytes < 1000 || c.OutputBytes > 5000 {
		t.Errorf("calibration %+v", c)
	}
}

func TestDescribe(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-describe"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var d host.Description
	if err := json.Unmarshal(stdout.Bytes(), &d); err != nil {
		t.Fatal(err)
	}
	if d.Variant != "control" || d.DefaultBackend == "" || len(d.Backends) == 0 || !slices.Equal(d.Workloads, []string{"fixed", "mixed", "stream", "service"}) ||
		d.Platform != runtime.GOOS+"/"+runtime.GOARCH {
		t.Errorf("untagged build: %+v", d)
	}
}
