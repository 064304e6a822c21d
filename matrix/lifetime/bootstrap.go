package lifetime

import (
	"math"
	"math/rand/v2"
	"sort"
)

// Resamples is how many paired resamples the Bootstrap method draws.
const Resamples = 2000

// bootstrap sets cmp's ratio intervals and be's bounds by the paired percentile bootstrap (Bootstrap):
// pairs resampled with replacement, each ratio's interval between the percentiles of its resampled
// ratios, its p-value twice the share on the far side of 1, the break-even's interval between the
// percentiles of the resampled break-evens. diffs and sums give, for a resample's pair indices, the
// difference of the summed curves at the knots and the summed candidate and control totals on the grid
// then the knots.
func bootstrap(cmp *Comparison, be *BreakEven, pairs int, seed uint64, diffs func([]int) []float64, sums func([]int) ([]float64, []float64), knots []int, sign int) {
	r := rand.New(rand.NewPCG(seed, uint64(pairs)))
	idx := make([]int, pairs)
	ratios := make([][]float64, len(cmp.Ratios))
	var bes []float64
	for range Resamples {
		for i := range idx {
			idx[i] = r.IntN(pairs)
		}
		ra, rb := sums(idx)
		for j := range cmp.Ratios {
			ratios[j] = append(ratios[j], ra[j]/rb[j])
		}
		if sign != 0 {
			bes = append(bes, float64(breakEven(knots, diffs(idx), sign)))
		}
	}
	for j := range cmp.Ratios {
		ra := &cmp.Ratios[j]
		sort.Float64s(ratios[j])
		ra.boot, ra.Confidence = ratios[j], Confidence
		ra.Lo, ra.Hi = percentiles(ra.boot, Confidence)
		ra.P = bootstrapP(ra.boot)
	}
	if sign != 0 {
		sort.Float64s(bes)
		be.Lo, be.Hi = percentiles(bes, Confidence)
	}
	be.ResamplesTotal = Resamples
	be.Decided = cmp.Ratios[len(cmp.Ratios)-1].Excludes1()
}

// bootstrapP is the two-sided p-value for a ratio of 1 from sorted resampled ratios: twice the share on
// the side of 1 that holds fewer of them, ties at 1 counted on that side, at most 1.
func bootstrapP(sorted []float64) float64 {
	below := sort.SearchFloat64s(sorted, 1) // < 1
	atOrBelow := sort.Search(len(sorted), func(i int) bool { return sorted[i] > 1 })
	above := len(sorted) - atOrBelow // > 1
	far := min(below, above) + (atOrBelow - below)
	return min(1, 2*float64(far)/float64(len(sorted)))
}

// percentiles are the (1-conf)/2 and (1+conf)/2 percentiles of v, which is sorted, the nearest-rank
// ones; +Inf (math.MaxInt break-evens) sort last.
func percentiles(v []float64, conf float64) (lo, hi float64) {
	at := func(q float64) float64 {
		i := int(math.Ceil(q*float64(len(v)))) - 1
		x := v[min(max(i, 0), len(v)-1)]
		if x >= math.MaxInt {
			return math.Inf(1)
		}
		return x
	}
	return at((1 - conf) / 2), at((1 + conf) / 2)
}
