package report

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
)

// listFlag collects a repeatable, comma-separated flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*l = append(*l, p)
		}
	}
	return nil
}

// Main is `lab report`: it renders a report from results files and prints its path. When
// $GITHUB_STEP_SUMMARY is set, a compact version is appended to it.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var opts Options
	var in, planned listFlag
	var date string
	fs.Var(&in, "in", "results `files` (.jsonl) or directories holding them; comma-separated or repeated")
	fs.StringVar(&opts.Out, "out", DefaultOut, "reports `dir`: the report goes to dir/<name>, the index to dir/README.md")
	fs.StringVar(&opts.Name, "name", "", "run folder `name` (default: the results' run id, or their date)")
	fs.StringVar(&opts.Title, "title", "", "report `title` (default: the runs' profile, platforms and backends)")
	fs.Var(&planned, "planned", "the `platforms` (goos/goarch, comma-separated) the run was to measure: those without results are named at the top")
	fs.BoolVar(&opts.Force, "force", false, "replace the report folder dir/<name> if it exists (without it, an existing folder is refused)")
	fs.StringVar(&date, "date", "", "when the results were taken, RFC 3339 (default: from the run id, else the newest input file)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return &matrix.UsageError{Err: err, Printed: true} // the flag package has printed it and the flags
	}
	if fs.NArg() > 0 {
		return &matrix.UsageError{Err: fmt.Errorf("report: unexpected argument %q: inputs go in -in", fs.Arg(0))}
	}
	if len(in) == 0 {
		return &matrix.UsageError{Err: fmt.Errorf("report: -in is required: one or more results files (.jsonl) or directories")}
	}
	if date != "" {
		t, err := time.Parse(time.RFC3339, date)
		if err != nil {
			return &matrix.UsageError{Err: fmt.Errorf("report: -date %q: want RFC 3339, e.g. 2026-11-30T03:00:00Z", date)}
		}
		opts.Date = t
	}
	if err := checkPlanned(planned); err != nil {
		return &matrix.UsageError{Err: err}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	opts.In, opts.Planned = in, planned
	opts.StepSummary = os.Getenv("GITHUB_STEP_SUMMARY")
	path, err := Render(opts)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, path)
	return nil
}
