// Package regime tells a cell's samples that fall into separated speed groups - a machine or process
// state that switches between rounds - from ordinary noise around one level.
//
// A variant's per-round values in one cell (time per operation, in the order the rounds ran) are one
// series. Detect splits the sorted log values at their widest gap and flags the series when that gap is
// both a large speed ratio (MinRatio) and many times the noise within the two groups (MinSeparation).
// Because it works on the sorted values, it finds a switch whether the slow rounds are contiguous (a level
// change over time) or scattered; Contiguous and ChangeAt then say which.
//
// The package imports nothing of the project: data in, numbers out. The runner (re-sampling), stats
// (Unstable verdicts) and the report call it. docs/METHOD.md justifies the thresholds and states the
// detection and false-flag rates measured on the corpus in corpus_test.go.
package regime
