// Package resultsdir is one run's results directory on disk: its lock, the samples file appended and
// read, run.json written and reconciled with what the directory holds, the screen that sorts recorded
// samples into kept and findings, the benchfmt copy, and merging replicas' directories into one.
//
//	samples.jsonl  one Sample per line, each written with one write and synced: a killed run keeps every
//	               finished sample and at most a torn last line, which -resume cuts away before it
//	               continues with the samples not yet recorded (a sample is identified by cell, round and
//	               variant)
//	bench.txt      the OK samples in the Go benchmark format, for `benchstat -col /variant`
//	run.json       the Manifest: plan, profile, hosts and their commits, command lines, times, status
//
// Package matrix defines the values these files hold; package matrix/runner writes them, the report
// reads them.
package resultsdir
