package report

import (
	"math"

	"gonum.org/v1/plot"
)

// ratioTicks label an axis of log ratios ln(candidate/control) in percent change, at even steps: the
// ratios f^k for the smallest factor f of tickFactors that keeps two labels at least gap of the axis apart.
// The axis is symmetric in the ratio (halving and doubling sit at equal distances from 0), so the ticks are
// evenly spaced and "no change" is always one of them; the labels say what a reader wants to know
// ("-50%", "+100%").
type ratioTicks struct {
	gap    float64 // the least distance between two labels, as a share of the axis; 0: defaultTickGap
	factor float64 // the step's factor, fixed by span; 0: chosen from the axis's length
}

// tickFactors are the steps a ratio axis may take, smallest first: +-5%, +-10%, -20%/+25%,
// halving and doubling, then coarser.
var tickFactors = []float64{1.05, 1.1, 1.25, 2, 4, 10, 100}

// defaultTickGap keeps at most about seven labels on an axis of a full-width chart.
const defaultTickGap = 1.0 / 7

func (t ratioTicks) Ticks(lo, hi float64) []plot.Tick {
	f, step := t.step(lo, hi)
	var ts []plot.Tick
	for k := math.Ceil(lo/step - 1e-9); k*step <= hi+1e-9; k++ {
		r := math.Pow(f, k)
		ts = append(ts, plot.Tick{Value: k * step, Label: pctChange(r)})
	}
	return ts
}

// share is the least distance between two labels, as a share of the axis.
func (t ratioTicks) share() float64 {
	if t.gap == 0 {
		return defaultTickGap
	}
	return t.gap
}

// step is the factor between neighbouring ticks on [lo, hi], and its log: t.factor when set, else the
// smallest of tickFactors that keeps two labels t.gap of the axis apart.
func (t ratioTicks) step(lo, hi float64) (f, logF float64) {
	if t.factor != 0 {
		return t.factor, math.Log(t.factor)
	}
	gap := (hi - lo) * t.share()
	f = tickFactors[len(tickFactors)-1]
	for _, c := range tickFactors {
		if math.Log(c) >= gap {
			f = c
			break
		}
	}
	return f, math.Log(f)
}

// span widens [lo, hi] to the ticks just outside it, so that both ends of the axis carry a label and a
// reader sees how far it reaches (an axis that stopped between two ticks left an end unlabelled, as the
// lifetime chart's panels did), and returns the marker that draws those ticks: its factor fixed, the
// smallest that keeps the labels t.gap of the widened axis apart.
func (t ratioTicks) span(lo, hi float64) (ratioTicks, float64, float64) {
	f, _ := t.step(lo, hi)
	share := t.share()
	snap := func(c float64) (float64, float64) {
		step := math.Log(c)
		return math.Floor(lo/step+1e-9) * step, math.Ceil(hi/step-1e-9) * step
	}
	for _, c := range tickFactors {
		if wlo, whi := snap(c); c >= f && math.Log(c) >= share*(whi-wlo) {
			return ratioTicks{gap: t.gap, factor: c}, wlo, whi
		}
	}
	last := tickFactors[len(tickFactors)-1] // an axis beyond a hundredfold either way: its labels may crowd
	wlo, whi := snap(last)
	return ratioTicks{gap: t.gap, factor: last}, wlo, whi
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
			ts = append(ts, plot.Tick{Value: v, Label: tickNum(math.Pow(10, v))})
		}
	}
	if !math.IsNaN(d.floor) {
		ts = append([]plot.Tick{{Value: d.floor, Label: "0"}}, ts...)
	}
	return ts
}

// log10Ticks are raw's ticks (a marker for an axis of raw values on a log scale) on an axis of their
// log10 values: a linear axis standing in for a log scale (lifeX says why).
type log10Ticks struct{ raw plot.Ticker }

func (t log10Ticks) Ticks(lo, hi float64) []plot.Tick {
	// Widened by a hair: 10^log10(500) may come back as 499.99999999999994, and the end tick with it.
	ts := t.raw.Ticks(math.Pow(10, lo)*(1-1e-12), math.Pow(10, hi)*(1+1e-12))
	for i := range ts {
		ts[i].Value = math.Log10(ts[i].Value)
	}
	return ts
}

// labelledTop is where a log axis of raw values from lo should end to hold top with a label at its end:
// the first 1, 2 or 5 times a power of ten at or above top while logValueTicks labels those (under two
// decades), else the first power of ten.
func labelledTop(lo, top float64) float64 {
	e := math.Floor(math.Log10(top))
	for _, m := range []float64{1, 2, 5} {
		if c := m * math.Pow(10, e); c >= top && math.Log10(c/lo) < 2 {
			return c
		}
	}
	return math.Pow(10, e+1)
}

// logValueTicks label a log-scaled axis of raw values at 1, 2 and 5 times the powers of ten when it spans
// under two decades (so that a short axis has more than two labels), at the powers of ten otherwise, with
// unlabelled ticks at the other multiples: the steps of a log axis, evenly spaced per decade.
type logValueTicks struct{}

func (logValueTicks) Ticks(lo, hi float64) []plot.Tick {
	if lo <= 0 || hi <= lo {
		return nil
	}
	labelled := []float64{1}
	if math.Log10(hi/lo) < 2 {
		labelled = []float64{1, 2, 5}
	}
	var ts []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		for m := 1.0; m < 10; m++ {
			v := m * math.Pow(10, e)
			if v < lo || v > hi {
				continue
			}
			t := plot.Tick{Value: v}
			for _, l := range labelled {
				if m == l {
					t.Label = fixed(v, -1)
				}
			}
			ts = append(ts, t)
		}
	}
	return ts
}
