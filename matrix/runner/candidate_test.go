package runner

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostbin"
	"github.com/deflatelab/deflatelab/variants"
	"github.com/deflatelab/deflatelab/variants/pooled"
)

func TestParseCandidate(t *testing.T) {
	tests := []struct {
		name     string
		variant  string
		capacity int
		err      string
	}{
		{"control", "control", 0, ""},
		{"pooled", "pooled", 0, ""},
		{"pooled/8", "pooled", 8, ""},
		{"pooled/16", "pooled", 16, ""},
		{"pooled/1", "pooled", 1, ""},
		{"pooled/1024", "pooled", 1024, ""},
		{"splitalloc", "splitalloc", 0, ""},
		{"aa", "control", 0, ""},
		{"aa/8", "", 0, `unknown variant "aa/8"`},
		{"pooled/0", "", 0, `variant "pooled/0": pooled capacity must be an integer 1..1024: got "0"`},
		{"pooled/1025", "", 0, `pooled capacity must be an integer 1..1024: got "1025"`},
		{"pooled/-3", "", 0, `pooled capacity must be an integer 1..1024: got "-3"`},
		{"pooled/eight", "", 0, `pooled capacity must be an integer 1..1024: got "eight"`},
		{"pooled/", "", 0, `pooled capacity must be an integer 1..1024: got ""`},
		{"pooled/8/2", "", 0, `got "8/2"`},
		{"control/8", "", 0, `variant "control/8": only pooled takes a capacity (pooled/N)`},
		{"bogus", "", 0, `unknown variant "bogus"; allowed: ` + fmt.Sprint(CandidateNames()) + `, or pooled/N`},
		{"bogus/8", "", 0, `unknown variant "bogus/8"`},
		{"control@layout=3", "control", 0, ""},
		{"pooled/4@layout=9", "pooled", 4, ""},
		{"control@layout=0", "", 0, `variant "control@layout=0": layout seed must be an integer 1..`},
		{"control@layout=x", "", 0, `layout seed must be an integer`},
		{"control@layout=", "", 0, `layout seed must be an integer`},
		{"control@layout=03", "", 0, `layout seed must be an integer`},
		{"control@layout=3@layout=4", "", 0, `got "3@layout=4"`},
		{"aa@layout=3", "", 0, `aa has its own layout (seed 45)`},
		{"bogus@layout=3", "", 0, `unknown variant "bogus@layout=3"`},
		{"control/8@layout=3", "", 0, `only pooled takes a capacity`},
	}
	for _, tt := range tests {
		v, c, err := ParseCandidate(tt.name)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseCandidate(%q) error %v, want %q", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil || v != tt.variant || c != tt.capacity {
			t.Errorf("ParseCandidate(%q) = %q, %d, %v; want %q, %d", tt.name, v, c, err, tt.variant, tt.capacity)
		}
	}
}

// The A/A control is the control host under its own name: selectable, in the quick and full profiles
// right after control, and run with control's binary and flags.
func TestAA(t *testing.T) {
	for _, tt := range []struct{ in, want []string }{
		{[]string{"control", "pooled/8"}, []string{"control", "aa", "pooled/8"}},
		{[]string{"pooled/8", "control"}, []string{"pooled/8", "control", "aa"}},
		{[]string{"pooled/8"}, []string{"aa", "pooled/8"}},
		{[]string{"control", "aa"}, []string{"control", "aa"}},
	} {
		if got := withAA(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("withAA(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
	p := testPlan()
	p.Variants = []string{"control", "aa"}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	j := matrix.Job{Cell: p.Cells()[0], Variant: "aa"}
	aa, ctl := hostArgs(p, j), hostArgs(p, matrix.Job{Cell: j.Cell, Variant: "control"})
	if !slices.Equal(aa, ctl) || matrix.HostVariant("aa") != "control" {
		t.Errorf("aa runs host %q with %v; control runs %v", matrix.HostVariant("aa"), aa, ctl)
	}
}

// A candidate's host build: its variant, with the layout seed its binary links with (aa's fixed one).
func TestHostBuild(t *testing.T) {
	for _, tt := range []struct {
		name, build, variant string
		layout               int64
	}{
		{"control", "control", "control", 0},
		{"aa", "control@layout=45", "control", matrix.AALayout},
		{"pooled/8", "pooled", "pooled", 0},
		{"control@layout=7", "control@layout=7", "control", 7},
		{"pooled/8@layout=7", "pooled@layout=7", "pooled", 7},
		{"control@layout=x", "control", "control", 0}, // not a candidate: Validate says so
	} {
		b := matrix.HostBuild(tt.name)
		v, l := matrix.SplitHostBuild(b)
		if b != tt.build || v != tt.variant || l != tt.layout || matrix.Layout(tt.name) != tt.layout || matrix.HostVariant(tt.name) != tt.variant {
			t.Errorf("%s: build %q (%q, %d), layout %d, want %q (%q, %d)", tt.name, b, v, l, matrix.Layout(tt.name), tt.build, tt.variant, tt.layout)
		}
	}
	if !matrix.IsLayoutOf("control@layout=3", "control") || matrix.IsLayoutOf("aa", "control") || matrix.IsLayoutOf("pooled@layout=3", "control") || matrix.IsLayoutOf("control", "control") {
		t.Error("IsLayoutOf names the wrong candidates")
	}
}

func TestWithCapacities(t *testing.T) {
	tests := []struct {
		in   []string
		caps []int
		want []string
	}{
		{[]string{"control", "pooled", "splitalloc"}, []int{8}, []string{"control", "pooled/8", "splitalloc"}},
		{[]string{"control", "pooled/8", "splitalloc"}, []int{8, 12, 16}, []string{"control", "pooled/8", "pooled/12", "pooled/16", "splitalloc"}},
		{[]string{"pooled/4", "control", "pooled/8"}, []int{12}, []string{"pooled/12", "control"}},
		{[]string{"control"}, []int{8}, []string{"control"}},
	}
	for _, tt := range tests {
		if got := withCapacities(tt.in, tt.caps); !slices.Equal(got, tt.want) {
			t.Errorf("withCapacities(%v, %v) = %v, want %v", tt.in, tt.caps, got, tt.want)
		}
	}
}

// The profiles' candidates: every host variant (the registry's, in its order), with the seed's 8 slots
// for pooled everywhere, 12 and 16 beside it in the full profile, which also runs the seed's losing cell
// (mixed at DOP 4); the A/A control right after control in quick and full.
func TestProfileCandidates(t *testing.T) {
	candidates := func(aa bool, capacities ...string) []string {
		var out []string
		for _, v := range hostbin.Variants() {
			switch {
			case v == matrix.Pooled:
				for _, c := range capacities {
					out = append(out, matrix.Pooled+"/"+c)
				}
			case v == matrix.AAHost && aa:
				out = append(out, v, matrix.AA)
			default:
				out = append(out, v)
			}
		}
		return out
	}
	want := map[string][]string{
		"smoke":   candidates(false, "8"),
		"quick":   candidates(true, "8"),
		"full":    candidates(true, "8", "12", "16"),
		"service": candidates(true, "8"),
	}
	for _, prof := range Profiles() {
		if !slices.Equal(prof.Plan.Variants, want[prof.Name]) {
			t.Errorf("profile %s variants %v, want %v", prof.Name, prof.Plan.Variants, want[prof.Name])
		}
		if err := prof.Plan.Validate(); err != nil {
			t.Errorf("profile %s: %v", prof.Name, err)
		}
	}
	full, _ := ProfileByName("full")
	if !slices.Contains(full.Plan.Workloads, "mixed") || !slices.Contains(full.Plan.DOPs, 4) {
		t.Errorf("full profile lacks the mixed workload at DOP 4: %v %v", full.Plan.Workloads, full.Plan.DOPs)
	}
}

// A pooled/N candidate runs the pooled host with -pool-capacity N; other candidates pass no capacity.
func TestHostArgsCapacity(t *testing.T) {
	p := testPlan()
	cell := p.Cells()[0]
	for _, tt := range []struct{ variant, want, not string }{
		{"pooled/12", "-variant pooled -workload", "-pool-capacity 12"},
		{"pooled", "-variant pooled -workload", ""},
		{"control", "-variant control -workload", ""},
	} {
		got := strings.Join(hostArgs(p, matrix.Job{Cell: cell, Variant: tt.variant}), " ")
		if !strings.Contains(got, tt.want) {
			t.Errorf("%s: hostArgs %q, want %q", tt.variant, got, tt.want)
		}
		if tt.not != "" && !strings.HasSuffix(got, tt.not) && !strings.Contains(got, tt.not+" ") {
			t.Errorf("%s: hostArgs %q lack %q", tt.variant, got, tt.not)
		}
		if tt.not == "" && strings.Contains(got, "-pool-capacity") {
			t.Errorf("%s: hostArgs %q pass a capacity", tt.variant, got)
		}
	}
	if got := cell.BenchName("pooled/12"); !strings.HasSuffix(got, "/variant=pooled:12") {
		t.Errorf("BenchName = %q", got)
	}
}

// Each capacity is a candidate of its own: its samples carry its name and the capacity the host ran.
func TestRunCapacities(t *testing.T) {
	r := fakeRunner(t, "ok")
	r.Plan.Variants = []string{"control", "pooled/8", "pooled/12"}
	r.Plan.Phases, r.Plan.DOPs = []string{"warm"}, []int{1}
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, s := range readAll(t, r.Dir) {
		if !s.OK {
			t.Fatalf("failed sample %+v", s)
		}
		got[s.Variant] = s.Result.PoolCapacity
	}
	if len(got) != 3 || got["pooled/8"] != 8 || got["pooled/12"] != 12 || got["control"] != 0 {
		t.Errorf("candidates and capacities %v", got)
	}
	// A host that ran another capacity than asked is a failed sample, not a silent substitute.
	res := `{"variant":"pooled","workload":"fixed","dop":1,"phase":"warm","backend":"pages","ops":40,"warmup":10,"poolCapacity":8,"elapsedNs":5}`
	j := matrix.Job{Cell: matrix.Cell{Workload: "fixed", DOP: 1, Phase: "warm", Backend: "pages"}, Variant: "pooled/12"}
	if _, err := parseResult([]byte(res), r.Plan, j); err == nil || !strings.Contains(err.Error(), "pool capacity 8, asked for 12") {
		t.Errorf("capacity mismatch: %v", err)
	}
}

// TestDataReadsAnyVariant: matrix reads a candidate's form only, so that the report can read results of
// a variant this build does not link, while the runner refuses to plan one; matrix's MaxPoolCapacity is the
// variants'.
func TestDataReadsAnyVariant(t *testing.T) {
	if v, c, err := matrix.ParseCandidate("retired"); err != nil || v != "retired" || c != 0 {
		t.Errorf("matrix.ParseCandidate(retired) = %q, %d, %v; want the name read as a host variant", v, c, err)
	}
	if _, _, err := ParseCandidate("retired"); err == nil {
		t.Error("runner.ParseCandidate(retired) = nil error; want unknown variant")
	}
	for _, bad := range []string{"", "Pooled", "pooled/x", "control/8", "a b"} {
		if _, _, err := matrix.ParseCandidate(bad); err == nil {
			t.Errorf("matrix.ParseCandidate(%q) = nil error", bad)
		}
	}
	if matrix.DefaultPoolCapacity != pooled.DefaultCapacity {
		t.Errorf("matrix.DefaultPoolCapacity = %d, pooled.DefaultCapacity = %d", matrix.DefaultPoolCapacity, pooled.DefaultCapacity)
	}
	if matrix.MaxPoolCapacity != variants.MaxPoolCapacity {
		t.Errorf("matrix.MaxPoolCapacity = %d, variants.MaxPoolCapacity = %d", matrix.MaxPoolCapacity, variants.MaxPoolCapacity)
	}
}

// Every profile measures the reuse bound beside the pool of 8, so that each report can say how far the
// pool is from it (report's "The reuse bound").
func TestProfilesMeasureTheReuseBound(t *testing.T) {
	for _, prof := range Profiles() {
		if !slices.Contains(prof.Plan.Variants, "reuse") || !slices.Contains(prof.Plan.Variants, matrix.PooledAt(8)) {
			t.Errorf("profile %s variants %v: want reuse and %s", prof.Name, prof.Plan.Variants, matrix.PooledAt(8))
		}
	}
	full, _ := ProfileByName("full")
	if full.Plan.Rounds != 14 {
		t.Errorf("full profile: %d rounds, want 14 (the period of seven candidates' rotation, the first >= 12)", full.Plan.Rounds)
	}
}
