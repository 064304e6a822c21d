package lifetime

import (
	"errors"
	"fmt"
	"math"
)

// Point is one stretch of a process's operations with their mean duration: a single measured operation
// (Ops 1), the same position in every worker's exact series (Ops = workers), or a timeline bin (Ops = the
// bin's operations, MeanNs its sum divided by them). First is the 0-based index, in the process, of the
// stretch's first operation.
type Point struct {
	First  int
	Ops    int
	MeanNs float64
}

// End is the 0-based index just past the point's operations.
func (p Point) End() int { return p.First + p.Ops }

// Series is one process's per-operation durations in order: contiguous points from operation 0 covering
// Ops operations, every MeanNs > 0. Exact says how many leading operations come from exact per-operation
// records (0 when the series is bins only).
type Series struct {
	Points []Point
	Ops    int
	Exact  int
}

// Bin is one timeline bin as the caller has it: the 1-based operation numbers First..Last it covers,
// already clipped to the phase's operations, and the summed duration of those operations.
type Bin struct {
	First, Last int
	SumNs       int64
}

// NewSeries builds a process's series from the exact durations of each worker's first operations
// (exact[w] is worker w's, in order; nil or empty when the results carry none) and the log2 timeline
// bins (summed over workers) that cover all ops operations. Position j of the exact records becomes
// one point for operations j*W .. j*W+W-1 (W the workers with a j-th record), the mean of those
// records: at DOP 1 each operation exactly. The bins then cover the operations after the exact part; a
// bin that straddles its end contributes its mean for the remainder (the exact operations' positions
// among the bin's are not recorded at DOP > 1).
func NewSeries(exact [][]int64, bins []Bin, ops int) (Series, error) {
	if ops < 1 {
		return Series{}, fmt.Errorf("lifetime: ops %d is below 1", ops)
	}
	s := Series{Ops: ops}
	for j := 0; ; j++ {
		var sum float64
		n := 0
		for wi, w := range exact {
			if j < len(w) {
				if w[j] <= 0 {
					return Series{}, fmt.Errorf("lifetime: worker %d's exact duration %d is %d ns; durations must be > 0", wi, j, w[j])
				}
				sum += float64(w[j])
				n++
			}
		}
		if n == 0 || s.Exact+n > ops {
			break
		}
		s.Points = append(s.Points, Point{First: s.Exact, Ops: n, MeanNs: sum / float64(n)})
		s.Exact += n
	}
	next := s.Exact
	for _, b := range bins {
		if b.First < 1 || b.Last < b.First {
			return Series{}, fmt.Errorf("lifetime: bin %d..%d is not a range of 1-based operation numbers", b.First, b.Last)
		}
		if b.Last <= next {
			continue // inside the exact part
		}
		if b.First-1 > next {
			return Series{}, fmt.Errorf("lifetime: bins leave operations %d..%d uncovered", next+1, b.First-1)
		}
		if b.SumNs <= 0 {
			return Series{}, fmt.Errorf("lifetime: bin %d..%d has duration %d ns; it must be > 0", b.First, b.Last, b.SumNs)
		}
		mean := float64(b.SumNs) / float64(b.Last-b.First+1)
		s.Points = append(s.Points, Point{First: next, Ops: b.Last - next, MeanNs: mean})
		next = b.Last
	}
	if next != ops {
		return Series{}, fmt.Errorf("lifetime: the series covers %d of %d operations", next, ops)
	}
	return s, nil
}

// errEmpty is returned for a series with no points.
var errEmpty = errors.New("lifetime: empty series")

// TotalNs is the summed duration of the first n operations (n clipped to the series), exact at point
// ends and linear inside a point (a bin's operations each cost its mean).
func (s Series) TotalNs(n int) float64 {
	var t float64
	for _, p := range s.Points {
		if n <= p.First {
			break
		}
		k := min(n, p.End()) - p.First
		t += float64(k) * p.MeanNs
	}
	return t
}

// logs returns each point's log mean duration and weight (its operations).
func (s Series) logs() (y, w []float64) {
	y, w = make([]float64, len(s.Points)), make([]float64, len(s.Points))
	for i, p := range s.Points {
		y[i], w[i] = math.Log(p.MeanNs), float64(p.Ops)
	}
	return y, w
}

// Cycled returns the series with its exact part averaged over cycles of n consecutive points (the last
// cycle takes any remainder), the bins unchanged. A workload whose operations cycle through n
// configurations (the mixed workload's twelve, from level 0 to level 9) has per-operation durations that
// differ by configuration, not by time; a cycle's arithmetic mean is the unit that can change over time,
// and it is on the same footing as a bin's mean. Segmenting the single operations instead would compare
// the mean of their logarithms with the logarithm of the bins' means, a level shift (Jensen's inequality)
// at the seam between the two parts that no process has. n <= 1 returns s unchanged.
func (s Series) Cycled(n int) Series {
	if n <= 1 {
		return s
	}
	exact := 0 // points in the exact part
	for exact < len(s.Points) && s.Points[exact].First < s.Exact {
		exact++
	}
	out := Series{Ops: s.Ops, Exact: s.Exact}
	for i := 0; i < exact; {
		end := i + n
		if exact-end < n {
			end = exact // the last cycle takes the remainder
		}
		p := Point{First: s.Points[i].First}
		var sum float64
		for _, q := range s.Points[i:end] {
			p.Ops += q.Ops
			sum += q.MeanNs * float64(q.Ops)
		}
		p.MeanNs = sum / float64(p.Ops)
		out.Points = append(out.Points, p)
		i = end
	}
	out.Points = append(out.Points, s.Points[exact:]...)
	return out
}
