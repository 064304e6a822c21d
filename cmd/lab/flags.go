package main

import (
	"errors"
	"flag"
	"io"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
)

// newFlagSet is a subcommand's flag set: errors and -h go to stderr, and parse (not the flag package)
// decides what a bad command line does.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parse parses args into fs. -h is flag.ErrHelp (run exits 0); any other error is a usage error the
// flag package has already printed with the flags (run exits 2 without repeating it).
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return &matrix.UsageError{Err: err, Printed: true}
	}
	return nil
}

// usagef is a bad command line found after parsing: run prints it with a pointer to -h and exits 2.
func usagef(err error) error { return &matrix.UsageError{Err: err} }

// listFlag collects a repeatable, comma-separated flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	*l = append(*l, splitList(s)...)
	return nil
}

// splitList splits a comma-separated flag value; given empty, it is an empty list, not nil (nil is a
// flag not given).
func splitList(v string) []string {
	out := []string{}
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
