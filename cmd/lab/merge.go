package main

import (
	"context"
	"fmt"
	"io"

	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// mergeMain is `lab merge -out DIR RESULTS...`: its flag and arguments become resultsdir.MergeOptions.
func mergeMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("merge", stderr)
	var opts resultsdir.MergeOptions
	fs.StringVar(&opts.Out, "out", "", "the merged results folder to create (new, or empty)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: lab merge -out DIR RESULTS...\n\nMerges results folders of one plan and one build (replicas from several runner instances:\nlab bench -replica I/K) into DIR, which reports as the folders given together would.\n\n")
		fs.PrintDefaults()
	}
	if err := parse(fs, args); err != nil {
		return err
	}
	opts.Inputs = fs.Args()
	return resultsdir.Merge(ctx, opts, stdout, stderr)
}
