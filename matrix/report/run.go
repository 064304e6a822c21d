package report

import (
	"context"
	"fmt"
	"io"

	"github.com/deflatelab/deflatelab/matrix"
)

// Run is `lab report` and the report targets' render: it checks o, renders the report and prints its
// path on stdout. The caller fills o.StepSummary ($GITHUB_STEP_SUMMARY) when the summary is wanted:
// Run reads no environment, so that both doors (cmd/lab, internal/tasks) decide it alike.
func Run(ctx context.Context, o Options, stdout io.Writer) error {
	if err := o.Validate(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	path, err := Render(o)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, path)
	return nil
}

// Validate refuses options Run cannot render, before anything is read: a *matrix.InvalidError naming
// the field by its lab report flag and what it allows.
func (o Options) Validate() error {
	if len(o.In) == 0 {
		return &matrix.InvalidError{Err: fmt.Errorf("report: -in is required: one or more results files (.jsonl) or directories")}
	}
	if err := checkPlanned(o.Planned); err != nil {
		return &matrix.InvalidError{Err: err}
	}
	return nil
}
