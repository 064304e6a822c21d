// Package report writes what the lab measured as a report a reader can trust at a glance: a markdown
// page per run (reports/<run>/README.md) with small SVG charts, the raw results copied beside it, and an
// index of every run (reports/README.md). Its numbers come from matrix/stats; its tables are shaped like
// the seeds' (Workload | DOP | Cold control | Cold candidate | ...) so that readers of the seeds
// recognise them; and nothing is left out quietly: failed samples, output mismatches and cells too thin
// for an interval are printed as such. Every number is formatted in numbers.go; stats hands over values
// (classes, intervals, typed reasons), and the words are this package's.
package report
