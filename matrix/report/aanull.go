package report

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/lifetime"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// AANullMain is `lab aanull`: the A/A label-swap null of results (stats.LabelSwapNull), read as a report
// reads them, printed as markdown: per family, what the first page would name as A/A differences in each
// swap, against the level its intervals state. docs/METHOD.md ("Calibration on the run's own A/A null")
// quotes it.
func AANullMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("aanull", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var in listFlag
	fs.Var(&in, "in", "results `files` (.jsonl) or directories, as lab report takes them; comma-separated or repeated")
	swaps := fs.Int("swaps", 100, "label swaps to draw")
	seed := fs.Uint64("seed", 1, "the swaps' seed (swap i draws from PCG(seed, i))")
	method := fs.String("lifetime-method", "signflip", "the lifetime intervals' `method`: signflip (the report's), or bootstrap (the percentile bootstrap it replaced, to compare)")
	moderation := fs.Bool("moderation", false, "instead: calibrate the merged run's moderated decision (exact A/A null, instance heterogeneity in aa, injected effects) for several priors (stats.CalibrateModeration)")
	reps := fs.String("reps", "100,60,20", "with -moderation: `replicates` of the A/A null, of each heterogeneity tau, of each injected effect")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return &matrix.UsageError{Err: err, Printed: true}
	}
	switch {
	case len(in) == 0 || fs.NArg() > 0:
		return &matrix.UsageError{Err: fmt.Errorf("aanull: give results with -in (and nothing else)")}
	case *swaps < 1:
		return &matrix.UsageError{Err: fmt.Errorf("aanull: -swaps %d: want 1 or more", *swaps)}
	}
	methods := map[string]lifetime.Method{"signflip": lifetime.SignFlip, "bootstrap": lifetime.Bootstrap}
	m, ok := methods[*method]
	if !ok {
		return &matrix.UsageError{Err: fmt.Errorf("aanull: -lifetime-method %q: want signflip or bootstrap", *method)}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if *moderation {
		return moderationMain(in, *reps, *seed, stdout)
	}
	cal, err := labelSwapNull(in, *swaps, *seed, m)
	if err != nil {
		return err
	}
	if cal == nil {
		return fmt.Errorf("aanull: the results hold no %s samples: there is no A/A control to swap", matrix.AA)
	}
	fmt.Fprintf(stdout, "## A/A label-swap null: %d swaps (seed %d), lifetime intervals by %s\n\n", cal.Swaps, cal.Seed, *method)
	writeCalibrationTable(stdout, cal, true)
	return nil
}

// labelSwapNull loads results as Render does (emulated samples split out) and measures their null.
func labelSwapNull(paths []string, swaps int, seed uint64, method lifetime.Method) (*stats.Calibration, error) {
	in, err := load(paths)
	if err != nil {
		return nil, err
	}
	splitInputs(in)
	var manifests []*matrix.Manifest
	for _, src := range in.Sources {
		manifests = append(manifests, src.Manifest)
	}
	return stats.LabelSwapNull(in.Samples, manifests, stats.Options{EquivMargin: planMargin(in), LifetimeMethod: method}, swaps, seed)
}
