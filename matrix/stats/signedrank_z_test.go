package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSignedRankZAtMatchesRanks: the one-sort statistic is signedRankZ of the shifted differences with
// absRanks' ranks, to the bit, on differences with many ties (rounded), a few, none, and at shifts that
// make some of them zero.
func TestSignedRankZAtMatchesRanks(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, round := range []float64{0.5, 0.05, 0} {
		for _, n := range []int{1, 7, 36, 80} {
			x := make([]float64, n)
			for i := range x {
				x[i] = r.NormFloat64()
				if round > 0 {
					x[i] = math.Round(x[i]/round) * round
				}
			}
			for _, d := range []float64{0, x[0], x[n/2], -0.3, 0.21, 5} {
				var xd []float64
				for _, v := range x {
					if v-d != 0 {
						xd = append(xd, v-d)
					}
				}
				want := 0.0
				if len(xd) > 0 {
					ranks, _ := absRanks(xd)
					want = signedRankZ(xd, ranks)
				}
				if got := signedRankZAt(x, d); math.Float64bits(got) != math.Float64bits(want) {
					t.Errorf("%d differences rounded to %v, shift %v: %v, want %v", n, round, d, got, want)
				}
			}
		}
	}
}
