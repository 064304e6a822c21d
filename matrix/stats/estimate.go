package stats

import (
	"math"

	"golang.org/x/perf/benchmath"
)

// Estimate is the median of a set of values with its confidence interval, as benchmath.AssumeNothing
// computes it: Center is the sample median, Lo and Hi are order statistics of the sample chosen so that
// the interval covers the population median with at least Confidence. Lo or Hi is infinite when the
// sample is too small for the requested confidence (fewer than 6 values at 95%); see Thin.
type Estimate struct {
	N          int
	Values     []float64 // ascending
	Center     float64
	Lo, Hi     float64
	Confidence float64  // actual confidence of [Lo, Hi], >= the requested one
	Warnings   []string // benchmath's warnings, e.g. "need >= 6 samples for confidence interval at level 0.95"

	sample *benchmath.Sample
}

// Thin reports whether there are too few values for a finite interval (including none at all).
func (e Estimate) Thin() bool {
	return e.N == 0 || math.IsInf(e.Lo, 0) || math.IsInf(e.Hi, 0)
}

// Empty reports whether there are no values.
func (e Estimate) Empty() bool { return e.N == 0 }

// estimate summarises values (which it sorts in place) at the given confidence.
func estimate(values []float64, confidence float64, th *benchmath.Thresholds) Estimate {
	if len(values) == 0 {
		// benchmath needs at least one value; an empty estimate is NaN with an infinite interval.
		return Estimate{Center: math.NaN(), Lo: math.Inf(-1), Hi: math.Inf(1), Warnings: []string{"no samples"}}
	}
	s := benchmath.NewSample(values, th)
	sum := benchmath.AssumeNothing.Summary(s, confidence)
	return Estimate{
		N:          len(values),
		Values:     s.Values,
		Center:     sum.Center,
		Lo:         sum.Lo,
		Hi:         sum.Hi,
		Confidence: sum.Confidence,
		Warnings:   errorStrings(sum.Warnings),
		sample:     s,
	}
}

func errorStrings(errs []error) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}
