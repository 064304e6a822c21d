// Package stats turns a results file into the numbers a report quotes: per cell and variant the median of
// every metric with its 95% confidence interval, and per candidate the paired ratio to control with its
// interval and two significance tests: the paired one (the ratio's interval excludes 1, a sign test) and
// the unpaired Mann-Whitney U test. Every statistic comes from golang.org/x/perf/benchmath under
// benchmath.AssumeNothing (order-statistic intervals for medians, the U test for comparisons), so the
// medians, intervals and p-values agree with what benchstat prints for the same data; docs/METHOD.md
// states the method.
//
// Nothing is dropped silently: failed samples, samples whose output disagrees with the cell's reference
// digest, and estimates with too few samples for a finite interval are counted and flagged, and the
// report shows them.
package stats
