package main

import (
	"errors"
	"flag"
	"io"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/runner"
)

// newFlagSet is a subcommand's flag set: errors and -h go to stderr, and parse (not the flag package)
// decides what a bad command line does.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// usageError is a bad command line: nothing ran, and run exits 2. printed is set when the flag package
// has already printed the problem and the flags. Options a library refuses (*matrix.InvalidError) exit
// 2 as well; this type is the command line's own, and lives here only.
type usageError struct {
	err     error
	printed bool
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// parse parses args into fs. -h is flag.ErrHelp (run exits 0); any other error is a usage error the
// flag package has already printed with the flags (run exits 2 without repeating it).
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return &usageError{err: err, printed: true}
	}
	return nil
}

// usagef is a bad command line found after parsing: run prints it with a pointer to -h and exits 2.
func usagef(err error) error { return &usageError{err: err} }

// listFlag collects a repeatable, comma-separated flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	*l = append(*l, runner.CommaList(s)...)
	return nil
}
