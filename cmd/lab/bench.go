package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/runner"
	"github.com/deflatelab/deflatelab/matrix/workload"
	"github.com/deflatelab/deflatelab/variants"
)

// benchMain is `lab bench`: its flags become runner.BenchOptions (parseBench), which runner.Bench runs.
func benchMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parseBench(args, stderr)
	if err != nil {
		return err
	}
	return runner.Bench(ctx, o, stdout, stderr)
}

// parseBench reads lab bench's flags into options. A flag not given leaves its field unset (the
// profile's), so that a flag given with its default value still counts as given (-resume refuses plan
// flags); BenchOptions.Args is the inverse, which the tests check.
func parseBench(args []string, stderr io.Writer) (runner.BenchOptions, error) {
	fs := newFlagSet("bench", stderr)
	var o runner.BenchOptions
	var (
		profile     = fs.String("profile", "quick", fmt.Sprintf("starting plan, one of %v", runner.ProfileNames()))
		variantList = fs.String("variants", "", fmt.Sprintf("comma-separated variants, of %v or %s/N, each but %s optionally with %sN, its host linked with layout seed N (default: the profile's; %s is the A/A control: the control host, linked with layout seed %d, as a candidate; control%sN are more layouts of control, for the run's layout sensitivity)", runner.CandidateNames(), matrix.Pooled, matrix.AA, matrix.LayoutTag, matrix.AA, matrix.AALayout, matrix.LayoutTag))
		workloads   = fs.String("workloads", "", fmt.Sprintf("comma-separated workloads, of %s (default: the profile's)", strings.Join(workload.Names(), ",")))
		zlibng      = fs.String("zlibng", "", fmt.Sprintf("zlib-ng generation whose deflate the engine runs: %s (default: the profile's, %s)", matrix.GenerationChoices(), matrix.DefaultZlibNG))
		dops        = fs.String("dops", "", fmt.Sprintf("comma-separated degrees of parallelism, each 1..%d (default: the profile's)", hostresult.MaxDOP))
		phases      = fs.String("phases", "", "comma-separated phases, of cold,warm (default: the profile's)")
		backends    = fs.String("backends", "", fmt.Sprintf("comma-separated allocator backends as the hosts name them, or %q, or %q alone for every backend the hosts have (default: the profile's)", runner.DefaultBackend, runner.AllBackends))
		rounds      = fs.Int("rounds", 0, "rounds per cell (default: the profile's)")
		order       = fs.String("order", "", "order of the variants within a round: rotate or shuffle (default: rotate)")
		seed        = fs.Uint64("seed", 0, "shuffle seed; 0 picks one and records it in run.json")
		coldOps     = fs.Int("cold-ops", 0, "measured operations of a cold sample (default: the profile's)")
		warmOps     = fs.Int("warm-ops", 0, "measured operations of a warm sample (default: the profile's)")
		warmup      = fs.Int("warmup", 0, "warm-up operations before a warm sample (default: the profile's)")
		out         = fs.String("out", "", "results directory (default results/<timestamp>-<goos>-<goarch>)")
		bin         = fs.String("bin", "", "directory of the host binaries (default bin/<goos>-<goarch>, of -platform when given)")
		resume      = fs.Bool("resume", false, "continue the run in -out, skipping its recorded samples; the plan comes from its run.json")
		retry       = fs.Bool("retry-failed", false, "with -resume: take the run's failed samples again too; each retry replaces its failed attempt, which stays on disk, superseded")
		timeout     = fs.Duration("timeout", 0, "per-sample timeout (default: the profile's)")
		split       = fs.Bool("force-split", true, "splitalloc uses the split layout on every platform, not only Win64 (false: the seed's patch as written, a no-op off Win64)")
		poolCap     = fs.String("pool-capacity", "", fmt.Sprintf("comma-separated idle-state bounds of the pooled variant, each 1..%d and each a candidate pooled/N (default: the profile's)", variants.MaxPoolCapacity))
		emu         = fs.String("exec", "", "run every host as `CMD` host-binary flags... (words split at spaces): an emulator such as qemu-aarch64-static or a wine wrapper, for another platform's hosts; needs -platform. The run and its samples are marked emulated: a functional check, not a timing")
		plat        = fs.String("platform", "", "goos/goarch of the hosts (default: this machine's); with -exec, the platform the emulator runs")
		adapt       = fs.Bool("adaptive", false, "adaptive rounds: batches of two order-balanced rounds, each cell closing once every comparison in it is decided (faster, slower, or equivalent within -equiv-margin) by an anytime-valid rule, at most -rounds (docs/METHOD.md, \"Adaptive rounds\"; default: the profile's)")
		resample    = fs.Int("resample", 0, "extra rounds, at most, for each cell the regime detector flags unstable after its rounds (even; 0: none; default: the profile's)")
		margin      = fs.Float64("equiv-margin", 0, "equivalence margin of verdicts and adaptive stopping, a fraction (default 0.02: within -+2%)")
		replica     = fs.String("replica", "", fmt.Sprintf("I/K: run replica I of K of the plan (1 <= I <= K <= %d), its own run on its own runner as a rule; lab merge combines the K results folders (run.json records the replica and the machine)", matrix.MaxReplicas))
		prog        = fs.String("progress", "auto", "progress on stderr: auto (one live line on a terminal, a line per sample otherwise), lines, or none (the summary line only)")
	)
	for _, s := range runner.PlanSettings { // the settings given by name and text, each a flag
		set := func(v string) error { return s.Set(&o, v) }
		if s.Bool {
			fs.BoolFunc(s.Name, s.Usage, set)
		} else {
			fs.Func(s.Name, s.Usage, set)
		}
	}
	if err := parse(fs, args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, usagef(fmt.Errorf("bench: unexpected arguments %q; all input is flags", fs.Args()))
	}
	o.Out, o.Bin, o.Resume, o.RetryFailed, o.Timeout, o.Platform = *out, *bin, *resume, *retry, *timeout, *plat
	o.Seed, o.Order = *seed, *order
	// unchecked here: BenchOptions checks it (Valid) for every caller, with the message tests pin
	o.ZlibNG = matrix.Generation(*zlibng)
	if *prog != "auto" {
		o.Progress = *prog
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	ifGiven(given, "profile", *profile, &o.Profile)
	ifGiven(given, "variants", splitList(*variantList), &o.Variants)
	ifGiven(given, "workloads", splitList(*workloads), &o.Workloads)
	ifGiven(given, "phases", splitList(*phases), &o.Phases)
	ifGiven(given, "backends", splitList(*backends), &o.Backends)
	ifGiven(given, "rounds", rounds, &o.Rounds)
	ifGiven(given, "cold-ops", coldOps, &o.ColdOps)
	ifGiven(given, "warm-ops", warmOps, &o.WarmOps)
	ifGiven(given, "warmup", warmup, &o.Warmup)
	ifGiven(given, "force-split", split, &o.ForceSplit)
	ifGiven(given, "adaptive", adapt, &o.Adaptive)
	ifGiven(given, "resample", resample, &o.Resample)
	ifGiven(given, "equiv-margin", margin, &o.EquivMargin)
	ifGiven(given, "exec", strings.Fields(*emu), &o.Exec)
	if given["dops"] {
		var err error
		if o.DOPs, err = runner.ParseDOPs(*dops); err != nil {
			return o, usagef(err) // the same check and words as the mage targets' (runner.Settings)
		}
	}
	if given["pool-capacity"] {
		o.PoolCapacity = []int{} // given: an empty list is refused, not the profile's
		for _, c := range splitList(*poolCap) {
			n, err := matrix.ParseCapacity(c)
			if err != nil {
				return o, usagef(fmt.Errorf("bench: -pool-capacity: %w", err))
			}
			o.PoolCapacity = append(o.PoolCapacity, n)
		}
	}
	if given["replica"] {
		rep, err := matrix.ParseReplica(*replica)
		if err != nil {
			return o, usagef(fmt.Errorf("bench: -replica: %w", err))
		}
		o.Replica = &rep
	}
	return o, nil
}

// ifGiven sets *dst to v when the flag called name was given: a flag not given leaves its field unset.
func ifGiven[T any](given map[string]bool, name string, v T, dst *T) {
	if given[name] {
		*dst = v
	}
}
