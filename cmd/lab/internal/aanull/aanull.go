// Package aanull is the back end of `lab aanull`: the A/A label-swap null of results, and the
// calibration of the moderated decision on it, as markdown. cmd/lab parses the flags into Options.
package aanull

import (
	"context"
	"fmt"
	"io"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/lifetime"
	"github.com/deflatelab/deflatelab/matrix/report"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// Options are the results Run reads and how it measures their null.
type Options struct {
	In             []string        // results files (.jsonl) or directories, as Render takes them
	Swaps          int             // label swaps to draw, 1 or more
	Seed           uint64          // swap i draws from PCG(Seed, i)
	LifetimeMethod lifetime.Method // the lifetime intervals' method: the report's (SignFlip), or Bootstrap to compare
	SwapStyle      stats.SwapStyle // labels swapped with positions kept (the report's), or measurements exchanged as internal/aaswap does
	// Moderation asks instead for the calibration of the merged run's moderated decision (exact A/A
	// null, instance heterogeneity in aa, injected effects) for several priors (stats.CalibrateModeration),
	// with ModerationReps replicates (each 1 or more) of the A/A null, of each heterogeneity tau and of
	// each injected effect.
	Moderation     bool
	ModerationReps [3]int
	// PseudoInstances, with Moderation and above 1, splits each runner instance's rounds into that many
	// pseudo-instances (round mod PseudoInstances) before calibrating: more instances of fewer rounds
	// each, to see what more runner instances would buy. Pseudo-instances share their instance's time
	// window, so their own spread is smaller than real instances'; the injected heterogeneity is drawn per
	// pseudo-instance as per instance.
	PseudoInstances int
	// Slices, with Moderation, calibrates instead against heterogeneity confined to one slice of the A/A
	// candidate's cells (a workload, DOP class, phase, workload x phase) and one heterogeneous candidate,
	// for the guards against them (issue 45).
	Slices bool
}

// Run is `lab aanull`: the A/A label-swap null of results (stats.LabelSwapNull), read as a report
// reads them, printed as markdown: per family, what the first page would name as A/A differences in each
// swap, against the level its intervals state. docs/METHOD.md ("Calibration on the run's own A/A null")
// quotes it.
func Run(ctx context.Context, opts Options, stdout io.Writer) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if opts.Moderation && opts.Slices {
		return writeSlices(opts.In, opts.ModerationReps, opts.Seed, stdout)
	}
	if opts.Moderation {
		return writeModeration(opts.In, opts.ModerationReps, opts.Seed, opts.PseudoInstances, stdout)
	}
	cal, err := labelSwapNull(opts.In, opts.Swaps, opts.Seed, opts.LifetimeMethod, opts.SwapStyle)
	if err != nil {
		return err
	}
	if cal == nil {
		return fmt.Errorf("aanull: the results hold no %s samples: there is no A/A control to swap", matrix.AA)
	}
	fmt.Fprintf(stdout, "## A/A label-swap null: %d swaps (seed %d, positions %s), lifetime intervals by %s\n\n", cal.Swaps, cal.Seed,
		map[stats.SwapStyle]string{stats.PositionsKept: "kept", stats.PositionsWithLabels: "exchanged with the labels"}[opts.SwapStyle], opts.LifetimeMethod)
	report.WriteCalibrationTable(stdout, cal, true)
	return nil
}

// labelSwapNull loads results as Render does (emulated samples split out) and measures their null.
func labelSwapNull(paths []string, swaps int, seed uint64, method lifetime.Method, style stats.SwapStyle) (*stats.Calibration, error) {
	in, err := report.LoadResults(paths)
	if err != nil {
		return nil, err
	}
	return stats.LabelSwapNullStyle(in.Samples, in.Manifests, stats.Options{EquivMargin: in.Margin, LifetimeMethod: method}, swaps, seed, style)
}
