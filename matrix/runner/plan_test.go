package runner

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/workload"
)

func testPlan() matrix.Plan {
	p, _ := ProfileByName("smoke")
	plan := p.Plan
	plan.Platform = "fakeos/fakearch"
	plan.Backends = []string{"pages"}
	return plan
}

func TestPlanExpansion(t *testing.T) {
	p := testPlan()
	p.DOPs = []int{1, 4, 8}
	p.Backends = []string{"goheap", "pages"}
	p.Rounds = 6
	cells := p.Cells()
	if want := len(p.Workloads) * len(p.Phases) * len(p.DOPs) * len(p.Backends); len(cells) != want {
		t.Fatalf("%d cells, want %d", len(cells), want)
	}
	seen := map[matrix.SampleKey]bool{}
	n := 0
	for ci, c := range cells {
		for _, j := range p.Jobs(ci, c) {
			k := matrix.SampleKey{Cell: j.Cell, Round: j.Round, Variant: j.Variant}
			if seen[k] {
				t.Fatalf("job %+v twice", j)
			}
			seen[k] = true
			n++
		}
	}
	if want := len(cells) * 6 * len(p.Variants); n != p.Samples() || n != want {
		t.Fatalf("%d jobs, Samples() = %d, want %d", n, p.Samples(), want)
	}
	if got := strings.Join(hostArgs(p, matrix.Job{Cell: cells[0], Variant: "pooled"}), " "); !strings.Contains(got, "-variant pooled -workload fixed -dop 1 -phase cold -ops 20 -warmup 0 -backend goheap") {
		t.Errorf("hostArgs = %q", got)
	}
}

// Rotation is a Williams design: over one period each variant takes each position equally often, and
// each variant directly follows each other variant equally often.
func TestRotationBalance(t *testing.T) {
	for n := 1; n <= 6; n++ {
		p := matrix.Plan{Order: matrix.Rotate}
		for i := range n {
			p.Variants = append(p.Variants, fmt.Sprint("v", i))
		}
		period := n
		if n%2 == 1 {
			period = 2 * n
		}
		pos := map[[2]string]int{}
		follows := map[[2]string]int{}
		for r := range 2 * period {
			order := p.RoundOrder(0, r)
			if got := slices.Sorted(slices.Values(order)); !slices.Equal(got, p.Variants) {
				t.Fatalf("n=%d round %d: %v is not a permutation", n, r, order)
			}
			for i, v := range order {
				pos[[2]string{v, fmt.Sprint(i)}]++
				if i > 0 {
					follows[[2]string{order[i-1], v}]++
				}
			}
		}
		for k, c := range pos {
			if c != 2*period/n {
				t.Errorf("n=%d: %s at position %s %d times, want %d", n, k[0], k[1], c, 2*period/n)
			}
		}
		if n > 1 {
			if len(follows) != n*(n-1) {
				t.Errorf("n=%d: %d ordered neighbour pairs, want %d", n, len(follows), n*(n-1))
			}
			for k, c := range follows {
				if c != 2*period*(n-1)/(n*(n-1)) {
					t.Errorf("n=%d: %s then %s %d times", n, k[0], k[1], c)
				}
			}
		}
	}
}

// Position balance also holds over any multiple of n rounds, as the smoke and quick profiles use.
func TestProfilesBalanced(t *testing.T) {
	for _, prof := range Profiles() {
		n := len(prof.Plan.Variants)
		if prof.Plan.Rounds%n != 0 {
			t.Errorf("profile %s: %d rounds is not a multiple of %d variants", prof.Name, prof.Plan.Rounds, n)
		}
		pos := map[string][]int{}
		for r := range prof.Plan.Rounds {
			for i, v := range prof.Plan.RoundOrder(0, r) {
				if pos[v] == nil {
					pos[v] = make([]int, n)
				}
				pos[v][i]++
			}
		}
		for v, counts := range pos {
			for i, c := range counts {
				if c != prof.Plan.Rounds/n {
					t.Errorf("profile %s: %s at position %d %d times", prof.Name, v, i, c)
				}
			}
		}
	}
	// quick and full are also balanced for carry-over: each variant directly follows each other one
	// equally often, which needs a whole number of the rotation's periods (n for even n, 2n for odd).
	for _, name := range []string{"quick", "full"} {
		prof, _ := ProfileByName(name)
		n := len(prof.Plan.Variants)
		follows := map[[2]string]int{}
		for r := range prof.Plan.Rounds {
			order := prof.Plan.RoundOrder(0, r)
			for i := 1; i < n; i++ {
				follows[[2]string{order[i-1], order[i]}]++
			}
		}
		want := prof.Plan.Rounds * (n - 1) / (n * (n - 1))
		if len(follows) != n*(n-1) {
			t.Errorf("profile %s: %d ordered pairs follow each other, want all %d", name, len(follows), n*(n-1))
		}
		for k, c := range follows {
			if c != want {
				t.Errorf("profile %s: %s directly before %s %d times, want %d", name, k[0], k[1], c, want)
			}
		}
	}
	full, _ := ProfileByName("full")
	if full.Plan.Rounds < 10 || full.Plan.ColdOps != 3000 || full.Plan.WarmOps != 20000 || full.Plan.Warmup != 2000 ||
		!slices.Equal(full.Plan.DOPs, []int{1, 4, 8, 12}) || !slices.Equal(full.Plan.Workloads, []string{"fixed", "mixed", "stream"}) {
		t.Errorf("full profile is not the seeds' protocol: %+v", full.Plan)
	}
}

func TestShuffleDeterministic(t *testing.T) {
	p := testPlan()
	p.Order, p.Seed = matrix.Shuffle, 12345
	firsts := map[string]int{}
	for r := range 60 {
		a, b := p.RoundOrder(3, r), p.RoundOrder(3, r)
		if !slices.Equal(a, b) {
			t.Fatalf("round %d: %v then %v", r, a, b)
		}
		if got := slices.Sorted(slices.Values(a)); !slices.Equal(got, slices.Sorted(slices.Values(p.Variants))) {
			t.Fatalf("round %d: %v is not a permutation", r, a)
		}
		firsts[a[0]]++
	}
	if len(firsts) != len(p.Variants) {
		t.Errorf("over 60 shuffled rounds only %v went first", firsts)
	}
}

func TestPlanValidate(t *testing.T) {
	tests := []struct {
		edit func(*matrix.Plan)
		want string
	}{
		{func(p *matrix.Plan) { p.Variants = []string{"control", "bogus"} }, `unknown variant "bogus"; allowed: ` + fmt.Sprint(CandidateNames())},
		{func(p *matrix.Plan) { p.Variants = []string{"control", "control"} }, `variant "control" given twice`},
		{func(p *matrix.Plan) { p.Workloads = []string{"nope"} }, `unknown workload "nope"; allowed: ` + fmt.Sprint(workload.Names())},
		{func(p *matrix.Plan) { p.Phases = []string{"hot"} }, `unknown phase "hot"; allowed: [cold warm]`},
		{func(p *matrix.Plan) { p.DOPs = []int{4, 0} }, "DOP 0 is outside 1..1024"},
		{func(p *matrix.Plan) { p.DOPs = []int{300000} }, "DOP 300000 is outside 1..1024"},
		{func(p *matrix.Plan) { p.Variants = []string{"pooled", "splitalloc"} }, "have no control"},
		{func(p *matrix.Plan) { p.DOPs = nil }, "no DOPs"},
		{func(p *matrix.Plan) { p.Rounds = 0 }, "rounds 0 is outside 1..1000"},
		{func(p *matrix.Plan) { p.Rounds = matrix.MaxRounds + 1 }, "rounds 1001 is outside 1..1000 (MaxRounds"},
		{func(p *matrix.Plan) { p.WarmOps = matrix.MaxOps + 1 }, "warm ops 1000001"},
		{func(p *matrix.Plan) { p.DOPs = []int{1, 2, 1} }, "DOP 1 given twice"},
		{func(p *matrix.Plan) { p.Order = "random" }, `order "random" is not one of [rotate shuffle]`},
		{func(p *matrix.Plan) { p.PayloadRandom = 2 }, "random fraction 2"},
		{func(p *matrix.Plan) { p.ZlibNG = "2.2.9" }, `matrix: zlibng: deflate: zlib-ng generation "2.2.9" is not one of 2.2.5, 2.2.2`},
		{func(p *matrix.Plan) { p.Variants = nil }, "no variants"},
	}
	for _, tt := range tests {
		p := testPlan()
		tt.edit(&p)
		err := ValidatePlan(p)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ValidatePlan() = %v, want %q", err, tt.want)
		}
	}
	if err := testPlan().Validate(); err != nil {
		t.Errorf("smoke plan: %v", err)
	}
}

// The plan warns when its rounds are not whole periods of the balanced order, for the number of variants
// the registry gives it (a fourth host variant changes the period).
func TestPlanWarnsUnbalancedRounds(t *testing.T) {
	quick, _ := ProfileByName("quick")
	full, _ := ProfileByName("full")
	for _, p := range []matrix.Plan{quick.Plan, full.Plan} {
		n, k := len(p.Variants), p.Period()
		if want := map[bool]int{true: n, false: 2 * n}[n%2 == 0]; k != want {
			t.Errorf("%s: period %d for %d variants, want %d", p.Profile, k, n, want)
		}
		if got := p.Warnings(); (p.Rounds%k != 0) != (len(got) > 0) {
			t.Errorf("%s: %d rounds, period %d: warnings %q", p.Profile, p.Rounds, k, got)
		}
		p.Variants = append(p.Variants, "pooled/99") // one candidate more: another period
		p.Rounds = p.Period() + 1
		if got := p.Warnings(); len(got) != 1 || !strings.Contains(got[0], fmt.Sprintf("%d rounds are not a multiple of %d", p.Rounds, p.Period())) {
			t.Errorf("%s with %d variants, %d rounds: warnings %q", p.Profile, len(p.Variants), p.Rounds, got)
		}
		p.Rounds = 2 * p.Period()
		if got := p.Warnings(); len(got) != 0 {
			t.Errorf("%s, two periods: warnings %q", p.Profile, got)
		}
	}
}
