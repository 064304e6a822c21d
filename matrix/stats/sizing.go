package stats

import (
	"math"
)

// Sizing is a plan's size at the three levels a user can repeat at: warm operations per process, rounds
// per instance and runner instances (replica legs), with what it promises for the primary family and what
// it costs (Kalibera and Jones, ISMM 2013: repeat most where variance is cheapest to average out).
type Sizing struct {
	WarmOps, Rounds, Instances int
	// Detectable is the largest, over the cell groups, smallest change (a log ratio) the plan detects
	// with 80% power at 5% (DetectableZ standard errors), and Worst the group it belongs to.
	Detectable float64
	Worst      string
	// Seconds is the runner time of one instance; RunnerSeconds of all of them, per platform.
	Seconds, RunnerSeconds float64
}

// SizingLimits bound the search: the most rounds per instance and instances, and the warm operations
// per process to try.
type SizingLimits struct {
	MaxRounds, MaxInstances int
	WarmOps                 []int
	// Budget, when positive, is the most runner seconds per platform a plan may take.
	Budget float64
	// Period, when above 1, makes every plan's rounds a multiple of it (at least one period): the
	// rotation's period (matrix.Plan.Period), over which a round order is balanced.
	Period int
}

// roundSteps are the round counts Size tries: 2..MaxRounds, or the multiples of Period up to it.
func (lim SizingLimits) roundSteps() (first, step int) {
	if lim.Period <= 1 {
		return 2, 1
	}
	return (2 + lim.Period - 1) / lim.Period * lim.Period, lim.Period
}

// GroupDetectable is a group's detectable change for a plan of warmOps (warm groups; a cold group keeps
// its pilot's operations: they define what cold measures), rounds and instances: the variance of a
// cell's mean log ratio is instance^2 / K + (round^2 + process^2 + within^2) / (R K), the within level
// scaled from the pilot's operations to the plan's.
func GroupDetectable(g VarianceGroup, warmOps, rounds, instances int) float64 {
	l := g.Ratio
	within := l.Within
	if g.Phase == "warm" && g.Ops > 0 && !math.IsNaN(within) {
		within *= math.Sqrt(float64(g.Ops) / float64(warmOps))
	}
	v := 0.0
	for _, x := range []float64{l.Round, l.Process, within} {
		if !math.IsNaN(x) {
			v += x * x
		}
	}
	v /= float64(rounds * instances)
	if !math.IsNaN(l.Instance) {
		v += l.Instance * l.Instance / float64(instances)
	}
	return DetectableZ * math.Sqrt(v)
}

// roundSeconds is one round of every cell of a group at warmOps: each process's overhead plus its
// operations at the pilot's time per operation.
func roundSeconds(g VarianceGroup, warmOps int) float64 {
	cells := float64(len(g.DOPs))
	if g.Phase != "warm" || g.Ops == 0 || g.Cost.Process <= 0 {
		return cells * g.Cost.Round
	}
	perOp := (g.Cost.Process - g.Cost.Overhead) / float64(g.Ops)
	return cells * g.Cost.Round * (g.Cost.Overhead + perOp*float64(warmOps)) / g.Cost.Process
}

// instanceOverhead is what a pilot's instance cost beyond its rounds (hosts' calibration, gaps between
// processes), per instance.
func instanceOverhead(groups []VarianceGroup) float64 {
	span, rounds := math.NaN(), 0.0
	for _, g := range groups {
		if g.Instances == 0 {
			continue
		}
		span = g.Cost.Instance
		rounds += float64(g.Rounds) / float64(g.Instances) * g.Cost.Round
	}
	if math.IsNaN(span) {
		return 0
	}
	return max(0, span-rounds)
}

// Size finds the cheapest plan (least runner time per platform) whose detectable change is at most
// change (a log ratio) in every group of the pilot. When none within the limits reaches it, it returns
// the plan with the smallest detectable change, and reached false; found is false when no plan fits the
// budget at all.
func Size(groups []VarianceGroup, change float64, lim SizingLimits) (best Sizing, reached, found bool) {
	overhead := instanceOverhead(groups)
	first := true
	r0, step := lim.roundSteps()
	for _, ops := range lim.WarmOps {
		for k := 1; k <= lim.MaxInstances; k++ {
			for r := r0; r <= lim.MaxRounds; r += step {
				s := Sizing{WarmOps: ops, Rounds: r, Instances: k, Seconds: overhead}
				for _, g := range groups {
					if d := GroupDetectable(g, ops, r, k); d > s.Detectable || s.Worst == "" {
						s.Detectable, s.Worst = d, g.Name()
					}
					s.Seconds += float64(r) * roundSeconds(g, ops)
				}
				s.RunnerSeconds = s.Seconds * float64(k)
				if lim.Budget > 0 && s.RunnerSeconds > lim.Budget {
					break // more rounds only cost more
				}
				ok := s.Detectable <= change
				switch {
				case first, ok && !reached, ok && s.RunnerSeconds < best.RunnerSeconds, !ok && !reached && s.Detectable < best.Detectable:
					best, reached, first = s, reached || ok, false
				}
				if ok {
					break // more rounds at this K and ops only cost more
				}
			}
		}
	}
	return best, reached, !first
}

// Name is the group as the report names it: "fixed/libc warm, DOP 1 (latency)".
func (g VarianceGroup) Name() string {
	kind := "latency"
	if g.Contention {
		kind = "contention"
	}
	return g.Platform + " " + g.Workload + "/" + g.Backend + " " + g.Phase + ", " + kind
}
