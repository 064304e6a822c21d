package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/deflatelab/deflatelab/matrix/report"
)

// reportMain is `lab report -in RESULTS`: its flags become report.Options. When $GITHUB_STEP_SUMMARY is
// set, the report's first screen is appended to it, as the report targets do.
func reportMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("report", stderr)
	var opts report.Options
	var in, planned listFlag
	var date string
	fs.Var(&in, "in", "results `files` (.jsonl) or directories holding them; comma-separated or repeated")
	fs.StringVar(&opts.Out, "out", report.DefaultOut, "reports `dir`: the report goes to dir/<name>, the index to dir/README.md")
	fs.StringVar(&opts.Name, "name", "", "run folder `name` (default: the results' run id, or their date)")
	fs.StringVar(&opts.Title, "title", "", "report `title` (default: the runs' profile, platforms and backends)")
	fs.Var(&planned, "planned", "the `platforms` (goos/goarch, comma-separated) the run was to measure: those without results are named at the top")
	fs.BoolVar(&opts.Force, "force", false, "replace the report folder dir/<name> if it exists (without it, an existing folder is refused)")
	fs.StringVar(&date, "date", "", "when the results were taken, RFC 3339 (default: from the run id, else the newest input file)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef(fmt.Errorf("report: unexpected argument %q: inputs go in -in", fs.Arg(0)))
	}
	opts.In, opts.Planned = in, planned
	if err := opts.Validate(); err != nil {
		return err
	}
	if date != "" {
		t, err := time.Parse(time.RFC3339, date)
		if err != nil {
			return usagef(fmt.Errorf("report: -date %q: want RFC 3339, e.g. 2026-11-30T03:00:00Z", date))
		}
		opts.Date = t
	}
	opts.StepSummary = os.Getenv("GITHUB_STEP_SUMMARY")
	return report.Run(ctx, opts, stdout)
}
