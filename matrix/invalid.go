package matrix

import "fmt"

// InvalidError is input a library entry point refuses before anything runs: options out of bounds, a
// plan the hosts cannot run, results that cannot go together. The commands exit with status 2 for it,
// as for a bad command line (cmd/lab, the mage targets in internal/tasks); the error names the
// setting by its lab flag, which is also the options field's name.
type InvalidError struct{ Err error }

func (e *InvalidError) Error() string { return e.Err.Error() }
func (e *InvalidError) Unwrap() error { return e.Err }

// Invalidf is an *InvalidError with a formatted message.
func Invalidf(format string, args ...any) error {
	return &InvalidError{Err: fmt.Errorf(format, args...)}
}
