package tasks

import (
	"context"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/runner"
	"io"

	"github.com/deflatelab/deflatelab/matrix/report"
)

// The lab's library entry points as the targets call them, with typed options: the functions "lab
// report", "lab bench" and "lab merge" call after parsing their flags, so that a mage target and the
// command line cannot drift. Tests pass stand-ins.

// BenchFunc runs a bench and prints its results directory: runner.Bench.
type BenchFunc func(ctx context.Context, o runner.BenchOptions, stdout, stderr io.Writer) error

// MergeFunc merges results folders into one and prints its path: resultsdir.Merge.
type MergeFunc func(ctx context.Context, o resultsdir.MergeOptions, stdout, stderr io.Writer) error

// ReportFunc renders a report and prints its path: report.Run.
type ReportFunc func(ctx context.Context, o report.Options, stdout io.Writer) error
