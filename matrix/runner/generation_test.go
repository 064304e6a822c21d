package runner

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

func TestPlanGeneration(t *testing.T) {
	tests := []struct {
		zlibng   matrix.Generation
		gen      matrix.Generation
		valid    bool
		hostFlag []string // what the hosts are told
	}{
		{"", "2.2.2", true, nil}, // a plan recorded before the field: 2.2.2, and its hosts have no -zlibng
		{"2.2.5", "2.2.5", true, []string{"-zlibng", "2.2.5"}},
		{"2.2.2", "2.2.2", true, []string{"-zlibng", "2.2.2"}},
		{"2.2.1", "2.2.1", false, nil},
		{"latest", "latest", false, nil},
	}
	for _, tt := range tests {
		p := testPlan()
		p.ZlibNG = tt.zlibng
		if g := p.Generation(); g != tt.gen {
			t.Errorf("zlibng %q: Generation() = %q, want %q", tt.zlibng, g, tt.gen)
		}
		err := p.Validate()
		if (err == nil) != tt.valid {
			t.Errorf("zlibng %q: Validate() = %v, want valid %v", tt.zlibng, err, tt.valid)
		}
		if err != nil && !strings.Contains(err.Error(), "zlibng") || err != nil && !strings.Contains(err.Error(), "2.2.5, 2.2.2") {
			t.Errorf("zlibng %q: error %q does not name the field and the allowed values", tt.zlibng, err)
		}
		if !tt.valid {
			continue
		}
		args := hostArgs(p, p.Jobs(0, p.Cells()[0])[0])
		i := slices.Index(args, "-zlibng")
		switch {
		case tt.hostFlag == nil && i >= 0:
			t.Errorf("zlibng %q: host args %v pass -zlibng", tt.zlibng, args)
		case tt.hostFlag != nil && (i < 0 || !slices.Equal(args[i:i+2], tt.hostFlag)):
			t.Errorf("zlibng %q: host args %v, want %v", tt.zlibng, args, tt.hostFlag)
		}
	}
	for _, p := range Profiles() {
		if p.Plan.ZlibNG != matrix.DefaultZlibNG {
			t.Errorf("profile %s runs zlib-ng %q, want the default %s", p.Name, p.Plan.ZlibNG, matrix.DefaultZlibNG)
		}
	}
}

func TestGenerationWords(t *testing.T) {
	for g, want := range map[matrix.Generation]string{
		"":      "zlib-ng 2.2.2 (.NET 9's generation",
		"2.2.2": "zlib-ng 2.2.2 (.NET 9's generation",
		"2.2.5": "zlib-ng 2.2.5 (.NET 10 and later)",
		"9.9.9": "zlib-ng 9.9.9 (a generation this lab does not know)",
	} {
		if got := matrix.ZlibNGOf(g).Words(); !strings.HasPrefix(got, want) {
			t.Errorf("ZlibNGOf(%q).Words() = %q, want it to start %q", g, got, want)
		}
	}
}

// lab bench -zlibng: a bad value is a usage error naming the flag and the allowed values; a good one
// reaches run.json's plan and every sample; a resume under another generation is refused before
// anything runs, the same one is accepted.
func TestBenchZlibNG(t *testing.T) {
	bin, _ := fakeHosts(t, "ok")
	out := filepath.Join(t.TempDir(), "results")
	var stderr bytes.Buffer
	run := func(o BenchOptions) error {
		o.Bin, o.Out = bin, out
		return Bench(context.Background(), o, &bytes.Buffer{}, &stderr)
	}
	var ue *matrix.InvalidError
	if err := run(BenchOptions{Profile: "smoke", ZlibNG: "2.2.4"}); !errors.As(err, &ue) || !strings.Contains(err.Error(), `-zlibng "2.2.4": allowed: 2.2.5 = zlib-ng 2.2.5 (.NET 10 and later); 2.2.2 = zlib-ng 2.2.2`) {
		t.Fatalf("-zlibng 2.2.4: %v, want a usage error naming the flag and the allowed values", err)
	}
	if err := run(BenchOptions{Profile: "smoke", Workloads: []string{"stream"}, DOPs: []int{1}, ZlibNG: "2.2.2"}); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	m, err := resultsdir.ReadManifest(out)
	if err != nil || m.Plan.ZlibNG != "2.2.2" || !strings.HasPrefix(m.ZlibNGDescription, "zlib-ng 2.2.2 (.NET 9's generation") {
		t.Fatalf("run.json plan zlibng %q, %q, %v; want 2.2.2 and its words", m.Plan.ZlibNG, m.ZlibNGDescription, err)
	}
	for _, s := range readAll(t, out) {
		if s.Result == nil || s.Result.ZlibNG != "2.2.2" {
			t.Fatalf("sample %+v does not record 2.2.2", s.Result)
		}
	}
	if err := run(BenchOptions{Resume: true, ZlibNG: "2.2.5"}); !errors.As(err, &ue) || !strings.Contains(err.Error(), "ran zlib-ng 2.2.2, and a run holds one generation") {
		t.Errorf("-resume -zlibng 2.2.5 of a 2.2.2 run: %v, want a usage error", err)
	}
	if err := run(BenchOptions{Resume: true, ZlibNG: "2.2.2"}); err != nil {
		t.Errorf("-resume -zlibng 2.2.2 of a 2.2.2 run: %v", err)
	}
}

// Hosts built before -zlibng cannot run a plan that names a generation: the runner says so before any
// sample, rather than letting every host fail on the flag.
func TestPrepareOldHosts(t *testing.T) {
	r := fakeRunner(t, "describeold")
	r.Plan.ZlibNG = "2.2.5"
	_, err := r.Prepare(context.Background())
	var ue *matrix.InvalidError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "not the plan's 2.2.5; rebuild the hosts") {
		t.Fatalf("Prepare with hosts older than -zlibng: %v", err)
	}
	r.Plan.ZlibNG = "" // an old plan: no generation asked, none checked
	if _, err := r.Prepare(context.Background()); err != nil {
		t.Fatalf("old plan, old hosts: %v", err)
	}
}

// A sample that ran another generation than its run's plan is left out and named; old samples without
// the field are 2.2.2, as old plans are.
func TestScreenGeneration(t *testing.T) {
	r, all := completeRun(t)
	plan := r.Plan
	for _, tt := range []struct {
		planGen, sampleGen matrix.Generation
		finding            string
	}{
		{"", "", ""},
		{"", "2.2.2", ""},
		{"2.2.2", "", ""},
		{"2.2.5", "2.2.5", ""},
		{"2.2.5", "2.2.2", "ran zlib-ng 2.2.2, but the run's plan is zlib-ng 2.2.5"},
		{"2.2.5", "", "ran zlib-ng 2.2.2, but the run's plan is zlib-ng 2.2.5"},
		{"2.2.2", "2.2.5", "ran zlib-ng 2.2.5, but the run's plan is zlib-ng 2.2.2"},
	} {
		plan.ZlibNG = tt.planGen
		ss := slices.Clone(all)
		for i := range ss {
			res := *ss[i].Result
			res.ZlibNG = map[bool]matrix.Generation{true: tt.sampleGen, false: plan.ZlibNG}[i == 3]
			ss[i].Result = &res
		}
		kept, findings := resultsdir.Screen(&plan, []string{all[0].Run}, "samples.jsonl", ss, nil)
		switch {
		case tt.finding == "" && len(findings) != 0:
			t.Errorf("plan %q, sample %q: findings %v, want none", tt.planGen, tt.sampleGen, findings)
		case tt.finding != "" && (len(findings) != 1 || findings[0].Kind != resultsdir.Unplanned || !strings.Contains(findings[0].Detail, tt.finding) || len(kept) != len(ss)-1):
			t.Errorf("plan %q, sample %q: findings %v, want one unplanned saying %q", tt.planGen, tt.sampleGen, findings, tt.finding)
		}
	}

	// End to end: a host that runs another generation than it is told is named, its samples not counted.
	r = fakeRunner(t, "othergen=pooled")
	r.Plan.ZlibNG = "2.2.5"
	r.Run(context.Background())
	m, err := resultsdir.ReadManifest(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	kept, findings, err := resultsdir.ReadRun(r.Dir, m)
	pooled := 4 * r.Plan.Rounds // pooled's samples: one per cell and round
	if err != nil || len(findings) != pooled || len(kept) != r.Plan.Samples()-pooled || !strings.Contains(findings[0].Detail, "variant=pooled/8 attempt=0: ran zlib-ng 2.2.2") {
		t.Errorf("othergen=pooled: %d kept, findings %v, %v; want pooled's %d samples named", len(kept), findings, err, pooled)
	}
}
