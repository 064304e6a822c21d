// Package sequential decides paired comparisons from rounds that arrive in batches, with error control
// that survives looking after every batch and stopping when a comparison is decided.
//
// The data of one comparison are its per-round log ratios ln(candidate/control). Each comparison gets
// Lai's normal-mixture confidence sequence for their mean (Lai 1976; the "t" confidence sequence of
// Wang and Ramdas, "Anytime-valid t-tests and confidence sequences for Gaussian means with unknown
// variance", Sequential Analysis 2025; Howard, Ramdas, McAuliffe and Sekhon, "Time-uniform,
// nonparametric, nonasymptotic confidence sequences", Ann. Statist. 49(2), 2021, for the method of
// mixtures): a mixture likelihood ratio that is a nonnegative martingale under the null whatever the
// unknown variance, so by Ville's inequality it crosses 1/alpha with probability at most alpha over the
// whole, unbounded, sequence of rounds. Its p-values (the running minimum of 1/M over every round) are
// therefore valid at any time, including a data-dependent stopping time, and a page's many comparisons
// are corrected with Benjamini-Yekutieli, which controls the false discovery rate under any dependence
// between them. docs/METHOD.md ("Adaptive rounds") states the rule and its measured error rates.
//
// The package imports nothing of the project, so that the runner (package matrix) and the statistics
// (matrix/stats) can both use it.
package sequential
