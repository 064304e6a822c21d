package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/cmd/lab/internal/aanull"
	"github.com/deflatelab/deflatelab/matrix/lifetime"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// aanullMain is `lab aanull -in RESULTS`: its flags become aanull.Options.
func aanullMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("aanull", stderr)
	var opts aanull.Options
	var in listFlag
	fs.Var(&in, "in", "results `files` (.jsonl) or directories, as lab report takes them; comma-separated or repeated")
	fs.IntVar(&opts.Swaps, "swaps", 100, "label swaps to draw")
	fs.Uint64Var(&opts.Seed, "seed", 1, "the swaps' seed (swap i draws from PCG(seed, i))")
	method := fs.String("lifetime-method", "signflip", "the lifetime intervals' `method`: signflip (the report's), or bootstrap (the percentile bootstrap it replaced, to compare)")
	style := fs.String("swap-style", "kept", "`style` of the swaps: kept (labels swapped, each measurement keeps its planned position: the report's) or outside (measurements exchanged, records and positions stay with the labels, as internal/aaswap does)")
	fs.BoolVar(&opts.Moderation, "moderation", false, "instead: calibrate the merged run's moderated decision (exact A/A null, instance heterogeneity in aa, injected effects) for several priors (stats.CalibrateModeration)")
	reps := fs.String("reps", "100,60,20", "with -moderation: `replicates` of the A/A null, of each heterogeneity tau, of each injected effect")
	fs.BoolVar(&opts.Slices, "slices", false, "with -moderation: calibrate instead against heterogeneity confined to one workload, DOP class, phase or workload x phase of aa's cells, and one heterogeneous candidate, for the guards against them")
	fs.IntVar(&opts.PseudoInstances, "pseudo-instances", 1, "with -moderation: split each runner instance's rounds into `n` pseudo-instances (round mod n), to see what more instances of fewer rounds would decide")
	if err := parse(fs, args); err != nil {
		return err
	}
	opts.In = in
	switch {
	case len(in) == 0 || fs.NArg() > 0:
		return usagef(fmt.Errorf("aanull: give results with -in (and nothing else)"))
	case opts.Swaps < 1:
		return usagef(fmt.Errorf("aanull: -swaps %d: want 1 or more", opts.Swaps))
	}
	switch *method {
	case lifetime.SignFlip.String():
		opts.LifetimeMethod = lifetime.SignFlip
	case lifetime.Bootstrap.String():
		opts.LifetimeMethod = lifetime.Bootstrap
	default:
		return usagef(fmt.Errorf("aanull: -lifetime-method %q: want signflip or bootstrap", *method))
	}
	switch *style {
	case stats.PositionsKept.String():
	case stats.PositionsWithLabels.String():
		opts.SwapStyle = stats.PositionsWithLabels
	default:
		return usagef(fmt.Errorf("aanull: -swap-style %q: want kept or outside", *style))
	}
	if opts.Moderation { // -reps means nothing without -moderation, so only then is it checked
		n, err := parseReps(*reps)
		if err != nil {
			return usagef(err)
		}
		opts.ModerationReps = n
		if opts.PseudoInstances < 1 {
			return usagef(fmt.Errorf("aanull: -pseudo-instances %d: want 1 or more", opts.PseudoInstances))
		}
	}
	return aanull.Run(ctx, opts, stdout)
}

// parseReps reads -reps: three counts, null,tau,effect, each 1 or more.
func parseReps(reps string) ([3]int, error) {
	parts := strings.Split(reps, ",")
	var n [3]int
	if len(parts) != len(n) {
		return n, fmt.Errorf("aanull: -reps %q: want three counts, null,tau,effect", reps)
	}
	for i := range n {
		v, err := strconv.Atoi(parts[i])
		if err != nil || v < 1 {
			return n, fmt.Errorf("aanull: -reps %q: %q is not a count of 1 or more", reps, parts[i])
		}
		n[i] = v
	}
	return n, nil
}
