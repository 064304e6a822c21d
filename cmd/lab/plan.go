package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/deflatelab/deflatelab/cmd/lab/internal/plan"
)

// planMain is `lab plan -pilot RESULTS -change 5% -minutes 60`: its flags become
// plan.Options.
func planMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("plan", stderr)
	var opts plan.Options
	var pilot listFlag
	fs.Var(&pilot, "pilot", "the pilot's results `folder` (or files), as lab report takes them")
	change := fs.String("change", "5%", "the smallest change to detect (80% power, 5% two-sided), a percentage such as 5% or 2.5%")
	fs.Float64Var(&opts.Minutes, "minutes", 60, "the most runner-minutes per platform the plan may take (every instance's together); 0: no bound")
	if err := parse(fs, args); err != nil {
		return err
	}
	opts.Pilot = pilot
	// -change takes "5%" as people write it; the options carry the number.
	pct, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(*change), "%"), 64)
	switch {
	case len(pilot) == 0 || fs.NArg() > 0:
		return usagef(fmt.Errorf("plan: give the pilot's results with -pilot (and nothing else)"))
	case err != nil || !(pct > 0 && pct < 100):
		return usagef(fmt.Errorf("plan: -change %q: allowed: a percentage above 0 and below 100, such as 5%%", *change))
	case !(opts.Minutes >= 0):
		return usagef(fmt.Errorf("plan: -minutes %v: allowed: 0 (no bound) or a positive number of runner-minutes", opts.Minutes))
	}
	opts.Change = pct
	return plan.Run(ctx, opts, stdout)
}
