package tasks

import (
	"context"
	"errors"
	"fmt"

	"github.com/deflatelab/deflatelab/matrix"
)

// Exit statuses of the mage targets, as the lab command and the go command use them.
const (
	ExitError = 1 // the target ran and failed, or was interrupted
	ExitUsage = 2 // a bad option (a DEFLATELAB_* variable): nothing ran
)

// usage wraps err, if any, as a *matrix.InvalidError: a bad option (an unknown or misspelled
// DEFLATELAB_* variable, a value it does not allow, a backend this machine lacks), found before anything
// runs - the same kind of error the library entry points return for options they refuse, so that Exit
// gives both status 2.
func usage(err error) error {
	if err == nil {
		return nil
	}
	var ie *matrix.InvalidError
	if errors.As(err, &ie) {
		return err
	}
	return &matrix.InvalidError{Err: err}
}

// exitError is a target's error with the exit status mage gives it: mage's generated main exits with
// the status of an error that has an ExitStatus method, else 1.
type exitError struct {
	err    error
	status int
}

func (e exitError) Error() string   { return e.err.Error() }
func (e exitError) Unwrap() error   { return e.err }
func (e exitError) ExitStatus() int { return e.status }

// Exit is what a mage target returns: err with exit status 2 when it is a *matrix.InvalidError (a bad
// option, nothing ran), and an error when ctx was cancelled (Ctrl-C,
// SIGTERM) even if the target's work returned nil, so that an interrupted target never exits 0.
func Exit(ctx context.Context, err error) error {
	var ie *matrix.InvalidError
	switch {
	case err != nil && errors.As(err, &ie):
		return exitError{err, ExitUsage}
	case err != nil:
		return exitError{err, ExitError}
	case ctx.Err() != nil:
		return exitError{fmt.Errorf("interrupted: %w", context.Cause(ctx)), ExitError}
	}
	return nil
}
