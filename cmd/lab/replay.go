package main

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/deflatelab/deflatelab/cmd/lab/internal/replay"
	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/sequential"
)

// replayMain is `lab replay -results DIR`: its flags become replay.Options.
func replayMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("replay", stderr)
	opts := replay.Options{Adaptive: matrix.DefaultAdaptive}
	a := &opts.Adaptive
	fs.StringVar(&opts.Results, "results", "", "a fixed-design results `dir` (run.json and samples.jsonl)")
	fs.StringVar(&a.Correction, "correction", a.Correction, "the family's correction: BY or BH (default BY)")
	fs.Float64Var(&a.Precision, "precision", a.Precision, "the confidence sequence's mixture precision c")
	fs.IntVar(&opts.AA, "aa", 1000, "A/A families to simulate (0: none)")
	fs.Uint64Var(&opts.Seed, "seed", 1, "the simulations' seed")
	var caps listFlag
	fs.Var(&caps, "project", "round `caps` (even, comma-separated) to project the adaptive rule to on simulated runs with the real effects (stats.ProjectCap), 50 runs each")
	if err := parse(fs, args); err != nil {
		return err
	}
	if opts.Results == "" || fs.NArg() > 0 {
		return usagef(fmt.Errorf("replay: give one results directory with -results (and nothing else)"))
	}
	if a.Correction == "" {
		a.Correction = sequential.BY
	}
	// The rule's own check names the field at fault and what it allows; the margin is the replay's
	// business (the plan's), so any valid one stands in for it here.
	if err := (sequential.Rule{Alpha: a.Alpha, Margin: 0.02, Precision: a.Precision, Correction: a.Correction}).Validate(); err != nil {
		return usagef(fmt.Errorf("replay: %w", err))
	}
	if opts.AA < 0 {
		return usagef(fmt.Errorf("replay: -aa %d: want 0 or more families", opts.AA))
	}
	// Caps are checked before anything runs (they used to be read one by one after the replay was
	// printed), so a bad one is a usage error with nothing on stdout.
	for _, c := range caps {
		n, err := strconv.Atoi(c)
		if err != nil {
			return usagef(fmt.Errorf("replay: -project %q: want even round counts, e.g. 12,16,20", c))
		}
		opts.Project = append(opts.Project, n)
	}
	return replay.Run(ctx, opts, stdout)
}
