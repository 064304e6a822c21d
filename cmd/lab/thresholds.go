package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"

	"github.com/deflatelab/deflatelab/matrix/giveback"
	"github.com/deflatelab/deflatelab/matrix/giveback/probe"
	"github.com/deflatelab/deflatelab/matrix/report"
)

// thresholdsMain is `lab thresholds [-out DIR]`: its flags become probe.Options, the result is written
// by report.WriteThresholds and printed as markdown. `-probe SPEC` is the probe process that lab
// thresholds starts itself as, once per point and repeat (probe.Serve); `-from FILE` renders a result
// written before, without measuring.
func thresholdsMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("thresholds", stderr)
	var o probe.Options
	var backends, sizes, patterns listFlag
	fs.Var(&backends, "backends", "the `backends` to probe, comma-separated (default: every one this build provides)")
	fs.Var(&sizes, "sizes", "block `sizes` in bytes, comma-separated (default: 4 KiB to 2 MiB, two per octave, and the deflate state's blocks)")
	fs.Var(&patterns, "patterns", "free `patterns`: same, window/N, batch/N (default: same,window/8,batch/8)")
	fs.IntVar(&o.Rounds, "rounds", giveback.DefaultRounds, "rounds per probe process, at least (small blocks take more, to allocate 32 MiB); the last half are the steady state")
	fs.IntVar(&o.Repeats, "repeats", probe.DefaultRepeats, "fresh probe processes per point (the median is reported)")
	out := fs.String("out", "", "write NAME.json, NAME.svg and NAME.md into this `folder` (default: print the markdown only)")
	name := fs.String("name", runtime.GOOS+"-"+runtime.GOARCH, "the files' base `name` under -out")
	from := fs.String("from", "", "render a result `file` (NAME.json) written before instead of measuring")
	spec := fs.String("probe", "", "run one probe `spec` (backend,size,pattern,rounds) in this process and print its trace as JSON: what lab thresholds starts itself as")
	if err := parse(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return usagef(fmt.Errorf("thresholds: unexpected arguments %q", fs.Args()))
	case o.Rounds < giveback.MinRounds || o.Rounds > giveback.MaxRounds:
		return usagef(fmt.Errorf("thresholds: -rounds %d: allowed: %d..%d", o.Rounds, giveback.MinRounds, giveback.MaxRounds))
	case o.Repeats < 1 || o.Repeats > probe.MaxRepeats:
		return usagef(fmt.Errorf("thresholds: -repeats %d: allowed: 1..%d", o.Repeats, probe.MaxRepeats))
	}
	if *spec != "" {
		if err := probe.Serve(*spec, stdout); err != nil {
			return fmt.Errorf("thresholds: %w", err)
		}
		return nil
	}
	var r giveback.Result
	if *from != "" {
		f, err := os.Open(*from)
		if err != nil {
			return usagef(fmt.Errorf("thresholds: -from: %w", err))
		}
		defer f.Close()
		if r, err = giveback.ReadJSON(f, *from); err != nil {
			return err
		}
	} else {
		var err error
		if o, err = thresholdsOptions(o, backends, sizes, patterns); err != nil {
			return err
		}
		exe, err := os.Executable()
		if err != nil {
			return fmt.Errorf("thresholds: finding this program to start its probes: %w", err)
		}
		o.Probe = []string{exe, "thresholds", "-probe"}
		o.Progress = stderr
		if r, err = probe.Run(ctx, o); err != nil {
			return err
		}
	}
	if *out != "" {
		path, err := report.WriteThresholds(*out, *name, r)
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "thresholds: wrote %s (and its .json and .svg)\n", path)
	}
	return r.Markdown(stdout, "")
}

// thresholdsOptions reads the list flags into o; a list flag not given stays nil (the default).
func thresholdsOptions(o probe.Options, backends, sizes, patterns listFlag) (probe.Options, error) {
	if backends != nil {
		o.Backends = []string(backends)
	}
	if sizes != nil {
		o.Sizes = []int{}
		for _, s := range sizes {
			n, err := strconv.Atoi(s)
			if err != nil {
				return o, usagef(fmt.Errorf("thresholds: -sizes %q: %q is not a whole number of bytes", sizes.String(), s))
			}
			o.Sizes = append(o.Sizes, n)
		}
	}
	if patterns != nil {
		o.Patterns = []giveback.Pattern{}
		for _, s := range patterns {
			p, err := giveback.ParsePattern(s)
			if err != nil {
				return o, usagef(fmt.Errorf("thresholds: -patterns: %w", err))
			}
			o.Patterns = append(o.Patterns, p)
		}
	}
	return o, nil
}
