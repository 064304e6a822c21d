package main

import (
	"context"
	"fmt"
	"io"

	"github.com/deflatelab/deflatelab/cmd/lab/internal/compare"
	"github.com/deflatelab/deflatelab/matrix/stats"
)

// compareMain is `lab compare -old A -new B`: its flags become compare.Options.
func compareMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("compare", stderr)
	var opts compare.Options
	fs.StringVar(&opts.Old, "old", "", "the earlier report's `folder` (or its cells.json)")
	fs.StringVar(&opts.New, "new", "", "the later report's `folder` (or its cells.json)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if opts.Old == "" || opts.New == "" || fs.NArg() > 0 {
		return usagef(fmt.Errorf("compare: give -old and -new, each a report folder or its %s (and nothing else)", stats.CellsFile))
	}
	return compare.Run(ctx, opts, stdout)
}
