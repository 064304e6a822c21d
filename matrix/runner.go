package matrix

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"time"
)

// Runner takes a plan's samples, each in a fresh host process, and records them in a results directory:
// samples.jsonl as they finish, then bench.txt and run.json.
type Runner struct {
	Plan    Plan
	Hosts   map[string]string // host variant -> host binary; every planned candidate's host variant needs one
	Dir     string            // results directory, created if needed
	Timeout time.Duration     // per sample; a host still running then is killed and recorded as failed
	Resume  bool              // continue Dir's run: skip the samples it recorded, keep its run id
	Env     []string          // extra environment for the hosts, after the runner's own
	Command []string          // the command line, recorded in run.json

	// RetryFailed, with Resume, takes the recorded failed samples again, as their next Attempt: the
	// retry replaces the failed attempt in the counts and the analysis, which stays on disk, superseded.
	RetryFailed bool

	// Exec, when not empty, is the emulator every host runs under: Exec[0] with Exec[1:], then the host
	// binary and its flags (lab bench -exec). The manifest and every sample record it as Emulated.
	Exec []string

	Progress io.Writer // where progress goes; nil for none
	Live     bool      // a single-line bar instead of one line per sample

	// Policy decides after each batch which cells take more rounds; nil is NewPolicy(Plan, nil): the
	// plan's fixed or adaptive design, without re-sampling.
	Policy Policy
}

// Prepare checks everything that can be checked before a sample runs and resolves the plan's backends:
// the plan's dimensions, a host binary per variant that says it is that variant and is built for the
// plan's platform (cmd/host -describe, run under Exec when set), and every backend available in every
// host ("default" becomes the hosts' default, "all" every backend they all have). It returns the commit
// each host variant was built from.
func (r *Runner) Prepare(ctx context.Context) (commits map[string]string, err error) {
	if err := r.Plan.Validate(); err != nil {
		return nil, &UsageError{Err: err}
	}
	if r.Timeout <= 0 {
		return nil, usageErrorf("matrix: -timeout %v: allowed: a positive duration", r.Timeout)
	}
	commits = map[string]string{}
	var backends []string
	var def string
	for _, v := range r.Plan.Variants {
		path := r.Hosts[hostVariant(v)]
		if path == "" {
			return nil, usageErrorf("matrix: no host binary given for variant %q", v)
		}
		if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
			return nil, usageErrorf("matrix: missing host binary %s for variant %q on %s; build the hosts first (go tool mage build), or give -bin or -platform for hosts that exist", path, v, r.Plan.Platform)
		}
		d, err := describeHost(ctx, r.Exec, path, r.Env)
		if err != nil {
			return nil, err
		}
		if d.Variant != hostVariant(v) {
			return nil, fmt.Errorf("matrix: host binary %s links variant %q, but the plan expects %q there", path, d.Variant, v)
		}
		if d.Platform != "" && d.Platform != r.Plan.Platform {
			return nil, fmt.Errorf("matrix: host binary %s is built for %s, but the plan's platform is %s; give -platform %s (and -exec with an emulator unless this machine runs it)",
				path, d.Platform, r.Plan.Platform, d.Platform)
		}
		if r.Plan.ZlibNG != "" && !slices.Contains(d.Generations, r.Plan.ZlibNG) {
			return nil, usageErrorf("matrix: host binary %s runs zlib-ng generations %v, not the plan's %s; rebuild the hosts (go tool mage build)",
				path, cmp.Or(strings.Join(d.Generations, ", "), LegacyZlibNG+" only (built before -zlibng)"), r.Plan.ZlibNG)
		}
		commits[hostVariant(v)] = d.Commit
		if backends == nil {
			backends, def = d.Backends, d.DefaultBackend
		} else {
			backends = slices.DeleteFunc(backends, func(b string) bool { return !slices.Contains(d.Backends, b) })
		}
	}
	planned := r.Plan.Backends
	if slices.Equal(planned, []string{AllBackends}) {
		planned = backends
	}
	resolved := make([]string, len(planned))
	for i, b := range planned {
		if b == DefaultBackend {
			b = def
		}
		if !slices.Contains(backends, b) {
			return nil, usageErrorf("matrix: -backends: unknown backend %q; the hosts have %v (or %q for %s, or %q alone for all of them)", planned[i], backends, DefaultBackend, def, AllBackends)
		}
		if slices.Contains(resolved[:i], b) {
			return nil, usageErrorf("matrix: -backends: backend %q given twice (%q stands for %s)", b, DefaultBackend, def)
		}
		resolved[i] = b
	}
	r.Plan.Backends = resolved
	return commits, nil
}

// Run prepares, then takes every sample of the plan that is not recorded yet (with RetryFailed, failed
// ones too). It returns an error when the run was interrupted (ctx), when a cell's variants disagree on
// output (*MismatchError, after that cell's samples are all written), when another runner is writing
// Dir (*LockedError, before anything is written), or when the results cannot be written. Failed samples
// are not errors: they are recorded and the run goes on. Whatever happens after the run has started,
// bench.txt and run.json describe what was recorded; a run stopped before that leaves no directory it
// made.
func (r *Runner) Run(ctx context.Context) (err error) {
	commits, err := r.Prepare(ctx)
	if err != nil {
		return err
	}
	made, err := makeDir(r.Dir)
	if err != nil {
		return err
	}
	unmake := func() { // stopped before its first write (Ctrl-C while calibrating): leave nothing
		if len(made) == 0 {
			return // not this run's folder: its lock file may be another runner's
		}
		os.Remove(filepath.Join(r.Dir, LockFile))
		for _, d := range made {
			os.Remove(d) // only if empty
		}
	}
	lock, stale, err := lockResults(r.Dir)
	var locked *LockedError
	if err != nil && !errors.As(err, &locked) { // a locked folder is the holder's, however new
		unmake()
	}
	if err != nil {
		return err
	}
	started := false
	defer func() {
		err = errors.Join(err, lock.release())
		if !started {
			unmake()
		}
	}()
	now := time.Now().UTC()
	m := Manifest{
		Run:   runID(now, r.Plan.Platform),
		Start: now, Command: [][]string{r.Command},
	}
	if r.Resume {
		old, err := ReadManifest(r.Dir)
		if err != nil {
			return fmt.Errorf("matrix: -resume needs the run's manifest: %w", err)
		}
		if !reflect.DeepEqual(old.Plan, r.Plan) {
			return fmt.Errorf("matrix: -resume: the plan differs from the one in %s", filepath.Join(r.Dir, ManifestFile))
		}
		if emu := strings.Join(r.Exec, " "); old.Emulated != emu {
			return fmt.Errorf("matrix: -resume: the run's hosts ran under -exec %q, not %q; one run is one way of running", old.Emulated, emu)
		}
		m = old
		if stale != nil && old.Status == StatusRunning {
			m.Attempts = append(m.Attempts, killedAttempt(*stale, now))
		}
		m.Resumed = append(m.Resumed, now)
		m.Command = append(m.Command, r.Command)
		m.End, m.Error = time.Time{}, ""
	}
	m.Profile, m.Plan, m.Hosts, m.Commits, m.Timeout = r.Plan.Profile, r.Plan, r.Hosts, commits, r.Timeout.String()
	m.Planned, m.Status, m.Emulated = r.Plan.Samples(), StatusRunning, strings.Join(r.Exec, " ")
	first := hostVariant(r.Plan.Variants[0])
	if m.Harness, err = calibrateHost(ctx, r.Exec, r.Hosts[first], first, r.Plan, r.Env); err != nil {
		return err
	}

	sw, file, err := openSamples(r.Dir, r.Resume)
	if err != nil {
		return err
	}
	started = true
	all, findings := Screen(&r.Plan, m.Run, file.Path, file.Samples, file.Lines)
	r.warn(append(slices.Clone(file.Bad), findings...))
	// The run's counts come from what is on disk, so a run.json left "running, 0 samples" by a killed
	// run says the truth from here on.
	m.Samples, m.Failed, m.Superseded = countKept(all, findings)
	if err := m.write(r.Dir); err != nil {
		sw.Close()
		return err
	}
	defer func() {
		err = errors.Join(err, sw.Close(), r.finish(&m, now, all, err))
	}()

	recorded := map[sampleKey]Sample{}
	for _, s := range all {
		recorded[keyOf(s)] = s
	}
	done := 0
	for _, s := range recorded {
		if s.OK || !r.RetryFailed {
			done++
		}
	}
	prog := newProgress(io.Discard, false, m.Planned, done)
	if r.Progress != nil {
		prog = newProgress(r.Progress, r.Live, m.Planned, done)
	}
	defer prog.finish()
	policy := r.Policy
	if policy == nil {
		policy = NewPolicy(r.Plan, nil)
	}
	m.Stopping = policy.Rule()
	cells := r.progressOf(m.Cells, all)
	// take runs job j unless its sample is recorded; with RetryFailed, a recorded failed sample is taken
	// again as its next attempt, once per invocation.
	retried := map[sampleKey]bool{}
	take := func(c *CellProgress, j Job) error {
		k := sampleKey{j.Cell, j.Round, j.Variant}
		prev, ok := recorded[k]
		if ok && (prev.OK || !r.RetryFailed || retried[k]) {
			return nil
		}
		s, err := runHost(ctx, r.Exec, r.Hosts[hostVariant(j.Variant)], r.Plan, j, r.Env, r.Timeout)
		if err != nil {
			return err
		}
		s.Run = m.Run
		if ok {
			s.Attempt, retried[k] = prev.Attempt+1, true
		}
		if err := sw.append(s); err != nil {
			return fmt.Errorf("%w: %w", errRecording, err)
		}
		all = append(all, s)
		recorded[k] = s
		if ok { // the policy sees the retry, not the attempt it supersedes
			c.Samples = slices.DeleteFunc(c.Samples, func(x Sample) bool { return keyOf(x) == k && x.Attempt == prev.Attempt })
		}
		c.Samples = append(c.Samples, s)
		prog.sample(s)
		return nil
	}
	// First the rounds that cells have taken already, closed cells too: a sample missing there (a line
	// lost to garbage) is taken, and with RetryFailed a failed one again. The loop goes on from there.
	// Candidates that stopped early did not run in every round: a round of theirs is missing only when
	// they ran later (or the design gives every candidate its rounds: the fixed plan's own rounds).
	for _, c := range cells {
		ranAt := func(j Job) bool {
			if j.Variant == controlOf(r.Plan.Variants) || (r.Plan.Adaptive == nil && j.Round < r.Plan.Rounds) {
				return true
			}
			return slices.ContainsFunc(c.Samples, func(s Sample) bool { return s.Variant == j.Variant && s.Round >= j.Round })
		}
		for _, j := range r.Plan.jobs(c.Index, c.Cell, 0, c.Rounds, nil) {
			if !ranAt(j) {
				continue
			}
			if err := take(c, j); err != nil {
				return err
			}
		}
		if err := checkCell(c.Cell, all); err != nil {
			return err
		}
	}
	// checkpoint rewrites run.json with the counts so far, after every cell's batch: a run killed by
	// kill -9 cannot close it, and must not leave "running, 0 samples" over samples on disk.
	checkpoint := func() error {
		m.Samples, m.Failed = len(recorded), 0
		for _, s := range recorded {
			if !s.OK {
				m.Failed++
			}
		}
		return m.write(r.Dir)
	}
	for {
		ran := false
		for _, c := range cells {
			if c.ClosedBy != "" {
				continue
			}
			to := min(c.Rounds+policy.Batch(c), r.Plan.maxRounds())
			if to <= c.Rounds { // the guard: no policy keeps a cell past the plan's most rounds
				c.ClosedBy = ClosedCap
				continue
			}
			for _, j := range r.Plan.jobs(c.Index, c.Cell, c.Rounds, to, c.Runs) {
				if err := take(c, j); err != nil {
					return err
				}
			}
			c.Rounds, ran = to, true
			if err := checkCell(c.Cell, all); err != nil {
				return err
			}
			if err := checkpoint(); err != nil {
				return err
			}
		}
		policy.Decide(cells)
		m.Cells = cellRuns(cells)
		if err := checkpoint(); err != nil {
			return err
		}
		if !ran {
			return nil
		}
	}
}

// progressOf is every cell's progress: its samples among all, and from a resumed run's manifest its
// rounds at the last decision and why it closed (a run without them starts every cell afresh, skipping
// recorded samples, as a fixed run always did).
func (r *Runner) progressOf(runs []CellRun, all []Sample) []*CellProgress {
	var cells []*CellProgress
	for i, cell := range r.Plan.Cells() {
		c := &CellProgress{Index: i, Cell: cell}
		for _, s := range all {
			if s.Cell == cell {
				c.Samples = append(c.Samples, s)
			}
		}
		if i < len(runs) && runs[i].Cell == cell {
			x := runs[i]
			c.Rounds, c.Running, c.Base, c.ClosedBy, c.Unstable, c.Classes = x.Rounds, x.Running, x.Base, x.ClosedBy, x.Unstable, x.Classes
		}
		cells = append(cells, c)
	}
	return cells
}

func cellRuns(cells []*CellProgress) []CellRun {
	out := make([]CellRun, len(cells))
	for i, c := range cells {
		out[i] = CellRun{Cell: c.Cell, Rounds: c.Rounds, Running: c.Running, Base: c.Base, ClosedBy: c.ClosedBy, Unstable: c.Unstable, Classes: c.Classes}
	}
	return out
}

// makeDir creates dir and its missing parents, and returns those it created, deepest first.
func makeDir(dir string) (made []string, err error) {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil || filepath.Dir(d) == d {
			break
		}
		made = append(made, d)
	}
	return made, os.MkdirAll(dir, 0o755)
}

// killedAttempt is the attempt of a runner that held the lock and died without closing run.json.
func killedAttempt(h LockHolder, found time.Time) Attempt {
	return Attempt{Start: h.Start, Status: StatusInterrupted, Error: fmt.Sprintf(
		"killed: the runner (%s) stopped without closing run.json; found at %s", h, found.Format(time.RFC3339))}
}

// warn names the results file's lines that are left out, on the progress stream.
func (r *Runner) warn(findings []Finding) {
	if r.Progress == nil || len(findings) == 0 {
		return
	}
	fmt.Fprintf(r.Progress, "resume: %s of %s left out (%s):\n", Lines(len(findings)), SamplesFile, CountFindings(findings))
	for i, f := range findings {
		if i == maxListed {
			fmt.Fprintf(r.Progress, "  and %d more\n", len(findings)-maxListed)
			break
		}
		fmt.Fprintf(r.Progress, "  %s\n", f)
	}
}

// countKept counts screened samples for run.json: recorded (one per planned sample at most), failed
// among them, and superseded attempts.
func countKept(kept []Sample, findings []Finding) (samples, failed, superseded int) {
	for _, s := range kept {
		if !s.OK {
			failed++
		}
	}
	for _, f := range findings {
		if f.Kind == Superseded {
			superseded++
		}
	}
	return len(kept), failed, superseded
}

// finish writes bench.txt from the counted samples and closes the manifest with the run's outcome, and
// this invocation's attempt.
func (r *Runner) finish(m *Manifest, start time.Time, all []Sample, runErr error) error {
	m.End = time.Now().UTC()
	kept, findings := Screen(&r.Plan, m.Run, SamplesFile, all, nil)
	var retried int // all was screened at the start: what supersedes now is this invocation's retries
	m.Samples, m.Failed, retried = countKept(kept, findings)
	m.Superseded += retried
	var mismatch *MismatchError
	switch {
	case runErr == nil:
		m.Status = StatusComplete
	case errors.Is(runErr, errInterrupted):
		m.Status, m.Error = StatusInterrupted, runErr.Error()
	case errors.As(runErr, &mismatch):
		m.Status, m.Error = StatusMismatch, runErr.Error()
	default:
		m.Status, m.Error = StatusError, runErr.Error()
	}
	m.Attempts = append(m.Attempts, Attempt{Start: start, End: m.End, Status: m.Status, Error: m.Error})
	benchErr := writeFileAtomic(filepath.Join(r.Dir, BenchFile), func(f *os.File) error { return WriteBench(f, kept) })
	return errors.Join(benchErr, m.write(r.Dir))
}
