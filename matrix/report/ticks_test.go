package report

import (
	"math"
	"math/rand/v2"
	"testing"
)

// A ratio axis widened by span starts and ends on a labelled tick, holds the range it was given, widens it
// by less than one step at each end, and keeps its labels the marker's gap apart.
func TestRatioSpanEndsOnTicks(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, gap := range []float64{0, lifetimeTickGap, tradeoffXTickGap} {
		tk := ratioTicks{gap: gap}
		for range 2000 {
			lo := -math.Exp(r.Float64()*6 - 4)
			hi := math.Exp(r.Float64()*6 - 4)
			if r.IntN(4) == 0 { // a range on one side of no change
				lo = hi * r.Float64()
			}
			marker, wlo, whi := tk.span(lo, hi)
			ticks := marker.Ticks(wlo, whi)
			if len(ticks) < 2 {
				t.Fatalf("gap %v: [%v, %v] -> [%v, %v]: %d ticks", gap, lo, hi, wlo, whi, len(ticks))
			}
			first, last := ticks[0], ticks[len(ticks)-1]
			const eps = 1e-9
			if math.Abs(first.Value-wlo) > eps || math.Abs(last.Value-whi) > eps || first.Label == "" || last.Label == "" {
				t.Fatalf("gap %v: [%v, %v] -> [%v, %v]: ticks from %v (%q) to %v (%q), not at the ends", gap, lo, hi, wlo, whi,
					first.Value, first.Label, last.Value, last.Label)
			}
			_, step := marker.step(wlo, whi)
			if wlo > lo+eps || whi < hi-eps || lo-wlo >= step+eps || whi-hi >= step+eps {
				t.Fatalf("gap %v: [%v, %v] -> [%v, %v] with step %v", gap, lo, hi, wlo, whi, step)
			}
			if f, _ := tk.step(lo, hi); marker.factor < f || (step < tk.share()*(whi-wlo)-eps && marker.factor != tickFactors[len(tickFactors)-1]) {
				t.Fatalf("gap %v: [%v, %v] -> [%v, %v]: factor %v, labels closer than %v of the axis", gap, lo, hi, wlo, whi, marker.factor, tk.share())
			}
		}
	}
}

// A timeline's value axis ends on a labelled tick: labelledTop's value is one log10Ticks labels (on the
// log10 axis the timeline draws), at or above the top asked for and below ten times it.
func TestLabelledTop(t *testing.T) {
	for _, lo := range []float64{0.1, 1, 10, 100} {
		for top := lo * 1.1; top < lo*5000; top *= 1.37 {
			end := labelledTop(lo, top)
			ticks := (log10Ticks{logValueTicks{}}).Ticks(math.Log10(lo), math.Log10(end))
			last := ticks[len(ticks)-1]
			if end < top || end >= 10*top || math.Abs(last.Value-math.Log10(end)) > 1e-9 || last.Label == "" {
				t.Errorf("lo %v, top %v: ends at %v, last tick %v %q", lo, top, end, last.Value, last.Label)
			}
		}
	}
}
