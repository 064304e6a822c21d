package runner

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// Bad input is refused before anything runs: no results directory appears.
func TestBenchMainBadInput(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	empty := t.TempDir()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-profile", "huge"}, `unknown profile "huge"; allowed: [smoke quick full]`},
		{[]string{"-variants", "control,bogus"}, `unknown variant "bogus"; allowed: ` + fmt.Sprint(CandidateNames())},
		{[]string{"-workloads", "zip"}, `unknown workload "zip"; allowed: ` + fmt.Sprint(workload.Names())},
		{[]string{"-phases", "hot"}, `unknown phase "hot"`},
		{[]string{"-dops", "1,0"}, "DOP 0 is outside 1..1024"},
		{[]string{"-dops", "300000"}, "DOP 300000 is outside 1..1024"},
		{[]string{"-variants", "pooled,splitalloc"}, "have no control"},
		{[]string{"-timeout", "-1s"}, "-timeout -1s is negative"},
		{[]string{"-retry-failed"}, "give -resume -out"},
		{[]string{"-backends", "bogus"}, `-backends: unknown backend "bogus"`},
		{[]string{"-backends", "crt"}, `-backends: unknown backend "crt"`},
		{[]string{"-platform", "windows/amd64"}, "missing host binary " + filepath.Join(bin, "host-control.exe")},
		{[]string{"-dops", "one"}, `DOP "one" is not an integer`},
		{[]string{"-rounds", "0"}, "rounds 0 is outside 1..1000"},
		{[]string{"-rounds", "1000000000"}, "rounds 1000000000 is outside 1..1000 (MaxRounds"},
		{[]string{"-cold-ops", "2000000"}, "each at most 1000000 (MaxOps"},
		{[]string{"-warmup", "1000001"}, "each at most 1000000 (MaxOps"},
		{[]string{"-resample", "2000"}, "resample maxExtra 2000: want an even number of rounds, 2..1000"},
		{[]string{"-dops", "1,1"}, "DOP 1 given twice"},
		{[]string{"-workloads", "fixed,fixed"}, `workload "fixed" given twice`},
		{[]string{"-variants", "control,aa,aa"}, `variant "aa" given twice`},
		{[]string{"-pool-capacity", "8,8"}, `variant "pooled/8" given twice`},
		{[]string{"-replica", "3/2"}, "-replica: matrix: replica \"3/2\": want I/K with 1 <= I <= K <= 16"},
		{[]string{"-replica", "0/2"}, "want I/K"},
		{[]string{"-replica", "1/2", "-order", "shuffle"}, "give -seed too"},
		{[]string{"-order", "alpha"}, `order "alpha" is not one of [rotate shuffle]`},
		{[]string{"-backends", "tcmalloc"}, `unknown backend "tcmalloc"; the hosts have [goheap pages]`},
		{[]string{"-backends", "pages,default"}, `backend "pages" given twice`},
		{[]string{"-bin", empty}, "missing host binary " + filepath.Join(empty, "host-control")},
		{[]string{"extra"}, "unexpected arguments"},
		{[]string{"-pool-capacity", "8,x"}, `-pool-capacity: pooled capacity must be an integer 1..1024: got "x"`},
		{[]string{"-pool-capacity", "0"}, `pooled capacity must be an integer 1..1024: got "0"`},
		{[]string{"-pool-capacity", "2000"}, `pooled capacity must be an integer 1..1024: got "2000"`},
		{[]string{"-pool-capacity", ","}, "-pool-capacity is empty"},
		{[]string{"-variants", "control,splitalloc", "-pool-capacity", "12"}, "include no pooled"},
		{[]string{"-variants", "control,pooled/abc"}, `variant "pooled/abc": pooled capacity must be an integer 1..1024: got "abc"`},
	}
	for _, tt := range tests {
		out := filepath.Join(t.TempDir(), "results")
		args := append([]string{"-profile", "smoke", "-bin", bin, "-out", out}, tt.args...)
		var stdout, stderr bytes.Buffer
		err := BenchMain(context.Background(), args, &stdout, &stderr)
		var ue *matrix.UsageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: error %v, want a usage error (exit 2) saying %q", tt.args, err, tt.want)
		}
		if _, statErr := os.Stat(out); statErr == nil {
			t.Errorf("%v: %s was created", tt.args, out)
		}
	}
	if err := BenchMain(context.Background(), []string{"-resume"}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "-resume needs -out") {
		t.Errorf("-resume alone: %v", err)
	}
}

func TestBenchMainRunsAndResumes(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	out := filepath.Join(t.TempDir(), "results")
	var stdout, stderr bytes.Buffer
	args := []string{"-profile", "smoke", "-bin", bin, "-out", out, "-workloads", "mixed", "-dops", "3", "-order", "shuffle"}
	if err := BenchMain(context.Background(), args, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if strings.TrimSpace(stdout.String()) != out {
		t.Errorf("stdout %q, want the results directory", stdout.String())
	}
	m, err := resultsdir.ReadManifest(out)
	if err != nil || m.Plan.Seed == 0 || m.Plan.Backends[0] != "pages" || m.Planned != 2*m.Plan.Rounds*len(m.Plan.Variants) || m.Status != matrix.StatusComplete {
		t.Fatalf("manifest %+v, %v", m, err)
	}
	// Resuming a finished run takes nothing new; plan flags are refused.
	if err := BenchMain(context.Background(), []string{"-bin", bin, "-out", out, "-resume", "-rounds", "9"}, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "drop -rounds") {
		t.Errorf("resume with a plan flag: %v", err)
	}
	if err := BenchMain(context.Background(), []string{"-bin", bin, "-out", out, "-resume"}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if s := readAll(t, out); len(s) != m.Planned {
		t.Errorf("%d samples after a no-op resume, want %d", len(s), m.Planned)
	}
}

// lab bench -adaptive on the smoke profile (3 rounds) caps at 4, whole batches; its summary line says how
// the cells closed, and an explicit odd -rounds is refused with the fix.
func TestBenchMainAdaptive(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	out := filepath.Join(t.TempDir(), "results")
	var stdout, stderr bytes.Buffer
	args := []string{"-profile", "smoke", "-bin", bin, "-out", out, "-workloads", "fixed", "-dops", "1", "-adaptive"}
	if err := BenchMain(context.Background(), args, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	m, err := resultsdir.ReadManifest(out)
	if err != nil || m.Plan.Rounds != 4 || m.Plan.Adaptive == nil || !m.Complete() {
		t.Fatalf("manifest %+v, %v", m, err)
	}
	if !strings.Contains(stderr.String(), "; cells: ") {
		t.Errorf("summary line without the cells' closings: %q", stderr.String())
	}
	err = BenchMain(context.Background(), append(args[:len(args)-1:len(args)-1], "-out", out+"2", "-adaptive", "-rounds", "5"), &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "-rounds 6") {
		t.Errorf("-adaptive -rounds 5: %v", err)
	}
}

// No flag of lab bench states two defaults: its own words ("default: the profile's") and the flag
// package's "(default -1)" (issue 37 item 9).
func TestBenchHelpOneDefault(t *testing.T) {
	var stderr bytes.Buffer
	if err := BenchMain(context.Background(), []string{"-h"}, io.Discard, &stderr); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h: %v", err)
	}
	// The flag package puts a flag's usage on the lines after its name; one entry per "  -name".
	for _, entry := range strings.Split(stderr.String(), "\n  -")[1:] {
		if strings.Contains(entry, "default:") && strings.Contains(entry, "(default ") {
			t.Errorf("two defaults in one flag's help: -%s", entry)
		}
	}
}
