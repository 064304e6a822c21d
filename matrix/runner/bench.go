package runner

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/deflate"
	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostbin"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
	"github.com/deflatelab/deflatelab/matrix/workload"
	"github.com/deflatelab/deflatelab/variants"
)

// BenchMain is `lab bench`: it runs a profile's plan, narrowed by flags, and prints the results
// directory. args are the flags after "bench".
func BenchMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		profile = fs.String("profile", "quick", fmt.Sprintf("starting plan, one of %v", ProfileNames()))
		_       = fs.String("variants", "", fmt.Sprintf("comma-separated variants, of %v or %s/N (default: the profile's; %s is the A/A control: the control host as a candidate)", CandidateNames(), matrix.Pooled, matrix.AA))
		_       = fs.String("workloads", "", fmt.Sprintf("comma-separated workloads, of %s (default: the profile's)", strings.Join(workload.Names(), ",")))
		zlibng  = fs.String("zlibng", "", fmt.Sprintf("zlib-ng generation whose deflate the engine runs: %s (default: the profile's, %s)", matrix.GenerationChoices(), matrix.DefaultZlibNG))
		dops    = fs.String("dops", "", fmt.Sprintf("comma-separated degrees of parallelism, each 1..%d (default: the profile's)", hostresult.MaxDOP))
		_       = fs.String("phases", "", "comma-separated phases, of cold,warm (default: the profile's)")
		_       = fs.String("backends", "", fmt.Sprintf("comma-separated allocator backends as the hosts name them, or %q, or %q alone for every backend the hosts have (default: the profile's)", DefaultBackend, AllBackends))
		_       = fs.Int("rounds", 0, "rounds per cell (default: the profile's)")
		order   = fs.String("order", "", "order of the variants within a round: rotate or shuffle (default: rotate)")
		seed    = fs.Uint64("seed", 0, "shuffle seed; 0 picks one and records it in run.json")
		_       = fs.Int("cold-ops", 0, "measured operations of a cold sample (default: the profile's)")
		_       = fs.Int("warm-ops", 0, "measured operations of a warm sample (default: the profile's)")
		_       = fs.Int("warmup", 0, "warm-up operations before a warm sample (default: the profile's)")
		out     = fs.String("out", "", "results directory (default results/<timestamp>-<goos>-<goarch>)")
		bin     = fs.String("bin", "", "directory of the host binaries (default bin/<goos>-<goarch>, of -platform when given)")
		resume  = fs.Bool("resume", false, "continue the run in -out, skipping its recorded samples; the plan comes from its run.json")
		retry   = fs.Bool("retry-failed", false, "with -resume: take the run's failed samples again too; each retry replaces its failed attempt, which stays on disk, superseded")
		timeout = fs.Duration("timeout", 0, "per-sample timeout (default: the profile's)")
		split   = fs.Bool("force-split", true, "splitalloc uses the split layout on every platform, not only Win64 (false: the seed's patch as written, a no-op off Win64)")
		poolCap = fs.String("pool-capacity", "", fmt.Sprintf("comma-separated idle-state bounds of the pooled variant, each 1..%d and each a candidate pooled/N (default: the profile's)", variants.MaxPoolCapacity))
		emu     = fs.String("exec", "", "run every host as `CMD` host-binary flags... (words split at spaces): an emulator such as qemu-aarch64-static or a wine wrapper, for another platform's hosts; needs -platform. The run and its samples are marked emulated: a functional check, not a timing")
		plat    = fs.String("platform", "", "goos/goarch of the hosts (default: this machine's); with -exec, the platform the emulator runs")
		adapt   = fs.Bool("adaptive", false, "adaptive rounds: batches of two order-balanced rounds, each cell closing once every comparison in it is decided (faster, slower, or equivalent within -equiv-margin) by an anytime-valid rule, at most -rounds (docs/METHOD.md, \"Adaptive rounds\"; default: the profile's)")
		_       = fs.Int("resample", 0, "extra rounds, at most, for each cell the regime detector flags unstable after its rounds (even; 0: none; default: the profile's)")
		_       = fs.Float64("equiv-margin", 0, "equivalence margin of verdicts and adaptive stopping, a fraction (default 0.02: within -+2%)")
		replica = fs.String("replica", "", fmt.Sprintf("I/K: run replica I of K of the plan (1 <= I <= K <= %d), its own run on its own runner as a rule; lab merge combines the K results folders (run.json records the replica and the machine)", matrix.MaxReplicas))
		pairing = fs.String("pairing", "", fmt.Sprintf("how a round's pair runs: %s (one process after the other) or %s (control and the candidate at once, each pinned to processors of its own, where the round is one pair and 2 x DOP <= processors; other cells alternate) (default: the profile's, %s)", matrix.Alternating, matrix.Duet, matrix.Alternating))
		prog    = fs.String("progress", "auto", "progress on stderr: auto (one live line on a terminal, a line per sample otherwise), lines, or none (the summary line only)")
	)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return &matrix.UsageError{Err: err, Printed: true} // the flag package has printed it and the flags
	}
	if fs.NArg() > 0 {
		return usageErrorf("bench: unexpected arguments %q; all input is flags", fs.Args())
	}
	if !slices.Contains([]string{"auto", "lines", "none"}, *prog) {
		return usageErrorf("bench: -progress %q: allowed: auto, lines, none", *prog)
	}
	emulator := strings.Fields(*emu)
	goos, goarch := runtime.GOOS, runtime.GOARCH
	if *plat != "" {
		var ok bool
		if goos, goarch, ok = strings.Cut(*plat, "/"); !ok || goos == "" || goarch == "" || strings.Contains(goarch, "/") {
			return usageErrorf("bench: -platform %q: want goos/goarch, e.g. windows/amd64", *plat)
		}
	} else if len(emulator) > 0 && !*resume {
		return usageErrorf("bench: -exec runs another platform's hosts: give -platform goos/goarch too (e.g. windows/amd64 under wine, linux/arm64 under qemu-aarch64-static)")
	}

	if *timeout < 0 {
		return usageErrorf("bench: -timeout %v is negative; allowed: a positive duration such as 30s, or 0 for the profile's", *timeout)
	}
	if *retry && !*resume {
		return usageErrorf("bench: -retry-failed retakes a run's failed samples: give -resume -out <run> too")
	}
	p, err := ProfileByName(*profile)
	if err != nil {
		return &matrix.UsageError{Err: err}
	}
	plan := p.Plan
	complete := false
	var replicaOf *matrix.Replica
	if *resume {
		if *out == "" {
			return usageErrorf("bench: -resume needs -out, the results directory to continue")
		}
		var planFlags []string
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "out", "bin", "resume", "retry-failed", "timeout", "exec", "progress", "zlibng":
			default:
				planFlags = append(planFlags, "-"+f.Name)
			}
		})
		if len(planFlags) > 0 {
			return usageErrorf("bench: -resume takes the plan from %s; drop %s", filepath.Join(*out, resultsdir.ManifestFile), strings.Join(planFlags, " "))
		}
		m, err := resultsdir.ReadManifest(*out)
		if held, h, _, _ := resultsdir.LockState(*out); err != nil && held { // a run starting there: run.json comes soon
			return &resultsdir.LockedError{Dir: *out, Holder: h}
		}
		if err != nil {
			return fmt.Errorf("bench: -resume: %w", err)
		}
		if len(m.Instances) > 0 {
			return usageErrorf("bench: -resume: %s is a merged folder (lab merge) of %d runs; resume one of the runs merged, then merge again", *out, len(m.Instances))
		}
		plan = m.Plan
		if flagGiven(fs, "zlibng") && *zlibng != plan.Generation() {
			return usageErrorf("bench: -resume -zlibng %s: the run in %s ran zlib-ng %s, and a run holds one generation; continue it without -zlibng (or with -zlibng %s), or start a new run for %s",
				*zlibng, *out, plan.Generation(), plan.Generation(), *zlibng)
		}
		if goos, goarch, _ = strings.Cut(plan.Platform, "/"); !flagGiven(fs, "exec") {
			emulator = strings.Fields(m.Emulated)
		}
		if p, err = ProfileByName(plan.Profile); err != nil {
			return err
		}
		if err := ValidatePlan(plan); err != nil {
			return usageErrorf("bench: -resume: the plan in %s is not valid (%v): its samples cannot be checked against it, so the run cannot be continued; start a new run", filepath.Join(*out, resultsdir.ManifestFile), err)
		}
		// Complete means every planned sample is on disk, counted from the samples themselves: a line
		// lost or renamed leaves a hole that run.json's counts do not show.
		if rf, err := resultsdir.ReadResultsFile(filepath.Join(*out, resultsdir.SamplesFile)); err == nil && len(rf.Bad) == 0 {
			kept, findings := resultsdir.Screen(&m.Plan, m.RunIDs(), rf.Path, rf.Samples, rf.Lines)
			resultsdir.Reconcile(&m, *out, kept, findings)
			complete = m.Complete() && (!*retry || m.Failed == 0)
		} // else a torn or broken line, or no file: the runner's resume cuts or names it
		if *timeout == 0 && m.Timeout != "" {
			if *timeout, err = time.ParseDuration(m.Timeout); err != nil {
				return fmt.Errorf("bench: -resume: run.json timeout: %w", err)
			}
		}
	} else {
		plan.Platform = goos + "/" + goarch
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		for name, dst := range map[string]*[]string{"variants": &plan.Variants, "workloads": &plan.Workloads, "phases": &plan.Phases, "backends": &plan.Backends} {
			if set[name] {
				*dst = splitList(fs.Lookup(name).Value.String())
			}
		}
		if set["dops"] {
			if plan.DOPs, err = ParseDOPs(*dops); err != nil {
				return &matrix.UsageError{Err: err} // the same check and words as the mage targets' (Settings)
			}
		}
		for name, dst := range map[string]*int{"rounds": &plan.Rounds, "cold-ops": &plan.ColdOps, "warm-ops": &plan.WarmOps, "warmup": &plan.Warmup} {
			if set[name] {
				*dst, _ = strconv.Atoi(fs.Lookup(name).Value.String())
			}
		}
		if set["order"] {
			plan.Order = *order
		}
		if set["adaptive"] {
			plan.Adaptive = nil
			if *adapt {
				a := matrix.DefaultAdaptive
				plan.Adaptive = &a
				if r := plan.Rounds % a.Batch; r != 0 && !set["rounds"] { // the profile's rounds, up to whole batches
					plan.Rounds += a.Batch - r
				}
			}
		}
		if set["resample"] {
			n, _ := strconv.Atoi(fs.Lookup("resample").Value.String())
			switch {
			case n == 0:
				plan.Resample = nil
			case n < 0 || n%2 != 0:
				return usageErrorf("bench: -resample %d: want 0 (off) or an even number of extra rounds (foldover pairs)", n)
			default:
				plan.Resample = &matrix.Resample{MaxExtra: n}
			}
		}
		if set["pairing"] {
			if err := matrix.CheckPairing(*pairing); err != nil || *pairing == "" {
				return usageErrorf("bench: -pairing %q: allowed: %s or %s", *pairing, matrix.Alternating, matrix.Duet)
			}
			plan.Pairing = *pairing
		}
		if set["equiv-margin"] {
			plan.EquivMargin, _ = strconv.ParseFloat(fs.Lookup("equiv-margin").Value.String(), 64)
		}
		if set["zlibng"] {
			if _, err := deflate.ParseGeneration(*zlibng); err != nil {
				return usageErrorf("bench: -zlibng %q: allowed: %s", *zlibng, matrix.GenerationChoices())
			}
			plan.ZlibNG = *zlibng
		}
		plan.Seed = *seed
		plan.ForceSplit = *split
		if set["pool-capacity"] {
			if plan.Variants, err = applyCapacities(plan.Variants, *poolCap); err != nil {
				return &matrix.UsageError{Err: err}
			}
		}
		if plan.Order == matrix.Shuffle && plan.Seed == 0 {
			plan.Seed = rand.Uint64()
		}
		if *replica != "" {
			rep, err := matrix.ParseReplica(*replica)
			if err != nil {
				return &matrix.UsageError{Err: fmt.Errorf("bench: -replica: %w", err)}
			}
			if plan.Order == matrix.Shuffle && !set["seed"] {
				return usageErrorf("bench: -replica with -order shuffle: give -seed too, the same for every replica, so that the replicas share one plan (lab merge refuses different plans)")
			}
			replicaOf = &rep
		}
		if *out == "" {
			*out = filepath.Join("results", time.Now().UTC().Format("20060102-150405")+"-"+goos+"-"+goarch)
			if replicaOf != nil {
				*out += fmt.Sprintf("-r%dof%d", replicaOf.Index, replicaOf.Count)
			}
		}
		if err := ValidatePlan(plan); err != nil {
			return &matrix.UsageError{Err: err}
		}
		for _, w := range plan.Warnings() {
			fmt.Fprintf(stderr, "bench: warning: %s\n", w)
		}
	}
	if *timeout == 0 {
		*timeout = p.Timeout
	}

	if *bin == "" {
		*bin = hostbin.Dir("bin", goos, goarch)
	}
	r := &Runner{
		Plan: plan, Dir: *out, Timeout: *timeout, Resume: *resume, RetryFailed: *retry, Exec: emulator,
		Command: append([]string{"lab", "bench"}, args...), Progress: stderr, Live: *prog == "auto" && IsTerminal(stderr),
		Hosts: map[string]string{}, Policy: matrix.NewPolicy(plan, matrix.Unstable), Replica: replicaOf,
	}
	if *prog == "none" {
		r.Progress = nil
	}
	for _, v := range plan.Variants {
		r.Hosts[matrix.HostVariant(v)] = hostbin.Path(*bin, goos, matrix.HostVariant(v))
	}
	if complete {
		fmt.Fprintf(stderr, "bench: %s is complete: every planned sample is recorded, and every cell closed; nothing to resume\n", *out)
	} else {
		err = r.Run(ctx)
	}
	var locked *resultsdir.LockedError
	m, statErr := resultsdir.ReadManifest(*out)
	switch {
	case errors.As(err, &locked):
		return err // another run's directory: its counts are not this command's to print
	case errors.Is(err, errInterrupted) && statErr != nil:
		return fmt.Errorf("%w before the run started; nothing was written", err)
	case errors.Is(err, errInterrupted):
		err = fmt.Errorf("%w; the samples so far are kept, continue with: %s", err, resultsdir.ResumeCommand(*out))
	case diskFull(err) && statErr != nil:
		err = fmt.Errorf("disk full: %w; nothing was recorded: free some space, then run the command again", err)
	case diskFull(err): // whichever file hit the limit: a sample's line, run.json, bench.txt, the lock
		err = fmt.Errorf("disk full: %w; every record before it is kept: free some space, then continue with: %s", err, resultsdir.ResumeCommand(*out))
	case errors.Is(err, errRecording):
		err = fmt.Errorf("%w; the samples before it are kept: free some space, then continue with: %s", err, resultsdir.ResumeCommand(*out))
	}
	if statErr != nil {
		return err
	}
	samples, findings, readErr := resultsdir.ReadRun(*out, m)
	sum := resultsdir.Summarize(m.Plan, m.Planned, samples)
	left := ""
	if len(findings) > 0 {
		left = fmt.Sprintf("; %s left out (%s)", resultsdir.Lines(len(findings)), resultsdir.CountFindings(findings))
	}
	replicaNote := ""
	if m.Replica != nil {
		replicaNote = fmt.Sprintf(" (replica %s)", m.Replica)
	}
	fmt.Fprintf(stderr, "bench: %s%s%s in %s%s\n", sum, left, RoundsNote(m.Cells), *out, replicaNote)
	fmt.Fprintln(stdout, *out)
	if err == nil && readErr == nil && len(sum.Unusable) > 0 {
		err = fmt.Errorf("bench: %w", &resultsdir.UnusableError{Dir: *out, Summary: sum})
	}
	return err
}

// RoundsNote says, for the summary line, how a run's cells closed when they did not all simply take the
// plan's rounds (adaptive stopping, re-sampling): "; cells: 20 decided, 9 futile, 3 cap (5 of them re-sampled: 14
// extra rounds)". Empty for a fixed run without extra rounds.
func RoundsNote(cells []matrix.CellRun) string {
	count := map[string]int{}
	resampled, extra := 0, 0
	for _, c := range cells {
		count[c.ClosedBy]++
		if c.Extra() > 0 {
			resampled++
			extra += c.Extra()
		}
	}
	if count[matrix.ClosedPlanned] == len(cells) {
		return ""
	}
	var parts []string
	for _, k := range []string{matrix.ClosedDecided, matrix.ClosedFutile, matrix.ClosedCap, matrix.ClosedPlanned, matrix.ClosedStable, matrix.ClosedUnstableCap, ""} {
		if n := count[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, cmp.Or(k, "open")))
		}
	}
	note := "; cells: " + strings.Join(parts, ", ")
	if resampled > 0 {
		note += fmt.Sprintf(" (%d of them re-sampled: %d extra rounds)", resampled, extra)
	}
	return note
}

// flagGiven reports whether the flag called name was given.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// applyCapacities replaces the pooled candidates of vs by one per capacity in the -pool-capacity list.
func applyCapacities(vs []string, list string) ([]string, error) {
	var caps []int
	for _, c := range splitList(list) {
		n, err := matrix.ParseCapacity(c)
		if err != nil {
			return nil, fmt.Errorf("bench: -pool-capacity: %w", err)
		}
		caps = append(caps, n)
	}
	if len(caps) == 0 {
		return nil, fmt.Errorf("bench: -pool-capacity is empty; give capacities such as 8,12,16")
	}
	if !slices.ContainsFunc(vs, func(v string) bool { return matrix.HostVariant(v) == matrix.Pooled }) {
		return nil, fmt.Errorf("bench: -pool-capacity %s, but the variants %v include no %s", list, vs, matrix.Pooled)
	}
	return withCapacities(vs, caps), nil
}

// splitList splits a comma-separated flag value; an empty value is an empty list.
func splitList(v string) []string {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
