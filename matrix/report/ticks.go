package report

import (
	"math"
	"sort"
	"strconv"

	"gonum.org/v1/plot"
)

// ratioTicks label an axis of log ratios ln(candidate/control) in percent change: the axis is
// symmetric in the ratio (halving and doubling sit at equal distances from 0), the labels say what a
// reader wants to know ("-50%", "+100%").
type ratioTicks struct {
	gap float64 // the least distance between two labels, as a share of the axis; 0: defaultTickGap
}

// tickRatios are the ratios an axis may label, roundest first: no change, halving and doubling, then
// finer steps; a ratio is labelled only when it keeps its distance from every label taken before it.
var tickRatios = []float64{1, 0.5, 2, 0.1, 10, 0.2, 5, 0.8, 1.25, 0.01, 100, 0.9, 1.1, 3, 0.3, 1.5, 0.67, 0.05, 20, 0.02, 50}

// defaultTickGap keeps at most about seven labels on an axis of a full-width chart.
const defaultTickGap = 1.0 / 7

func (t ratioTicks) Ticks(lo, hi float64) []plot.Tick {
	share := t.gap
	if share == 0 {
		share = defaultTickGap
	}
	gap := (hi - lo) * share
	var chosen []float64
	for _, r := range tickRatios {
		l := math.Log(r)
		if l < lo || l > hi {
			continue
		}
		ok := true
		for _, c := range chosen {
			ok = ok && math.Abs(math.Log(c)-l) >= gap
		}
		if ok {
			chosen = append(chosen, r)
		}
	}
	sort.Float64s(chosen)
	ts := make([]plot.Tick, len(chosen))
	for i, r := range chosen {
		ts[i] = plot.Tick{Value: math.Log(r), Label: pctLabel(r)}
	}
	return ts
}

// pctLabel writes a ratio as a percentage change: 0.5 is "-50%", 2 is "+100%", 1 is "0".
func pctLabel(r float64) string {
	p := math.Round((r - 1) * 100)
	switch {
	case p == 0:
		return "0"
	case p > 0:
		return "+" + strconv.FormatFloat(p, 'f', 0, 64) + "%"
	}
	return strconv.FormatFloat(p, 'f', 0, 64) + "%"
}

// decadeTicks label an axis of log10 values at the powers of ten (and at 2 and 5 times them when the
// axis spans less than two decades); floor, when not NaN, is where zeros are drawn and is labelled "0".
type decadeTicks struct{ floor float64 }

func (d decadeTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	mults := []float64{1}
	if hi-lo < 2 {
		mults = []float64{1, 2, 5}
	}
	for e := math.Floor(lo); e <= math.Ceil(hi); e++ {
		for _, m := range mults {
			v := e + math.Log10(m)
			if v < lo || v > hi || (!math.IsNaN(d.floor) && v < d.floor+0.3) {
				continue
			}
			ts = append(ts, plot.Tick{Value: v, Label: strconv.FormatFloat(math.Pow(10, v), 'g', 3, 64)})
		}
	}
	if !math.IsNaN(d.floor) {
		ts = append([]plot.Tick{{Value: d.floor, Label: "0"}}, ts...)
	}
	return ts
}
