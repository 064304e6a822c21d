package lifetime

import (
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
