package stats

import (
	"math"
	"testing"
)

// Size finds the cheapest plan reaching the change: with only a round level, that is the fewest rounds
// of one instance with DetectableZ x SD / sqrt(R) <= change; an instance level makes instances
// necessary; a budget too small for it is said.
func TestSize(t *testing.T) {
	g := VarianceGroup{Platform: "p", Workload: "fixed", Backend: "libc", Phase: "cold", DOPs: []int{1}, Ops: 3000,
		Ratio: Levels{Within: 0, Process: 0, Round: 0.10, Instance: math.NaN()}, Cost: LevelCost{Process: 0.5, Round: 1, Instance: 100, Overhead: 0.1}, Instances: 1, Rounds: 100}
	lim := SizingLimits{MaxRounds: 1000, MaxInstances: 4, WarmOps: []int{20000}}
	s, reached, found := Size([]VarianceGroup{g}, 0.05, lim)
	want := int(math.Ceil(math.Pow(DetectableZ*0.10/0.05, 2))) // 32 rounds
	if !reached || !found || s.Instances != 1 || s.Rounds != want || s.Detectable > 0.05 {
		t.Errorf("round level only: %+v (reached %v); want 1 instance of %d rounds", s, reached, want)
	}
	g.Ratio.Instance = 0.03 // DetectableZ x 0.03 / sqrt(K) <= 0.05 needs K >= 3
	if s, reached, _ = Size([]VarianceGroup{g}, 0.05, lim); !reached || s.Instances < 3 || s.Detectable > 0.05 {
		t.Errorf("with an instance level: %+v (reached %v); want 3 or more instances", s, reached)
	}
	lim.Budget = 10 // seconds: too few rounds for 5%
	if s, reached, found = Size([]VarianceGroup{g}, 0.05, lim); reached || !found || s.RunnerSeconds > 10 {
		t.Errorf("a budget of 10 s: %+v (reached %v, found %v); want the closest plan within it, not reaching", s, reached, found)
	}
}
