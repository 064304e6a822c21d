// Package giveback is the give-back threshold probe's data: which block sizes and free patterns make a
// fresh allocation fault its pages in again, per allocator backend. A Spec names one point (backend,
// size, pattern, operations), a Trace is one fresh process's measurement of it, a Result gathers every
// point's traces into medians and finds, per backend and pattern, the size from which freed memory goes
// back to the operating system. Markdown formats a Result; the chart is matrix/report's
// (report.ThresholdsChart) and the measurement matrix/giveback/probe's.
//
// The package imports nothing that allocates natively, reads process counters or starts processes, so
// that the report can draw a Result without linking what produced it.
package giveback
