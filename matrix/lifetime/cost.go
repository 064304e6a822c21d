package lifetime

import (
	"fmt"
	"math"
	"slices"
)

// MaxN is the longest process lifetime the analysis reaches, in operations: a long-lived server's
// million compressors.
const MaxN = 1_000_000

// Process is one variant's sample in one round of a cell: its cold series (the first operations of a
// fresh process, where every one-time cost falls) and its warm time per operation (the same round's warm
// sample: operations after the warm-up), the level beyond the cold series. WarmNs 0 means no warm
// sample: the cold series' steady level (or its last point) stands in.
type Process struct {
	Round  int
	Cold   Series
	WarmNs float64
}

// curve is a process's cumulative cost: exact at its knots (point ends), linear between them, and
// linear at slope beyond the last knot.
type curve struct {
	knots []int
	total []float64
	slope float64
}

func newCurve(p Process) (curve, error) {
	s := p.Cold
	if len(s.Points) == 0 {
		return curve{}, errEmpty
	}
	c := curve{slope: p.WarmNs}
	var t float64
	for _, pt := range s.Points {
		t += float64(pt.Ops) * pt.MeanNs
		c.knots = append(c.knots, pt.End())
		c.total = append(c.total, t)
	}
	if c.slope <= 0 {
		st, err := Classify(s)
		if err != nil {
			return curve{}, err
		}
		c.slope = st.LevelNs
	}
	if !(c.slope > 0) || math.IsInf(c.slope, 0) {
		return curve{}, fmt.Errorf("lifetime: round %d has no usable level beyond its cold series (%v ns/op)", p.Round, c.slope)
	}
	return c, nil
}

// at is the cost of the first n operations.
func (c curve) at(n int) float64 {
	i, found := slices.BinarySearch(c.knots, n)
	switch {
	case found:
		return c.total[i]
	case i == len(c.knots):
		return c.total[i-1] + float64(n-c.knots[i-1])*c.slope
	}
	prevN, prevT := 0, 0.0
	if i > 0 {
		prevN, prevT = c.knots[i-1], c.total[i-1]
	}
	return prevT + (c.total[i]-prevT)*float64(n-prevN)/float64(c.knots[i]-prevN)
}

// Grid is the lifetimes the ratio is given at: powers of two up to 2^19 and powers of ten up to MaxN.
func Grid() []int {
	var g []int
	for n := 1; n <= MaxN; n *= 2 {
		g = append(g, n)
	}
	for n := 10; n <= MaxN; n *= 10 {
		g = append(g, n)
	}
	slices.Sort(g)
	return slices.Compact(g)
}
