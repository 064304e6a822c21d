// Package stats turns a results file into the numbers a report quotes: per cell and variant the median of
// every metric with its 95% confidence interval (golang.org/x/perf/benchmath, as benchstat computes it),
// and per candidate the paired effect against control: the Hodges-Lehmann estimate of the per-round log
// ratios with its Wilcoxon signed-rank interval and p-value (SignedRankTest, checked against R's
// wilcox.test), the plain median of the per-round ratios, and benchmath's unpaired Mann-Whitney U test.
// The decision p-values of all cells and candidates of one metric are adjusted together with the
// Benjamini-Hochberg procedure. Verdicts count cells by their own decisions and never pool cells that
// disagree. docs/METHOD.md states the method in words.
//
// Nothing is dropped silently: failed samples, samples whose output disagrees with the cell's reference
// digest, and estimates with too few samples for a finite interval are counted and flagged, and the
// report shows them.
package stats
