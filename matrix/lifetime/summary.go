package lifetime

import (
	"math"

	"golang.org/x/perf/benchmath"
)

// Summary is the steady state of a variant's processes in one cell: how many fell in each class and,
// over the processes with a steady state (flat, warmup, slowdown), the median steady-state start in
// operations and in summed time before it, each with benchmath's distribution-free interval (infinite
// bounds with fewer than 6 processes).
type Summary struct {
	Processes int           `json:"processes"`
	Classes   map[Class]int `json:"classes"`
	Start     Median        `json:"start"`   // operations before the steady state
	StartNs   Median        `json:"startNs"` // their summed duration, ns
	LevelNs   Median        `json:"levelNs"` // the steady state's mean duration per operation, ns
}

// Median is a median with its interval; N 0 is no value.
type Median struct {
	N      int     `json:"n"`
	Center float64 `json:"center"`
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
}

// Thin reports whether the interval is missing (too few values) or there is no value.
func (m Median) Thin() bool { return m.N == 0 || math.IsInf(m.Lo, 0) || math.IsInf(m.Hi, 0) }

// Summarize counts the classes of steadies and takes the medians over those with a steady state.
func Summarize(steadies []Steady) Summary {
	s := Summary{Processes: len(steadies), Classes: map[Class]int{}}
	var start, startNs, level []float64
	for _, st := range steadies {
		s.Classes[st.Class]++
		if st.Class == NoSteadyState {
			continue
		}
		start = append(start, float64(st.Start))
		startNs = append(startNs, st.StartNs)
		level = append(level, st.LevelNs)
	}
	s.Start, s.StartNs, s.LevelNs = median(start), median(startNs), median(level)
	return s
}

func median(v []float64) Median {
	if len(v) == 0 {
		return Median{Center: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1)}
	}
	sum := benchmath.AssumeNothing.Summary(benchmath.NewSample(v, &benchmath.DefaultThresholds), Confidence)
	return Median{N: len(v), Center: sum.Center, Lo: sum.Lo, Hi: sum.Hi}
}
