package stats

import (
	"math"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
)

// TestDistanceFromBound: the pool's time over reuse's, paired by round, from analysed samples: a pool
// 10% slower in every round is at ratio 1.10 with an interval around it; rounds in which one side is
// missing are left out; too few pairs give no interval; a cell without reuse or the candidate gives none.
func TestDistanceFromBound(t *testing.T) {
	const pool = "pooled/8"
	build := func(n int, ratio func(i int) float64, drop int) []matrix.Sample {
		var ss []matrix.Sample
		for i := range n {
			base := 20 + float64(i%3) // the rounds differ; the pairs share each round's level
			ss = append(ss, sample("control", i, 0, base), sample(ReuseBound, i, 1, base))
			if i != drop {
				ss = append(ss, sample(pool, i, 2, base*ratio(i)))
			}
		}
		return ss
	}
	tests := []struct {
		name      string
		samples   []matrix.Sample
		candidate string
		ok        bool
		pairs     int
		ratio     float64 // NaN: any
		thin      bool
	}{
		{"slower", build(12, func(i int) float64 { return 1.10 + 0.01*float64(i%4-2) }, -1), pool, true, 12, 1.095, false},
		{"faster", build(12, func(i int) float64 { return 0.95 + 0.002*float64(i%5) }, -1), pool, true, 12, 0.954, false},
		{"missing round", build(12, func(i int) float64 { return 1.2 + 0.01*float64(i%3-1) }, 3), pool, true, 11, 1.2, false},
		{"thin", build(4, func(int) float64 { return 1.2 }, -1), pool, true, 4, 1.2, true},
		{"the bound itself", build(12, func(int) float64 { return 1 }, -1), ReuseBound, false, 0, math.NaN(), true},
		{"absent candidate", build(12, func(int) float64 { return 1 }, -1), "pooled/12", false, 0, math.NaN(), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := Analyze(tt.samples, Options{})
			if err != nil {
				t.Fatal(err)
			}
			d, ok := a.Cells[0].DistanceFromBound(tt.candidate, Elapsed, DefaultConfidence)
			if ok != tt.ok {
				t.Fatalf("ok %v, want %v", ok, tt.ok)
			}
			if !ok {
				return
			}
			if d.Pairs != tt.pairs || d.Thin() != tt.thin || math.Abs(d.Ratio-tt.ratio) > 0.005 {
				t.Fatalf("%+v: want %d pairs, ratio %.3f, thin %v", d, tt.pairs, tt.ratio, tt.thin)
			}
			c, lo, hi := d.Percent()
			if !tt.thin && !(lo <= c && c <= hi && d.Lo <= d.Ratio && d.Ratio <= d.Hi && d.Confidence >= DefaultConfidence) {
				t.Fatalf("%+v: percent %.2f [%.2f, %.2f]: the interval must hold the estimate at %v", d, c, lo, hi, DefaultConfidence)
			}
			if tt.thin && !math.IsInf(hi, 1) {
				t.Fatalf("%+v: a thin distance has no interval, got hi %v", d, hi)
			}
		})
	}
}

// TestDistanceOfNoPairs: without pairs the distance is NaN and says so.
func TestDistanceOfNoPairs(t *testing.T) {
	d := distanceOf("pooled/8", Elapsed.Name, nil, DefaultConfidence)
	if c, _, _ := d.Percent(); !d.Thin() || !math.IsNaN(c) || !math.IsNaN(d.Ratio) {
		t.Fatalf("%+v: want NaN and thin", d)
	}
}
