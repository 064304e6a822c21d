package main

import (
	"context"
	"fmt"
	"io"

	"github.com/deflatelab/deflatelab/cmd/lab/internal/pairnoise"
)

// pairnoiseMain is `lab pairnoise RESULTS...`: it has no flags of its own, but a flag set still gives
// it -h and rejects flags it does not know, as every lab command does.
func pairnoiseMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("pairnoise", stderr)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usagef(fmt.Errorf("pairnoise: give one or more results folders"))
	}
	return pairnoise.Run(ctx, fs.Args(), stdout)
}
