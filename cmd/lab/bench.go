package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/runner"
)

// benchMain is `lab bench`: its flags become runner.BenchOptions (parseBench), which runner.Bench runs.
func benchMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parseBench(args, stderr)
	if err != nil {
		return err
	}
	return runner.Bench(ctx, o, stdout, stderr)
}

// parseBench reads lab bench's flags into options: one flag per row of runner.PlanSettings. The
// flag package only collects the values; each given one is then read by its row, so that a value a row
// refuses is named with its flag (-dops: ..., -pairing "both": allowed: ...) rather than followed by
// every flag's help. A flag not given leaves its field unset (the profile's), so that a flag given with
// its default value still counts as given (-resume refuses plan flags); BenchOptions.Args is the
// inverse, which the tests check.
func parseBench(args []string, stderr io.Writer) (runner.BenchOptions, error) {
	fs := newFlagSet("bench", stderr)
	given := map[string]string{} // flag name -> its last value
	for _, s := range runner.PlanSettings {
		keep := func(v string) error { given[s.Name] = v; return nil }
		if s.Kind == runner.ValueFlag {
			fs.Func(s.Name, s.Usage, keep)
		} else {
			fs.BoolFunc(s.Name, s.Usage, keep)
		}
	}
	var o runner.BenchOptions
	if err := parse(fs, args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, usagef(fmt.Errorf("bench: unexpected arguments %q; all input is flags", fs.Args()))
	}
	for _, s := range runner.PlanSettings {
		v, ok := given[s.Name]
		if !ok {
			continue
		}
		if err := s.Set(&o, v); err != nil {
			if strings.HasPrefix(err.Error(), "allowed: ") { // the row's words, which name neither flag nor value
				return o, usagef(fmt.Errorf("bench: -%s %q: %w", s.Name, v, err))
			}
			return o, usagef(fmt.Errorf("bench: -%s: %w", s.Name, err))
		}
	}
	return o, nil
}
