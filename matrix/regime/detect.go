package regime

import (
	"math"
	"slices"
	"sort"
)

// Options are Detect's thresholds. The zero value means Default.
type Options struct {
	// MinRatio is the smallest speed ratio between the two groups' neighbouring values (the faster end of
	// the slower group over the slower end of the faster one) that counts as two speeds.
	MinRatio float64
	// MinSeparation is the smallest gap between the groups, in robust standard deviations of the values
	// around their own group's median (the pooled MAD, scaled to a normal's SD).
	MinSeparation float64
	// MinValues is the fewest usable values a series needs before it can be flagged.
	MinValues int
	// MinShare is the smallest share of the usable values the smaller group must hold: a speed seen in
	// fewer rounds than that is an outlier, which the rank statistics withstand, not a state of the
	// machine that the verdict must be withheld for.
	MinShare float64
	// MinRounds is the fewest values the smaller group must hold: one odd round is an outlier whatever the
	// share it makes of a short series (under adaptive rounds 8 of 18 flags were a single round of 6-10).
	MinRounds int
}

// Default is the detector the lab uses; docs/METHOD.md justifies each figure.
var Default = Options{
	// 1.3: above the widest neighbour gap of any series without a visible switch in the committed full
	// run (1.25, pooled/8 libc mixed DOP 4 cold), below the smallest switch the lab must catch (1.5x).
	MinRatio: 1.3,
	// 4 robust SDs: clean series' gaps are rarely more than 3 (the largest gap among 10 normal draws is
	// about 1 SD on average); a 1.5x switch over the 1-5% noise of real cells is 8 or more.
	MinSeparation: 4,
	// 4: a split needs values on both sides and a spread to compare the gap with.
	MinValues: 4,
	// 0.1: one round in ten. A quiet 36-round rerun of the +161% cells (docs/METHOD.md) had 2-3 rounds of
	// 36 (6-8%) at twice the time, scattered, in cells whose other rounds agree; the switches the lab must
	// catch hold 30-70% of the rounds, and the committed run's two-speed series at least 1 of 10.
	MinShare: 0.1,
	// 2: one round is not a state of the machine (issue 27).
	MinRounds: 2,
}

// spreadFloor is the smallest within-group spread (in log units, ~0.5%) the separation divides by, so that
// identical values (a fake host, a quantised clock) never make a tiny gap look infinitely separated.
const spreadFloor = 0.005

// madScale turns a median absolute deviation into a normal's standard deviation.
const madScale = 1.4826

// Group is one speed group of a flagged series.
type Group struct {
	Median float64 // of the group's values, in the input's unit
	N      int
	Index  []int // positions in the input series, ascending
}

// Result is Detect's answer for one series.
type Result struct {
	Flagged bool
	// Low and High are the faster and slower groups (lower and higher values) at the widest gap; set
	// whenever there are at least MinValues usable values, flagged or not.
	Low, High Group
	// Ratio is the gap as a speed ratio: the lowest value of High over the highest value of Low.
	Ratio float64
	// Separation is the gap in robust standard deviations of the within-group noise.
	Separation float64
	// Contiguous reports whether the groups form one level change in input order: every value of one
	// group comes before every value of the other. ChangeAt is then the position of the first value after
	// the change; -1 otherwise.
	Contiguous bool
	ChangeAt   int
	// Ignored counts values left out because they are not positive and finite (no logarithm).
	Ignored int
}

// Detect looks for two speed groups in values (a variant's per-round values in one cell, in the order
// the rounds ran). It never panics: unusable values are counted in Ignored, and a series with fewer than
// MinValues usable values is never flagged.
func Detect(values []float64, opt Options) Result {
	opt = opt.withDefaults()
	res := Result{ChangeAt: -1}
	var pts []point
	for i, v := range values {
		if !(v > 0) || math.IsInf(v, 0) {
			res.Ignored++
			continue
		}
		pts = append(pts, point{math.Log(v), i})
	}
	if len(pts) < opt.MinValues {
		return res
	}
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].log < pts[j].log })
	logs := make([]float64, len(pts))
	for i, p := range pts {
		logs[i] = p.log
	}
	best, bestSep := -1, math.Inf(-1)
	for k := 1; k < len(logs); k++ {
		gap := logs[k] - logs[k-1]
		if sep := gap / withinSpread(logs[:k], logs[k:]); sep > bestSep {
			best, bestSep = k, sep
		}
	}
	low, high := pts[:best], pts[best:]
	res.Separation = bestSep
	res.Ratio = math.Exp(logs[best] - logs[best-1])
	res.Low, res.High = group(values, low), group(values, high)
	minority := float64(min(len(low), len(high))) / float64(len(pts))
	res.Flagged = res.Ratio >= opt.MinRatio && bestSep >= opt.MinSeparation && minority >= opt.MinShare-1e-9 &&
		min(len(low), len(high)) >= opt.MinRounds
	res.Contiguous, res.ChangeAt = contiguous(res.Low.Index, res.High.Index)
	return res
}

func (o Options) withDefaults() Options {
	if o.MinRatio == 0 {
		o.MinRatio = Default.MinRatio
	}
	if o.MinSeparation == 0 {
		o.MinSeparation = Default.MinSeparation
	}
	if o.MinValues == 0 {
		o.MinValues = Default.MinValues
	}
	if o.MinShare == 0 {
		o.MinShare = Default.MinShare
	}
	if o.MinRounds == 0 {
		o.MinRounds = Default.MinRounds
	}
	o.MinValues = max(o.MinValues, 2)
	return o
}

// withinSpread is the robust standard deviation of the values around their own group's median: the
// median of the absolute deviations of both groups together, scaled, floored at spreadFloor.
func withinSpread(a, b []float64) float64 {
	dev := make([]float64, 0, len(a)+len(b))
	for _, g := range [][]float64{a, b} {
		m := median(g)
		for _, x := range g {
			dev = append(dev, math.Abs(x-m))
		}
	}
	return max(madScale*median(dev), spreadFloor)
}

// median of xs (which it does not modify); NaN when empty.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// point is one usable value: its logarithm and its position in the input.
type point struct {
	log float64
	idx int
}

// group summarises the points of one group in the input's unit.
func group(values []float64, pts []point) Group {
	g := Group{N: len(pts)}
	vals := make([]float64, 0, len(pts))
	for _, p := range pts {
		g.Index = append(g.Index, p.idx)
		vals = append(vals, values[p.idx])
	}
	slices.Sort(g.Index)
	g.Median = median(vals)
	return g
}

// contiguous reports whether one index set lies wholly before the other, and where the second begins.
func contiguous(a, b []int) (bool, int) {
	if len(a) == 0 || len(b) == 0 {
		return false, -1
	}
	switch {
	case a[len(a)-1] < b[0]:
		return true, b[0]
	case b[len(b)-1] < a[0]:
		return true, a[0]
	}
	return false, -1
}
