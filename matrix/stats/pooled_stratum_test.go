package stats

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
)

// smallStratum is n null comparisons of K = 3 instances each, one candidate in one workload and phase at
// DOP 1..n, every instance estimate drawn from N(0, sd): a stratum whose variances are all equal.
func smallStratum(r *rand.Rand, n int, sd float64) ([]*Delta, []*Cell) {
	var ds []*Delta
	var cells []*Cell
	for i := range n {
		ys := []float64{sd * r.NormFloat64(), sd * r.NormFloat64(), sd * r.NormFloat64()}
		m, _ := moderate(ys, VarPrior{})
		ds = append(ds, &Delta{Candidate: "aa", Instances: &Instances{Moderated: m}})
		cells = append(cells, &Cell{Cell: matrix.Cell{Phase: "cold", Workload: "fixed", DOP: i + 1}})
	}
	return ds, cells
}

// TestPooledSmallStratumHoldsTheLevel is DefaultPooledBelow's reason, in Go: on strata of 4 and 8 null
// comparisons with equal variances, limma's prior alone names more than the nominal 1.9% (its scale and df
// are rough on so few log variances), and with the pooled variance also required it names at most the
// level. testdata/small-stratum.R draws the same in R with limma's squeezeVar.
func TestPooledSmallStratumHoldsTheLevel(t *testing.T) {
	const alpha, draws = 0.019, 20000
	for _, n := range []int{4, 8} {
		t.Run(fmt.Sprintf("comparisons=%d", n), func(t *testing.T) {
			rate := func(pooledBelow int) float64 {
				r := rand.New(rand.NewPCG(uint64(n), 45))
				named := 0
				for range draws {
					ds, cells := smallStratum(r, n, 0.03)
					moderateFamily(ds, cells, Options{Strata: ByCandidate, OnePrior: true, PooledBelow: pooledBelow})
					for _, d := range ds {
						if d.Instances.Moderated.P() < alpha {
							named++
						}
					}
				}
				return float64(named) / float64(draws*n)
			}
			fitted, pooled := rate(-1), rate(DefaultPooledBelow)
			t.Logf("%d comparisons: %.4f named with the fitted prior alone, %.4f with the pooled variance too (level %.3f)", n, fitted, pooled, alpha)
			if !(fitted > 1.15*alpha) {
				t.Errorf("the fitted prior alone names %.4f; the reason for DefaultPooledBelow is that it exceeds %.3f", fitted, alpha)
			}
			if !(pooled <= alpha) {
				t.Errorf("with the pooled variance too, %.4f named; want at most the level %.3f", pooled, alpha)
			}
		})
	}
}

// A stratum at PooledBelow keeps the fitted prior's p-values exactly; below it, each comparison keeps the
// larger of the fitted prior's and the pooled variance's, and carries its stratum's name.
func TestAlsoPooledKeepsTheLargerP(t *testing.T) {
	moderated := func(pooledBelow int) []Moderated {
		ds, cells := smallStratum(rand.New(rand.NewPCG(3, 3)), 6, 0.03)
		ds[0].Instances.Moderated, _ = moderate([]float64{0.030, 0.031, 0.0305}, VarPrior{}) // instances that agree closely
		moderateFamily(ds, cells, Options{Strata: ByCandidate, OnePrior: true, PooledBelow: pooledBelow})
		out := make([]Moderated, len(ds))
		for i, d := range ds {
			out[i] = d.Instances.Moderated
		}
		return out
	}
	fitted, at, below := moderated(-1), moderated(6), moderated(7)
	larger := 0
	for i := range fitted {
		if at[i] != fitted[i] {
			t.Errorf("comparison %d: a stratum of 6 at PooledBelow 6 moved: %+v, want %+v", i, at[i], fitted[i])
		}
		m := below[i]
		if m.P() < fitted[i].P() {
			t.Errorf("comparison %d: p %.4g with the pooled variance too, below the fitted prior's %.4g", i, m.P(), fitted[i].P())
		}
		if m.P() > fitted[i].P() {
			larger++
		}
		if m.Pooled != (m.P() > fitted[i].P()) || fitted[i].Pooled {
			t.Errorf("comparison %d: Pooled %v (fitted prior's: %v) with p %.4g against the fitted prior's %.4g; want it set exactly when the pooled variance decided", i, m.Pooled, fitted[i].Pooled, m.P(), fitted[i].P())
		}
		if m.PriorOf != "aa" {
			t.Errorf("comparison %d carries %q; want its stratum, aa", i, m.PriorOf)
		}
	}
	if larger == 0 {
		t.Error("the pooled variance decided none of the six comparisons: the test does not exercise it")
	}
}
