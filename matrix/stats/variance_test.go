package stats

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// nestedTruth is a nested random-effects model of one cell group's log time per operation: an instance
// effect, a round effect (shared by every process of the round), a process effect, and per-operation noise
// inside a process (each timeline bin of n operations varies by PerOp / sqrt(n)); candidates other than aa
// also vary with their rounds (RoundX) and instances (InstanceX) against control.
type nestedTruth struct {
	Instance, Round, Process, PerOp float64
	RoundX, InstanceX               float64
}

// simulate draws one merged run of the model: instances x rounds of cells, each round running control,
// aa and two candidates in fresh processes of ops operations, with their timelines.
func simulate(rng *rand.Rand, tr nestedTruth, instances, rounds, ops int) []matrix.Sample {
	variants := []string{"control", matrix.AA, "pooled/8", "splitalloc"}
	dops := []int{4, 8, 12} // one contention group on 2 processors
	var out []matrix.Sample
	start := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	for i := range instances {
		run := fmt.Sprintf("run%d", i)
		inst := rng.NormFloat64() * tr.Instance
		instX := map[string]float64{}
		for _, v := range variants[2:] {
			instX[v] = rng.NormFloat64() * tr.InstanceX
		}
		for r := range rounds {
			for ci, dop := range dops {
				round := rng.NormFloat64() * tr.Round
				for pos, v := range variants {
					a := 10 + 0.1*float64(ci) + inst + round + rng.NormFloat64()*tr.Process
					if pos >= 2 {
						a += 0.05 + instX[v] + rng.NormFloat64()*tr.RoundX
					}
					tl := make([]int64, hostresult.Bins(ops))
					var elapsed int64
					for k := range tl {
						n := float64(hostresult.BinOps(k, ops))
						shape := 0.5 / float64(k+1) // slower first operations, the same in every process
						noise := 0.0                // the first operations' times are left exact: the within level does not read them
						if n >= MinBinOps {
							noise = rng.NormFloat64() * tr.PerOp / math.Sqrt(n)
						}
						tl[k] = int64(n * math.Exp(a+shape+noise))
						elapsed += tl[k]
					}
					res := &hostresult.Result{Variant: v, Phase: "warm", DOP: dop, Ops: ops, ElapsedNs: elapsed, TimelineNs: tl,
						OutputBytes: 100, Digest: "d", Env: hostresult.Env{NumCPU: 2}}
					out = append(out, matrix.Sample{Run: run, Variant: v, Round: r, Position: pos, OK: true,
						Cell:   matrix.Cell{Platform: "linux/amd64", Workload: "fixed", DOP: dop, Phase: "warm", Backend: "libc"},
						WallNs: elapsed + 5e7, Start: start, Result: res})
					start = start.Add(time.Duration(elapsed + 5e7))
				}
			}
		}
	}
	return out
}

// TestVarianceComponentsRecoverNested simulates merged runs with known components and checks that the
// estimates recover them: averaged over 60 simulated runs, every estimated variance within 15% of the
// true one (25% for instances, of which there are only 10 per run; the method of moments is unbiased
// before truncation at 0), and the costs add up.
func TestVarianceComponentsRecoverNested(t *testing.T) {
	const ops = 20000
	tr := nestedTruth{Instance: 0.03, Round: 0.05, Process: 0.04, PerOp: 3, RoundX: 0.04, InstanceX: 0.03}
	n := 0 // the operations of the bins the within level reads
	for k := range hostresult.Bins(ops) {
		if b := hostresult.BinOps(k, ops); b >= MinBinOps {
			n += b
		}
	}
	w := tr.PerOp * tr.PerOp / float64(n) // one process's within-process variance
	// Three of four candidates vary with rounds and instances (aa does not): the pooled ratio carries 2/3.
	wantRatio := Levels{Within: 2 * w, Process: 2 * sq(tr.Process), Round: sq(tr.RoundX) * 2 / 3, Instance: sq(tr.InstanceX) * 2 / 3}
	wantCtrl := Levels{Within: w, Process: sq(tr.Process), Round: sq(tr.Round), Instance: sq(tr.Instance)}
	const sims = 60
	var gotRatio, gotCtrl Levels
	rng := rand.New(rand.NewPCG(1, 2))
	for range sims {
		a, err := Analyze(simulate(rng, tr, 10, 12, ops), Options{Metrics: []Metric{Elapsed}})
		if err != nil {
			t.Fatal(err)
		}
		gs := a.VarianceComponents()
		if again := a.VarianceComponents(); !reflect.DeepEqual(again, gs) { // cells.json's last digits too
			t.Fatalf("VarianceComponents twice on one analysis: %+v, then %+v", gs, again)
		}
		if len(gs) != 1 || !gs[0].Contention || len(gs[0].DOPs) != 3 || gs[0].Instances != 10 || gs[0].Ops != ops {
			t.Fatalf("groups %+v: want one contention group of DOPs 4, 8, 12 over 10 instances", gs)
		}
		g := gs[0]
		if want := 4 * 12 * 3; g.Rounds != 10*12*3 || g.Processes != want*10 {
			t.Errorf("rounds %d, processes %d: want %d and %d", g.Rounds, g.Processes, 10*12*3, want*10)
		}
		if g.Cost.Round < 4*g.Cost.Process*0.99 || g.Cost.Overhead < 0.0499 || g.Cost.Overhead > 0.0501 || g.Cost.Instance <= g.Cost.Round {
			t.Errorf("costs %+v: a round is four processes, the overhead 0.05 s, an instance many rounds", g.Cost)
		}
		gotRatio, gotCtrl = addSq(gotRatio, g.Ratio, sims), addSq(gotCtrl, g.Control, sims)
	}
	for _, c := range []struct {
		name      string
		got, want Levels
	}{{"log ratio", gotRatio, wantRatio}, {"control's log time", gotCtrl, wantCtrl}} {
		for _, l := range []struct {
			level          string
			got, want, tol float64
		}{{"within", c.got.Within, c.want.Within, 0.15}, {"process", c.got.Process, c.want.Process, 0.15},
			{"round", c.got.Round, c.want.Round, 0.15}, {"instance", c.got.Instance, c.want.Instance, 0.25}} {
			if math.Abs(l.got/l.want-1) > l.tol {
				t.Errorf("%s, %s level: mean estimated variance %.3g, true %.3g (SD %.4f vs %.4f)", c.name, l.level, l.got, l.want, math.Sqrt(l.got), math.Sqrt(l.want))
			}
		}
	}
}

// TestVarianceComponentsOneInstance: a single run has no instance level (NaN), and a run without aa
// cannot split rounds from processes.
func TestVarianceComponentsOneInstance(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tr := nestedTruth{Instance: 0.03, Round: 0.05, Process: 0.04, PerOp: 3}
	var noAA []matrix.Sample
	all := simulate(rng, tr, 1, 12, 3000)
	for _, s := range all {
		if s.Variant != matrix.AA {
			noAA = append(noAA, s)
		}
	}
	for _, ss := range [][]matrix.Sample{all, noAA} {
		a, err := Analyze(ss, Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := a.VarianceComponents()[0]
		if !math.IsNaN(g.Ratio.Instance) || !math.IsNaN(g.Control.Instance) {
			t.Errorf("one instance: instance levels %v, %v, want NaN", g.Ratio.Instance, g.Control.Instance)
		}
		if hasAA := len(ss) == len(all); hasAA == math.IsNaN(g.Control.Process) {
			t.Errorf("aa present %v: control's process level %v", hasAA, g.Control.Process)
		}
	}
}

func sq(x float64) float64 { return x * x }

// addSq adds l's variances, divided by n, to sum.
func addSq(sum, l Levels, n float64) Levels {
	return Levels{sum.Within + sq(l.Within)/n, sum.Process + sq(l.Process)/n, sum.Round + sq(l.Round)/n, sum.Instance + sq(l.Instance)/n}
}
