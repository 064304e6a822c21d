package lifetime

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// The synthetic processes the classifier is measured on: a DOP-1 cold sample of syntheticOps
// operations, recorded as the host records it (the first exactOps exactly, then log2 bins), whose
// per-operation level is known, with log-normal noise and occasional slow outliers.
const (
	syntheticOps = 3000  // the full profile's cold phase
	exactOps     = 256   // host.Result.FirstOpsNs's length per worker
	baseNs       = 47000 // control's warm operation on libc in the committed full run
	noiseSigma   = 0.10  // log-scale noise of one operation
	spikeProb    = 0.01  // share of operations slowed 2-5x (preemption, an interrupt)
)

// synthetic is one generated process and what the classifier should find.
type synthetic struct {
	series Series
	class  Class
	start  int // operations before the steady state
}

// level returns the per-operation level of operation i for a generated class.
type level func(i int) float64

// generate draws one process's durations from lv and records them as the host would at DOP 1.
func generate(r *rand.Rand, lv level, exact int) Series { return generateDOP(r, lv, exact, 1) }

// generateDOP is generate with dop workers taking the process's operations in turn (operation i is
// worker i mod dop's), each keeping its own first exact operations.
func generateDOP(r *rand.Rand, lv level, exact, dop int) Series {
	first := make([][]int64, dop)
	bins := map[int]int64{}
	for i := range syntheticOps {
		d := lv(i) * math.Exp(r.NormFloat64()*noiseSigma)
		if r.Float64() < spikeProb {
			d *= 2 + 3*r.Float64()
		}
		ns := int64(d)
		if w := i % dop; len(first[w]) < exact {
			first[w] = append(first[w], ns)
		}
		bins[binOf(i)] += ns
	}
	var bs []Bin
	for k := 0; k <= binOf(syntheticOps-1); k++ {
		lo, hi := 1, 1
		if k > 0 {
			lo, hi = 1<<(k-1)+1, min(1<<k, syntheticOps)
		}
		bs = append(bs, Bin{First: lo, Last: hi, SumNs: bins[k]})
	}
	var ex [][]int64
	if exact > 0 {
		ex = first
	}
	s, err := NewSeries(ex, bs, syntheticOps)
	if err != nil {
		panic(err)
	}
	return s
}

// binOf is host.Bin, restated (this package imports nothing of the project).
func binOf(i int) int {
	if i <= 0 {
		return 0
	}
	return bits.Len(uint(i))
}

// syntheticSet draws n processes of each class with exact first operations (exact > 0) or bins only.
func syntheticSet(seed uint64, n, exact int) []synthetic {
	r := rand.New(rand.NewPCG(seed, 19))
	var out []synthetic
	for range n {
		// flat: one level throughout.
		out = append(out, synthetic{generate(r, func(int) float64 { return baseNs }, exact), Flat, 0})
		// warmup: the first k operations m times slower (k within the exact part).
		k, m := 1+r.IntN(200), 2+4*r.Float64()
		out = append(out, synthetic{generate(r, func(i int) float64 {
			if i < k {
				return m * baseNs
			}
			return baseNs
		}, exact), Warmup, k})
		// slowdown: a slow first operation, a fast stretch, then a slower steady state from operation k.
		k2 := 20 + r.IntN(180)
		out = append(out, synthetic{generate(r, func(i int) float64 {
			switch {
			case i == 0:
				return 5 * baseNs
			case i < k2:
				return baseNs
			}
			return 1.5 * baseNs
		}, exact), Slowdown, k2})
		// no steady state: the level keeps moving to the end, in steps or as a trend.
		if r.IntN(2) == 0 {
			out = append(out, synthetic{generate(r, func(i int) float64 {
				return baseNs * math.Pow(1.25, float64(i/500))
			}, exact), NoSteadyState, -1})
		} else {
			out = append(out, synthetic{generate(r, func(i int) float64 {
				return baseNs * (1 + float64(i)/syntheticOps)
			}, exact), NoSteadyState, -1})
		}
	}
	return out
}
