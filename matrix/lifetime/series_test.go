package lifetime

import (
	"math"
	"strings"
	"testing"
)

func TestNewSeries(t *testing.T) {
	bins := []Bin{{1, 1, 100}, {2, 2, 50}, {3, 4, 80}, {5, 8, 160}, {9, 10, 40}}
	cases := []struct {
		name   string
		exact  [][]int64
		points []Point
		exactN int
	}{
		{"bins only", nil, []Point{{0, 1, 100}, {1, 1, 50}, {2, 2, 40}, {4, 4, 40}, {8, 2, 20}}, 0},
		{"one worker, 3 exact", [][]int64{{100, 50, 45}}, []Point{{0, 1, 100}, {1, 1, 50}, {2, 1, 45}, {3, 1, 40}, {4, 4, 40}, {8, 2, 20}}, 3},
		{"two workers", [][]int64{{100, 60}, {80, 40, 30}}, []Point{{0, 2, 90}, {2, 2, 50}, {4, 1, 30}, {5, 3, 40}, {8, 2, 20}}, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := NewSeries(c.exact, bins, 10)
			if err != nil {
				t.Fatal(err)
			}
			if s.Exact != c.exactN || len(s.Points) != len(c.points) {
				t.Fatalf("got %+v", s)
			}
			for i, p := range c.points {
				if s.Points[i] != p {
					t.Errorf("point %d: %+v, want %+v", i, s.Points[i], p)
				}
			}
		})
	}
}

func TestNewSeriesErrors(t *testing.T) {
	cases := []struct {
		name  string
		exact [][]int64
		bins  []Bin
		ops   int
		want  string
	}{
		{"no ops", nil, nil, 0, "ops 0"},
		{"gap", nil, []Bin{{1, 1, 5}, {3, 4, 5}}, 4, "uncovered"},
		{"short", nil, []Bin{{1, 1, 5}}, 4, "covers 1 of 4"},
		{"zero bin", nil, []Bin{{1, 1, 0}}, 1, "must be > 0"},
		{"bad range", nil, []Bin{{2, 1, 5}}, 1, "not a range"},
		{"zero exact", [][]int64{{0}}, []Bin{{1, 1, 5}}, 1, "durations must be > 0"},
	}
	for _, c := range cases {
		if _, err := NewSeries(c.exact, c.bins, c.ops); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

func TestTotalNs(t *testing.T) {
	s, _ := NewSeries(nil, []Bin{{1, 1, 100}, {2, 2, 50}, {3, 4, 80}}, 4)
	for n, want := range map[int]float64{0: 0, 1: 100, 2: 150, 3: 190, 4: 230, 9: 230} {
		if got := s.TotalNs(n); got != want {
			t.Errorf("TotalNs(%d) = %v, want %v", n, got, want)
		}
	}
}

func TestSummarize(t *testing.T) {
	var st []Steady
	for i := range 8 {
		st = append(st, Steady{Class: Warmup, Start: 10 + i, StartNs: float64(1000 * i), LevelNs: 50})
	}
	st = append(st, Steady{Class: NoSteadyState, Start: 2000})
	s := Summarize(st)
	if s.Processes != 9 || s.Classes[Warmup] != 8 || s.Classes[NoSteadyState] != 1 || s.Start.N != 8 {
		t.Fatalf("%+v", s)
	}
	if s.Start.Center != 13.5 || s.Start.Thin() || s.Start.Lo > 13.5 || s.Start.Hi < 13.5 {
		t.Errorf("start %+v", s.Start)
	}
	if e := Summarize(nil); !e.Start.Thin() || e.Processes != 0 {
		t.Errorf("empty: %+v", e)
	}
}

// A process whose operations cycle through configurations of very different cost, at one speed
// throughout, is flat once each cycle is averaged; taken operation by operation it shows a level shift
// where the exact records end and the bins' means begin (the mean of logs against the log of means).
func TestCycledMixedIsFlat(t *testing.T) {
	const cycle, exactOps, ops = 12, 256, 3000
	cost := func(i int) int64 { return []int64{5_000, 20_000, 60_000, 120_000}[i%cycle%4] }
	var exact []int64
	for i := range exactOps {
		exact = append(exact, cost(i))
	}
	var bins []Bin
	for first := 1; first <= ops; first *= 2 {
		last := min(2*first-1, ops)
		var sum int64
		for i := first - 1; i < last; i++ {
			sum += cost(i)
		}
		bins = append(bins, Bin{First: first, Last: last, SumNs: sum})
	}
	s, err := NewSeries([][]int64{exact}, bins, ops)
	if err != nil {
		t.Fatal(err)
	}
	c := s.Cycled(cycle)
	for _, n := range []int{1, 12, 100, 256, 257, 3000} {
		if got, want := c.TotalNs(n), s.TotalNs(n); n%cycle == 0 || n > exactOps {
			if math.Abs(got-want) > 1e-6*want {
				t.Errorf("TotalNs(%d) = %v after Cycled, %v before", n, got, want)
			}
		}
	}
	if len(c.Points) != exactOps/cycle+len(s.Points)-exactOps {
		t.Errorf("%d points after Cycled, want %d cycles and the bins", len(c.Points), exactOps/cycle)
	}
	st, err := Classify(c)
	if err != nil {
		t.Fatal(err)
	}
	if st.Class != Flat {
		t.Errorf("cycled mixed series classified %s, want %s", st.Class, Flat)
	}
	if raw, _ := Classify(s); raw.Class == Flat {
		t.Logf("the uncycled series classified flat too (%s); the seam shift was below the merge threshold", raw.Class)
	}
	if got := s.Cycled(1); len(got.Points) != len(s.Points) {
		t.Errorf("Cycled(1) changed the series")
	}
}
