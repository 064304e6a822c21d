package runner

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

// Bad input is refused before anything runs: no results directory appears. (What only a command line
// can get wrong - a stray argument, -dops one, -replica 3/2, -pool-capacity 8,x - is cmd/lab's
// TestBenchFlagErrors.)
func TestBenchBadInput(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	empty := t.TempDir()
	tests := []struct {
		o    BenchOptions
		want string
	}{
		{BenchOptions{Profile: "huge"}, `unknown profile "huge"; allowed: [smoke quick full service]`},
		{BenchOptions{Variants: []string{"control", "bogus"}}, `unknown variant "bogus"; allowed: ` + fmt.Sprint(CandidateNames())},
		{BenchOptions{Workloads: []string{"zip"}}, `unknown workload "zip"; allowed: ` + fmt.Sprint(workload.Names())},
		{BenchOptions{Phases: []string{"hot"}}, `unknown phase "hot"`},
		{BenchOptions{DOPs: []int{1, 0}}, "DOP 0 is outside 1..1024"},
		{BenchOptions{DOPs: []int{300000}}, "DOP 300000 is outside 1..1024"},
		{BenchOptions{Variants: []string{"pooled", "splitalloc"}}, "have no control"},
		{BenchOptions{Timeout: -time.Second}, "-timeout -1s is negative"},
		{BenchOptions{RetryFailed: true}, "give -resume -out"},
		{BenchOptions{Backends: []string{"bogus"}}, `-backends: unknown backend "bogus"`},
		{BenchOptions{Backends: []string{"crt"}}, `-backends: unknown backend "crt"`},
		{BenchOptions{Platform: "windows/amd64"}, "missing host binary " + filepath.Join(bin, "host-control.exe")},
		{BenchOptions{Rounds: ptr(0)}, "rounds 0 is outside 1..1000"},
		{BenchOptions{Rounds: ptr(1000000000)}, "rounds 1000000000 is outside 1..1000 (MaxRounds"},
		{BenchOptions{ColdOps: ptr(2000000)}, "each at most 1000000 (MaxOps"},
		{BenchOptions{Warmup: ptr(1000001)}, "each at most 1000000 (MaxOps"},
		{BenchOptions{Resample: ptr(2000)}, "resample maxExtra 2000: want an even number of rounds, 2..1000"},
		{BenchOptions{Resample: ptr(3)}, "-resample 3: want 0 (off) or an even number"},
		{BenchOptions{DOPs: []int{1, 1}}, "DOP 1 given twice"},
		{BenchOptions{Workloads: []string{"fixed", "fixed"}}, `workload "fixed" given twice`},
		{BenchOptions{Variants: []string{"control", "aa", "aa"}}, `variant "aa" given twice`},
		{BenchOptions{PoolCapacity: []int{8, 8}}, `variant "pooled/8" given twice`},
		{BenchOptions{Replica: &matrix.Replica{Index: 1, Count: 2}, Order: "shuffle"}, "give -seed too"},
		{BenchOptions{Order: "alpha"}, `order "alpha" is not one of [rotate shuffle]`},
		{BenchOptions{Pairing: "both"}, `-pairing "both": allowed: alternating or duet`},
		{BenchOptions{ZlibNG: "2.2.4"}, `-zlibng "2.2.4": allowed:`},
		{BenchOptions{Progress: "loud"}, `-progress "loud": allowed: auto, lines, none`},
		{BenchOptions{Backends: []string{"tcmalloc"}}, `unknown backend "tcmalloc"; the hosts have [goheap pages]`},
		{BenchOptions{Backends: []string{"pages", "default"}}, `backend "pages" given twice`},
		{BenchOptions{Bin: empty}, "missing host binary " + filepath.Join(empty, "host-control")},
		{BenchOptions{PoolCapacity: []int{0}}, `pooled capacity must be an integer 1..1024: got "0"`},
		{BenchOptions{PoolCapacity: []int{2000}}, `pooled capacity must be an integer 1..1024: got "2000"`},
		{BenchOptions{PoolCapacity: []int{}}, "-pool-capacity is empty"},
		{BenchOptions{Variants: []string{"control", "splitalloc"}, PoolCapacity: []int{12}}, "include no pooled"},
		{BenchOptions{Variants: []string{"control", "pooled/abc"}}, `variant "pooled/abc": pooled capacity must be an integer 1..1024: got "abc"`},
	}
	for _, tt := range tests {
		out := filepath.Join(t.TempDir(), "results")
		o := tt.o
		o.Profile, o.Out = cmp.Or(o.Profile, "smoke"), out
		o.Bin = cmp.Or(o.Bin, bin)
		var stdout, stderr bytes.Buffer
		err := Bench(context.Background(), o, &stdout, &stderr)
		var ue *matrix.InvalidError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: error %v, want a usage error (exit 2) saying %q", tt.o, err, tt.want)
		}
		if _, statErr := os.Stat(out); statErr == nil {
			t.Errorf("%+v: %s was created", tt.o, out)
		}
	}
	if err := Bench(context.Background(), BenchOptions{Resume: true}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "-resume needs -out") {
		t.Errorf("-resume alone: %v", err)
	}
}

func TestBenchRunsAndResumes(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	out := filepath.Join(t.TempDir(), "results")
	var stdout, stderr bytes.Buffer
	o := BenchOptions{Profile: "smoke", Bin: bin, Out: out, Workloads: []string{"mixed"}, DOPs: []int{3}, Order: "shuffle"}
	if err := Bench(context.Background(), o, &stdout, &stderr); err != nil {
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
	if err := Bench(context.Background(), BenchOptions{Bin: bin, Out: out, Resume: true, Rounds: ptr(9)}, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "drop -rounds") {
		t.Errorf("resume with a plan flag: %v", err)
	}
	if err := Bench(context.Background(), resumeOf(bin, out), &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if s := readAll(t, out); len(s) != m.Planned {
		t.Errorf("%d samples after a no-op resume, want %d", len(s), m.Planned)
	}
}

// lab bench -adaptive on the smoke profile (3 rounds) caps at 4, whole batches; its summary line says how
// the cells closed, and an explicit odd -rounds is refused with the fix.
func TestBenchAdaptive(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	out := filepath.Join(t.TempDir(), "results")
	var stdout, stderr bytes.Buffer
	o := BenchOptions{Profile: "smoke", Bin: bin, Out: out, Workloads: []string{"fixed"}, DOPs: []int{1}, Adaptive: ptr(true)}
	if err := Bench(context.Background(), o, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	m, err := resultsdir.ReadManifest(out)
	if err != nil || m.Plan.Rounds != 4 || m.Plan.Adaptive == nil || !m.Complete() {
		t.Fatalf("manifest %+v, %v", m, err)
	}
	if !strings.Contains(stderr.String(), "; cells: ") {
		t.Errorf("summary line without the cells' closings: %q", stderr.String())
	}
	o.Out, o.Rounds = out+"2", ptr(5)
	err = Bench(context.Background(), o, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "-rounds 6") {
		t.Errorf("-adaptive -rounds 5: %v", err)
	}
}

// lab bench -layouts: a profile's rotation turned off, and counts that cannot rotate evenly refused
// naming -layouts and what it allows, before anything runs.
func TestBenchLayouts(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	for _, tc := range []struct {
		o       BenchOptions
		wantErr string
		layouts []int64
	}{
		{BenchOptions{Profile: "quick", Layouts: ptr(3)}, "-layouts 3 with 10 rounds: rounds must be a multiple of the layouts, so that every layout gets equal rounds (give -rounds 12", nil},
		{BenchOptions{Profile: "smoke", Layouts: ptr(17)}, "-layouts 17: allowed: 0 or 1 (one layout per candidate), or 2..16", nil},
		{BenchOptions{Profile: "smoke", Layouts: ptr(-1)}, "-layouts -1: allowed", nil},
		{BenchOptions{Profile: "quick", Rounds: ptr(7)}, "-layouts 2 with 7 rounds", nil}, // the profile's rotation
		{BenchOptions{Profile: "quick", Layouts: ptr(5)}, "", []int64{101, 102, 103, 104, 105}},
		{BenchOptions{Profile: "quick", Layouts: ptr(1)}, "", nil},
		{BenchOptions{Profile: "quick"}, "", []int64{101, 102}},
		{BenchOptions{Profile: "smoke"}, "", nil},
	} {
		tc.o.Bin = bin
		p, _ := ProfileByName(tc.o.Profile)
		plan, err := tc.o.narrow(p.Plan)
		if err == nil {
			err = ValidatePlan(plan)
		}
		if tc.wantErr == "" {
			if err != nil || !slices.Equal(plan.Layouts, tc.layouts) {
				t.Errorf("%s -layouts %v: %v, layouts %v, want %v", tc.o.Profile, tc.o.Args(), err, plan.Layouts, tc.layouts)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("%v: %v, want %q", tc.o.Args(), err, tc.wantErr)
		}
		if err := Bench(context.Background(), tc.o, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("Bench %v: %v, want %q", tc.o.Args(), err, tc.wantErr)
		}
	}
}

// Every PlanSettings row keeps its invariant - not given in the zero options, and each of its Values
// is what Get gives back after Set, so that Args round-trips (cmd/lab's TestBenchArgsRoundTrip parses
// them back) - and every field of BenchOptions is some row's: set through every row, none is zero.
func TestPlanSettingsRows(t *testing.T) {
	var all BenchOptions
	names := map[string]bool{}
	for _, s := range PlanSettings {
		if s.Name != strings.ToLower(s.Name) || strings.ContainsAny(s.Name, "_ ") || s.Set == nil || s.Get == nil || names[s.Name] {
			t.Errorf("row %q: want a lower-case dashed name of its own and Set and Get", s.Name)
		}
		names[s.Name] = true
		if v, ok := s.Get(BenchOptions{}); ok {
			t.Errorf("-%s: given (%q) in the zero options", s.Name, v)
		}
		if len(s.Values) == 0 {
			t.Errorf("-%s: no Values to try", s.Name)
		}
		for _, v := range s.Values {
			var o BenchOptions
			if err := s.Set(&o, v); err != nil {
				t.Errorf("-%s %s: %v", s.Name, v, err)
			}
			if got, ok := s.Get(o); !ok || got != v {
				t.Errorf("-%s %s: Get gives %q, %v", s.Name, v, got, ok)
			}
		}
		if len(s.Values) > 0 {
			s.Set(&all, s.Values[0])
		}
		if (s.Env == "") != (s.Doc == "") || (s.Env == "") != (s.Default == "") || (s.Input != "" && s.Env == "") {
			t.Errorf("-%s: Env %q with Doc %q, Default %q and Input %q: a variable has its USAGE row, an input its variable", s.Name, s.Env, s.Doc, s.Default, s.Input)
		}
	}
	fields := reflect.ValueOf(all)
	for i := range fields.NumField() {
		if fields.Field(i).IsZero() {
			t.Errorf("BenchOptions.%s is no row's: every field is a row of PlanSettings", fields.Type().Field(i).Name)
		}
	}
	for _, bad := range []struct{ name, v string }{{"pairing", "both"}, {"rounds", "x"}, {"adaptive", "yes"}, {"dops", "0"}, {"replica", "3/2"}} {
		for _, s := range PlanSettings {
			if s.Name == bad.name && s.Set(&BenchOptions{}, bad.v) == nil {
				t.Errorf("-%s %s: taken, want it refused", s.Name, bad.v)
			}
		}
	}
}
