package lifetime

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// accuracy is what the classifier achieved on a synthetic set.
type accuracy struct {
	n, wrong      int
	wrongByClass  map[Class]int
	starts        int // processes with a known steady-state start classified rightly
	within0       int // of which the start was found exactly
	within2       int // within 2 operations
	withinBin     int // in the timeline bin of the true start or the next (a bins-only series' resolution)
	worstStartErr int
}

func measure(set []synthetic) accuracy {
	a := accuracy{wrongByClass: map[Class]int{}}
	for _, s := range set {
		st, err := Classify(s.series)
		if err != nil {
			panic(err)
		}
		a.n++
		if st.Class != s.class {
			a.wrong++
			a.wrongByClass[s.class]++
			continue
		}
		if s.start < 0 {
			continue
		}
		e := abs(st.Start - s.start)
		a.starts++
		if e == 0 {
			a.within0++
		}
		if e <= 2 {
			a.within2++
		}
		if d := binOf(st.Start) - binOf(s.start); d == 0 || d == 1 {
			a.withinBin++
		}
		a.worstStartErr = max(a.worstStartErr, e)
	}
	return a
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (a accuracy) String() string {
	return fmt.Sprintf("%d processes, %d misclassified (%.1f%%, by true class %v); starts: %d, exact %d (%.1f%%), within 2 ops %d (%.1f%%), "+
		"in the true start's bin or the next %d (%.1f%%), worst %d ops",
		a.n, a.wrong, 100*float64(a.wrong)/float64(a.n), a.wrongByClass, a.starts, a.within0, 100*float64(a.within0)/float64(a.starts),
		a.within2, 100*float64(a.within2)/float64(a.starts), a.withinBin, 100*float64(a.withinBin)/float64(a.starts), a.worstStartErr)
}

// TestClassifyAccuracy measures the classifier on 400 synthetic processes with exact first operations
// (100 per class: flat, warmup at a known operation, slowdown at a known operation, no steady state) and
// asserts the accuracy docs/notebook/2026-11-30-steady-state-and-lifetime-cost.md states.
func TestClassifyAccuracy(t *testing.T) {
	a := measure(syntheticSet(1, 100, exactOps))
	t.Logf("exact first %d ops: %v", exactOps, a)
	if rate := float64(a.wrong) / float64(a.n); rate > 0.03 {
		t.Errorf("misclassification %.1f%% > 3%%: %v", 100*rate, a)
	}
	if share := float64(a.within2) / float64(a.starts); share < 0.95 {
		t.Errorf("steady-state start within 2 operations in %.1f%% < 95%%: %v", 100*share, a)
	}
}

// TestClassifyBinsOnly measures the classifier on the same kind of processes recorded as log2 bins only
// (results from hosts before the exact first operations): the start is found to the bin, and warmups
// are still told from flat series.
func TestClassifyBinsOnly(t *testing.T) {
	a := measure(syntheticSet(2, 100, 0))
	t.Logf("bins only: %v", a)
	if rate := float64(a.wrong) / float64(a.n); rate > 0.05 {
		t.Errorf("bins only: misclassification %.1f%% > 5%%: %v", 100*rate, a)
	}
	if share := float64(a.withinBin) / float64(a.starts); share < 0.95 {
		t.Errorf("bins only: start in the true start's bin or the next in %.1f%% < 95%%: %v", 100*share, a)
	}
}

// TestClassifyDOP2: at DOP 2 each exact point is the two workers' operations at one position, so a
// warmup's start is found to within the two operations a point covers.
func TestClassifyDOP2(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 19))
	found := 0
	const n = 100
	for range n {
		k := 2 + r.IntN(300)
		s := generateDOP(r, func(i int) float64 { return baseNs * (1 + 3*b(i < k)) }, exactOps, 2)
		st, err := Classify(s)
		if err != nil {
			t.Fatal(err)
		}
		if st.Class == Warmup && abs(st.Start-k) <= 2 {
			found++
		}
	}
	t.Logf("DOP 2: %d of %d warmups classified and started within 2 operations", found, n)
	if found < 95 {
		t.Errorf("DOP 2: %d of %d warmups found within 2 operations, want >= 95", found, n)
	}
}

func TestClassifyCases(t *testing.T) {
	flat := func(int) float64 { return baseNs }
	cases := []struct {
		name  string
		ns    []float64
		class Class
		start int
	}{
		{"noiseless flat", repeat(100, flat), Flat, 0},
		{"noiseless warmup at 17", repeat(100, func(i int) float64 { return baseNs * (1 + 4*b(i < 17)) }), Warmup, 17},
		{"single first slow op", repeat(100, func(i int) float64 { return baseNs * (1 + 3*b(i == 0)) }), Warmup, 1},
		{"one spike inside a level", repeat(100, func(i int) float64 { return baseNs * (1 + 4*b(i == 50)) }), Flat, 0},
		{"slowdown at 60", repeat(100, func(i int) float64 { return baseNs * (1 + b(i >= 60)) }), Slowdown, 60},
		{"change in the last tenth", repeat(100, func(i int) float64 { return baseNs * (1 + b(i >= 90)) }), NoSteadyState, 90},
		{"within 10% is one level", repeat(100, func(i int) float64 { return baseNs * (1 + 0.05*b(i >= 50)) }), Flat, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, err := Classify(exactSeries(c.ns))
			if err != nil {
				t.Fatal(err)
			}
			if st.Class != c.class || st.Start != c.start {
				t.Errorf("got %s from %d, want %s from %d (segments %+v)", st.Class, st.Start, c.class, c.start, st.Segments)
			}
		})
	}
}

func TestClassifyEmpty(t *testing.T) {
	if _, err := Classify(Series{}); err == nil {
		t.Error("empty series classified without error")
	}
}

func repeat(n int, f func(int) float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = f(i)
	}
	return out
}

func b(x bool) float64 {
	if x {
		return 1
	}
	return 0
}

func exactSeries(ns []float64) Series {
	s := Series{Ops: len(ns), Exact: len(ns)}
	for i, v := range ns {
		s.Points = append(s.Points, Point{First: i, Ops: 1, MeanNs: math.Round(v)})
	}
	return s
}
