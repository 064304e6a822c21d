// Package matrix is the experiment as data: a Plan of samples (variants x workloads x DOPs x phases x
// backends x rounds), the order its rounds take, the Samples and Manifest a run records, the policies
// that decide how many rounds a cell takes. Package matrix/runner takes a Plan and runs it, each sample
// in a fresh host process (cmd/host, one binary per variant), into a results directory
// (matrix/resultsdir); the statistics and the report read what it wrote. Nothing here touches a file,
// starts a process or links the engine, the variants or the host loop (a test in internal/workflows
// holds that), so reading results never depends on what this build can run.
//
// # Protocol
//
// A cell is (platform, workload, DOP, phase, backend). A round is one sample of every variant in a
// cell, in an order that rotates from round to round through a Williams Latin square (or is shuffled
// from a recorded seed), so that each variant takes each position equally often and follows each other
// variant equally often; the samples of one round form the pairs that the report compares. Rounds are
// interleaved across the cells (Interleave): round k of every cell, the cells in the run's seeded order,
// before any cell's round k+1, so that a change of the machine's speed spreads over every cell instead
// of landing on one.
//
// Every sample is a new process (matrix/runner): a cold sample measures the first operations of that process, a warm
// one the operations after a warm-up in the same process. A host that exits non-zero, crashes, prints
// anything but one JSON result, or runs past the timeout becomes a failed Sample (exit status, error,
// the tail of its stderr), and the run goes on.
//
// After each cell, the variants' output bytes and digests must all agree (they compress the same
// operations); a difference stops the run with a *MismatchError naming the cell.
package matrix
