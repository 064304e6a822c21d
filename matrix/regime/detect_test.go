package regime

import (
	"math"
	"slices"
	"testing"
)

func TestDetect(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		name       string
		values     []float64
		flagged    bool
		low, high  int // group sizes (0, 0: fewer than MinValues usable values)
		contiguous bool
		changeAt   int
		ignored    int
	}{
		{"empty", nil, false, 0, 0, false, -1, 0},
		{"too few", []float64{10, 30, 10}, false, 0, 0, false, -1, 0},
		{"identical", []float64{10, 10, 10, 10, 10}, false, 1, 4, true, 1, 0},
		{"noise", []float64{100, 102, 99, 101, 103, 98, 100, 101, 99, 102}, false, -1, -1, false, -1, 0},
		{"level change", []float64{13, 13.2, 13.1, 13.4, 32, 33, 31.8, 32.5, 33.1, 32.2}, true, 4, 6, true, 4, 0},
		{"faster later", []float64{35, 36, 36.4, 13.5, 14.4, 13.8, 13.2, 13.8, 14.2, 13.9}, true, 7, 3, true, 3, 0},
		{"scattered", []float64{13, 32, 13.2, 33, 13.1, 13.4, 31.8, 13.3, 13.5, 32.2}, true, 6, 4, false, -1, 0},
		{"one slow round", []float64{26.5, 26.2, 26.6, 26.4, 26.3, 26.8, 38.6, 26.4, 26.6, 26.5}, false, 9, 1, false, -1, 0}, // an outlier: MinRounds
		{"two slow rounds", []float64{26.5, 26.2, 38.1, 26.4, 26.3, 26.8, 38.6, 26.4, 26.6, 26.5}, true, 8, 2, false, -1, 0},
		{"small step", []float64{100, 101, 100, 102, 115, 116, 115, 117, 116, 115}, false, 4, 6, true, 4, 0},
		{"unusable values", []float64{13, nan, 13.2, -1, 13.1, 0, 32, inf, 33, 31.8}, true, 3, 3, true, 6, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Detect(tt.values, Options{})
			if r.Flagged != tt.flagged || r.Ignored != tt.ignored {
				t.Fatalf("flagged %v ignored %d, want %v and %d (%+v)", r.Flagged, r.Ignored, tt.flagged, tt.ignored, r)
			}
			if tt.low < 0 { // unflagged noise: the split is arbitrary
				return
			}
			if r.Low.N != tt.low || r.High.N != tt.high || r.Contiguous != tt.contiguous || r.ChangeAt != tt.changeAt {
				t.Errorf("groups %d/%d contiguous %v at %d, want %d/%d %v at %d", r.Low.N, r.High.N, r.Contiguous, r.ChangeAt, tt.low, tt.high, tt.contiguous, tt.changeAt)
			}
			if r.Low.N > 0 && !(r.Low.Median <= r.High.Median) {
				t.Errorf("low median %v above high median %v", r.Low.Median, r.High.Median)
			}
			all := slices.Concat(r.Low.Index, r.High.Index)
			slices.Sort(all)
			if len(all) != len(tt.values)-tt.ignored && r.Low.N > 0 {
				t.Errorf("groups cover %d values, want %d", len(all), len(tt.values)-tt.ignored)
			}
		})
	}
}

func TestThresholds(t *testing.T) {
	step := []float64{100, 101, 100, 102, 115, 116, 115, 117, 116, 115} // 1.13x, well separated
	if Detect(step, Options{}).Flagged {
		t.Fatal("default flags a 1.13x step")
	}
	if !Detect(step, Options{MinRatio: 1.1}).Flagged {
		t.Error("MinRatio 1.1 does not flag a 1.13x step")
	}
	if Detect(step, Options{MinRatio: 1.1, MinSeparation: 100}).Flagged {
		t.Error("MinSeparation 100 flags a step 10-20 SDs wide")
	}
}
