package runner

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostbin"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// Bench is `lab bench` and the bench targets' run: it runs o's plan (a profile's, narrowed by o's plan
// fields) or continues the run o.Resume names, then prints the results directory on stdout and a
// summary line on stderr. Everything wrong with o is refused, as a *matrix.InvalidError, before anything
// runs.
func Bench(ctx context.Context, o BenchOptions, stdout, stderr io.Writer) error {
	if err := o.Validate(); err != nil {
		return err
	}
	if err := resultsdir.CheckDir(cmp.Or(o.Out, "results")); err != nil {
		return matrix.Invalidf("bench: -out %s: %v", o.Out, err)
	}
	emulator := o.Exec
	goos, goarch := o.platform()
	out, timeout, bin := o.Out, o.Timeout, o.Bin
	p, err := ProfileByName(cmp.Or(o.Profile, "quick"))
	if err != nil {
		return &matrix.InvalidError{Err: err}
	}
	plan := p.Plan
	complete := false
	var replicaOf *matrix.Replica
	if o.Resume {
		m, err := resultsdir.ReadManifest(out)
		if held, h, _, _ := resultsdir.LockState(out); err != nil && held { // a run starting there: run.json comes soon
			return &resultsdir.LockedError{Dir: out, Holder: h}
		}
		if err != nil {
			return fmt.Errorf("bench: -resume: %w", err)
		}
		if resultsdir.InReportCopy(out) {
			where := "in the run's own results folder (its run.json, older than the record, does not name it)"
			if m.Dir != "" && !resultsdir.InReportCopy(m.Dir) {
				where = "where it was written: " + resultsdir.ResumeCommand(m.Dir)
			}
			return matrix.Invalidf("bench: -resume -out %s: that is a report's copy of run %s, not its results folder, and new samples there would split the run in two; continue it %s", out, m.Run, where)
		}
		if len(m.Instances) > 0 {
			return matrix.Invalidf("bench: -resume: %s is a merged folder (lab merge) of %d runs; resume one of the runs merged, then merge again", out, len(m.Instances))
		}
		plan = m.Plan
		if o.ZlibNG != "" && o.ZlibNG != plan.Generation() {
			return matrix.Invalidf("bench: -resume -zlibng %s: the run in %s ran zlib-ng %s, and a run holds one generation; continue it without -zlibng (or with -zlibng %s), or start a new run for %s",
				o.ZlibNG, out, plan.Generation(), plan.Generation(), o.ZlibNG)
		}
		if goos, goarch, _ = strings.Cut(plan.Platform, "/"); o.Exec == nil {
			emulator = strings.Fields(m.Emulated)
		}
		if p, err = ProfileByName(plan.Profile); err != nil {
			return err
		}
		if err := ValidatePlan(plan); err != nil {
			return matrix.Invalidf("bench: -resume: the plan in %s is not valid (%v): its samples cannot be checked against it, so the run cannot be continued; start a new run", filepath.Join(out, resultsdir.ManifestFile), err)
		}
		// Complete means every planned sample is on disk, counted from the samples themselves: a line
		// lost or renamed leaves a hole that run.json's counts do not show.
		if rf, err := resultsdir.ReadResultsFile(filepath.Join(out, resultsdir.SamplesFile)); err == nil && len(rf.Bad) == 0 {
			kept, findings := resultsdir.Screen(&m.Plan, m.RunIDs(), rf.Path, rf.Samples, rf.Lines)
			resultsdir.Reconcile(&m, out, kept, findings)
			complete = m.Complete() && (!o.RetryFailed || m.Failed == 0)
		} // else a torn or broken line, or no file: the runner's resume cuts or names it
		if timeout == 0 && m.Timeout != "" {
			if timeout, err = time.ParseDuration(m.Timeout); err != nil {
				return fmt.Errorf("bench: -resume: run.json timeout: %w", err)
			}
		}
	} else {
		plan.Platform = goos + "/" + goarch
		if plan, err = o.narrow(plan); err != nil {
			return err
		}
		if plan.Order == matrix.Shuffle && plan.Seed == 0 {
			plan.Seed = rand.Uint64()
		}
		if o.Replica != nil {
			if plan.Order == matrix.Shuffle && o.Seed == 0 {
				return matrix.Invalidf("bench: -replica with -order shuffle: give -seed too, the same for every replica, so that the replicas share one plan (lab merge refuses different plans)")
			}
			rep := *o.Replica
			replicaOf = &rep
		}
		if out == "" {
			out = filepath.Join("results", time.Now().UTC().Format("20060102-150405")+"-"+goos+"-"+goarch)
			if replicaOf != nil {
				out += fmt.Sprintf("-r%dof%d", replicaOf.Index, replicaOf.Count)
			}
		}
		if err := ValidatePlan(plan); err != nil {
			return &matrix.InvalidError{Err: err}
		}
		for _, w := range plan.Warnings() {
			fmt.Fprintf(stderr, "bench: warning: %s\n", w)
		}
	}
	if timeout == 0 {
		timeout = p.Timeout
	}

	if bin == "" {
		bin = hostbin.Dir("bin", goos, goarch)
		if err := buildLayoutHosts(ctx, plan.HostBuilds(), bin, goos, goarch, stderr); err != nil {
			return err
		}
	}
	r := &Runner{
		Plan: plan, Dir: out, Timeout: timeout, Resume: o.Resume, RetryFailed: o.RetryFailed, Exec: emulator,
		Command: append([]string{"lab", "bench"}, o.Args()...), Progress: stderr, Live: cmp.Or(o.Progress, "auto") == "auto" && IsTerminal(stderr),
		Hosts: map[string]string{}, Policy: matrix.NewPolicy(plan, matrix.Unstable), Replica: replicaOf,
	}
	if o.Progress == "none" {
		r.Progress = nil
	}
	for _, hb := range plan.HostBuilds() {
		r.Hosts[hb] = hostbin.Path(bin, goos, hb)
	}
	if notes, none := plan.DuetNotes(r.processors()); none {
		return matrix.Invalidf("bench: -pairing duet: no cell can run as a duet: %s; or give -pairing alternating", duetReasons(notes))
	} else if len(notes) > 0 && !complete {
		fmt.Fprintf(stderr, "bench: -pairing duet: %d of %d cells run alternating in some or all rounds: %s (run.json: alternating)\n", len(notes), len(plan.Cells()), duetReasons(notes))
	}
	if complete {
		fmt.Fprintf(stderr, "bench: %s is complete: every planned sample is recorded, and every cell closed; nothing to resume\n", out)
	} else {
		err = r.Run(ctx)
	}
	var locked *resultsdir.LockedError
	m, statErr := resultsdir.ReadManifest(out)
	switch {
	case errors.As(err, &locked):
		return err // another run's directory: its counts are not this command's to print
	case errors.Is(err, errInterrupted) && statErr != nil:
		return fmt.Errorf("%w before the run started; nothing was written", err)
	case errors.Is(err, errInterrupted):
		err = &ResumableError{Err: fmt.Errorf("%w; the samples so far are kept, continue with: %s", err, resultsdir.ResumeCommand(out)), Dir: out}
	case diskFull(err) && statErr != nil:
		err = fmt.Errorf("disk full: %w; nothing was recorded: free some space, then run the command again", err)
	case diskFull(err): // whichever file hit the limit: a sample's line, run.json, bench.txt, the lock
		err = &ResumableError{Err: fmt.Errorf("disk full: %w; every record before it is kept: free some space, then continue with: %s", err, resultsdir.ResumeCommand(out)), Dir: out}
	case errors.Is(err, errRecording):
		err = &ResumableError{Err: fmt.Errorf("%w; the samples before it are kept: free some space, then continue with: %s", err, resultsdir.ResumeCommand(out)), Dir: out}
	}
	if statErr != nil {
		return err
	}
	samples, findings, readErr := resultsdir.ReadRun(out, m)
	line, sum := summaryLine(out, m, samples, findings)
	fmt.Fprintln(stderr, line)
	fmt.Fprintln(stdout, out)
	if err == nil && readErr == nil && len(sum.Unusable) > 0 {
		err = fmt.Errorf("bench: %w", &resultsdir.UnusableError{Dir: out, Summary: sum})
	}
	return err
}

// ResumableError is a bench that stopped with its samples kept (interrupted, a full disk): its text ends
// in "continue with: " and the resume command of Dir, the results folder, so that a caller that words
// the stop its own way (the matrix target's "bench interrupted") can still say how to go on.
type ResumableError struct {
	Err error
	Dir string
}

func (e *ResumableError) Error() string { return e.Err.Error() }
func (e *ResumableError) Unwrap() error { return e.Err }

// Continue is the hint the error ends with: "continue with: go run ./cmd/lab bench -resume -out <Dir>".
func (e *ResumableError) Continue() string {
	return "continue with: " + resultsdir.ResumeCommand(e.Dir)
}

// duetReasons groups a duet plan's notes by reason: "4 cells: DOP 8: a duet needs 2 x 8 processors, this
// machine has 2; 12 cells: 3 variants: ...".
func duetReasons(notes []matrix.PairingNote) string {
	var reasons []string
	count := map[string]int{}
	for _, n := range notes {
		if count[n.Reason] == 0 {
			reasons = append(reasons, n.Reason)
		}
		count[n.Reason]++
	}
	parts := make([]string, len(reasons))
	for i, r := range reasons {
		parts[i] = fmt.Sprintf("%d cell(s): %s", count[r], r)
	}
	return strings.Join(parts, "; ")
}

// summaryLine is the line a bench ends with, and its counts: the samples of out (read by
// resultsdir.ReadRun, findings the lines left out) against m's plan, counted as run.json counts them.
func summaryLine(out string, m matrix.Manifest, samples []matrix.Sample, findings []resultsdir.Finding) (string, resultsdir.Summary) {
	sum := resultsdir.Summarize(m, samples)
	left := ""
	if len(findings) > 0 {
		left = fmt.Sprintf("; %s left out (%s)", resultsdir.Lines(len(findings)), resultsdir.CountFindings(findings))
	}
	replicaNote := ""
	if m.Replica != nil {
		replicaNote = fmt.Sprintf(" (replica %s)", m.Replica)
	}
	return fmt.Sprintf("bench: %s%s%s in %s%s", sum, left, RoundsNote(m.Cells), out, replicaNote), sum
}

// RoundsNote says, for the summary line, how a run's cells closed when they did not all simply take the
// plan's rounds (adaptive stopping, re-sampling): "; cells: 20 decided, 9 futile, 3 cap (5 of them re-sampled: 14
// extra rounds)", naming up to resultsdir.MaxListed re-sampled cells. Empty for a fixed run without extra rounds.
func RoundsNote(cells []matrix.CellRun) string {
	count := map[string]int{}
	resampled, extra := 0, 0
	var named []string
	for _, c := range cells {
		count[c.ClosedBy]++
		if c.Extra() > 0 {
			resampled++
			extra += c.Extra()
			if len(named) < resultsdir.MaxListed {
				named = append(named, fmt.Sprintf("%s +%d", c.Cell, c.Extra()))
			} else if len(named) == resultsdir.MaxListed {
				named = append(named, "...")
			}
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
		note += fmt.Sprintf(" (%d of them re-sampled: %d extra rounds; %s)", resampled, extra, strings.Join(named, ", "))
	}
	return note
}
