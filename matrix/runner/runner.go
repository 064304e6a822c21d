package runner

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
	"github.com/deflatelab/deflatelab/matrix/resultsdir"
)

// Runner takes a plan's samples, each in a fresh host process, and records them in a results directory:
// samples.jsonl as they finish, then bench.txt and run.json.
type Runner struct {
	Plan    matrix.Plan
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
	Policy matrix.Policy

	// Replica, when set, makes the run replica Index of Count of its plan (lab bench -replica); run.json
	// records it. A resume keeps the run's own.
	Replica *matrix.Replica

	// Processors is how many processors a duet may use (Plan.Pairing); 0 means runtime.NumCPU().
	Processors int
}

func (r *Runner) processors() int {
	if r.Processors > 0 {
		return r.Processors
	}
	return runtime.NumCPU()
}

// Prepare checks everything that can be checked before a sample runs and resolves the plan's backends:
// the plan's dimensions, a host binary per variant that says it is that variant and is built for the
// plan's platform (cmd/host -describe, run under Exec when set), and every backend available in every
// host ("default" becomes the hosts' default, "all" every backend they all have). It returns the commit
// each host variant was built from.
func (r *Runner) Prepare(ctx context.Context) (commits map[string]string, err error) {
	commits, _, err = r.prepare(ctx, r.Hosts, matrix.Manifest{})
	return commits, err
}

// prepare is Prepare of the given host binaries; builds are their build ids (BuildID), read before
// each is asked to describe itself. A binary that is not the build run (a resumed run's manifest)
// measured is a *BuildError, before it runs.
func (r *Runner) prepare(ctx context.Context, hosts map[string]string, run matrix.Manifest) (commits, builds map[string]string, err error) {
	if err := ValidatePlan(r.Plan); err != nil {
		return nil, nil, &matrix.InvalidError{Err: err}
	}
	if r.Timeout <= 0 {
		return nil, nil, matrix.Invalidf("matrix: -timeout %v: allowed: a positive duration", r.Timeout)
	}
	commits, builds = map[string]string{}, map[string]string{}
	var backends []string
	var def string
	hostBuilds := r.Plan.HostBuilds()
	for _, hb := range hostBuilds {
		v, seed := matrix.SplitHostBuild(hb)
		if c := candidateOf(r.Plan, hb); c != "" {
			v = c // the errors name the plan's candidate
		}
		path := hosts[hb]
		if path == "" {
			return nil, nil, matrix.Invalidf("matrix: no host binary given for variant %q", v)
		}
		if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
			return nil, nil, matrix.Invalidf("matrix: missing host binary %s for variant %q on %s; build the hosts first (go tool mage build), or give -bin or -platform for hosts that exist", path, v, r.Plan.Platform)
		}
		if builds[hb], err = BuildID(path); err != nil {
			return nil, nil, err
		}
		if was, now := run.Builds[hb], builds[hb]; was != "" && was != now {
			return nil, nil, &BuildError{Variant: hb, Detail: fmt.Sprintf("the run measured build %s (commit %s), but %s is build %s", was, run.Commits[hb], path, now)}
		}
		d, err := describeHost(ctx, r.Exec, path, r.Env)
		if err != nil {
			return nil, nil, err
		}
		if d.Variant != matrix.HostVariant(v) {
			return nil, nil, fmt.Errorf("matrix: host binary %s links variant %q, but the plan expects %q there", path, d.Variant, v)
		}
		if d.Platform != "" && d.Platform != r.Plan.Platform {
			return nil, nil, fmt.Errorf("matrix: host binary %s is built for %s, but the plan's platform is %s; give -platform %s (and -exec with an emulator unless this machine runs it)",
				path, d.Platform, r.Plan.Platform, d.Platform)
		}
		if r.Plan.ZlibNG != "" && !slices.Contains(d.Generations, r.Plan.ZlibNG) {
			return nil, nil, matrix.Invalidf("matrix: host binary %s runs zlib-ng generations %s, not the plan's %s; rebuild the hosts (go tool mage build)",
				path, cmp.Or(hostresult.JoinGenerations(d.Generations, ", "), string(matrix.LegacyZlibNG)+" only (built before -zlibng)"), r.Plan.ZlibNG)
		}
		if d.Layout != seed {
			return nil, nil, fmt.Errorf("matrix: host binary %s is linked with layout seed %d (0: the linker's own order), but the plan's %q expects %d; rebuild the hosts (go tool mage build)", path, d.Layout, v, seed)
		}
		commits[hb] = d.Commit
		if backends == nil {
			backends, def = d.Backends, d.DefaultBackend
		} else {
			backends = slices.DeleteFunc(backends, func(b string) bool { return !slices.Contains(d.Backends, b) })
		}
	}
	if err := sameCommits(hostBuilds, commits); err != nil {
		return nil, nil, err
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
			return nil, nil, matrix.Invalidf("matrix: -backends: unknown backend %q; the hosts have %v (or %q for %s, or %q alone for all of them)", planned[i], backends, DefaultBackend, def, AllBackends)
		}
		if slices.Contains(resolved[:i], b) {
			return nil, nil, matrix.Invalidf("matrix: -backends: backend %q given twice (%q stands for %s)", b, DefaultBackend, def)
		}
		resolved[i] = b
	}
	r.Plan.Backends = resolved
	return commits, builds, nil
}

// Run prepares, then takes every sample of the plan that is not recorded yet (with RetryFailed, failed
// ones too), round by round across the cells (see Interleave). It returns an error when the run was
// interrupted (ctx), when a cell's variants disagree on output (*MismatchError, after that cell's round
// is written), when another runner is writing Dir (*LockedError, before anything is written), when the
// hosts are not the build the run measured (*BuildError), or when the results cannot be written. Failed
// samples are not errors: they are recorded and the run goes on. Whatever happens after the run has
// started, bench.txt and run.json describe what was recorded; a run stopped before that leaves no
// directory it made.
//
// The hosts are pinned: copied into Dir/hosts before the first sample (see pinHosts), and every sample
// runs the copy, so that a rebuild of bin/ during the run cannot change what is measured.
func (r *Runner) Run(ctx context.Context) (err error) {
	hosts := r.Hosts
	var was matrix.Manifest // a resumed run's, read again under the lock below
	if r.Resume {
		was, _ = resultsdir.ReadManifest(r.Dir)
		if pinned, ok := pinnedHosts(r.Dir, r.Plan.HostBuilds(), r.Hosts); ok {
			hosts = pinned // what the run measured so far, whatever bin/ holds now
		}
	}
	commits, builds, err := r.prepare(ctx, hosts, was)
	if err != nil {
		return err
	}
	if r.Resume { // samples of another build than the hosts now: refused before anything is written
		if rf, err := resultsdir.ReadResultsFile(filepath.Join(r.Dir, resultsdir.SamplesFile)); err == nil {
			if err := mixedBuild(rf.Samples, builds); err != nil {
				return err
			}
		}
	}
	made, err := resultsdir.MakeDir(r.Dir)
	if err != nil {
		return err
	}
	var pinned []string // host copies this invocation made
	unmake := func() {  // stopped before its first write (Ctrl-C while calibrating): leave nothing
		for _, p := range pinned {
			os.Remove(p)
		}
		os.Remove(filepath.Join(r.Dir, HostsDir)) // only if empty
		if len(made) == 0 {
			return // not this run's folder: its lock file may be another runner's
		}
		os.Remove(filepath.Join(r.Dir, resultsdir.LockFile))
		for _, d := range made {
			os.Remove(d) // only if empty
		}
	}
	now := time.Now().UTC()
	lock, stale, err := resultsdir.LockResults(r.Dir, now)
	var locked *resultsdir.LockedError
	if err != nil && !errors.As(err, &locked) { // a locked folder is the holder's, however new
		unmake()
	}
	if err != nil {
		return err
	}
	started := false
	// unrecorded are earlier invocations' ends the lock file kept and run.json does not hold yet, and own
	// this invocation's end when run.json could not take it (a full disk): the lock keeps them for the
	// next resume, so that a failed write never loses an attempt.
	var unrecorded []matrix.Attempt
	var own *matrix.Attempt
	if stale != nil {
		was, _ := resultsdir.ReadManifest(r.Dir)
		unrecorded = resultsdir.UnrecordedEnds(*stale, was, now)
	}
	defer func() {
		err = errors.Join(err, lock.Release(unrecorded, own))
		if !started {
			unmake()
		}
	}()
	m := matrix.Manifest{
		Run:   resultsdir.RunID(now, r.Plan.Platform),
		Start: now, Command: [][]string{r.Command}, Hosts: r.Hosts,
		Replica: r.Replica, Machine: CurrentMachine(),
	}
	if r.Resume {
		old, err := resultsdir.ReadManifest(r.Dir)
		if err != nil {
			return fmt.Errorf("matrix: -resume needs the run's manifest: %w", err)
		}
		if len(old.Instances) > 0 {
			return fmt.Errorf("matrix: -resume: %s is a merged folder (lab merge) of %d runs; resume one of the runs merged, then merge again", r.Dir, len(old.Instances))
		}
		if !reflect.DeepEqual(old.Plan, r.Plan) {
			return fmt.Errorf("matrix: -resume: the plan differs from the one in %s", filepath.Join(r.Dir, resultsdir.ManifestFile))
		}
		if emu := strings.Join(r.Exec, " "); old.Emulated != emu {
			return fmt.Errorf("matrix: -resume: the run's hosts ran under -exec %q, not %q; one run is one way of running", old.Emulated, emu)
		}
		if err := sameBuild(old, hosts, commits, builds); err != nil {
			return err
		}
		m = old
		m.Resumed = append(m.Resumed, now)
		m.Command = append(m.Command, r.Command)
		m.End, m.Error = time.Time{}, ""
		if m.Machine == nil {
			m.Machine = CurrentMachine()
		}
	}
	// The ends the lock kept go into the first run.json written.
	m.Attempts = append(m.Attempts, unrecorded...)
	if m.Interleave == nil { // a new run, or one older than interleaving: its remaining rounds interleave
		m.Interleave = &matrix.Interleave{Seed: rand.Uint64()}
	}
	var pinErr error
	if hosts, pinned, pinErr = pinHosts(r.Dir, hostsOf(r.Plan.HostBuilds(), hosts), builds); pinErr != nil {
		return pinErr
	}
	m.Profile, m.Plan, m.Commits, m.Builds, m.Timeout = r.Plan.Profile, r.Plan, commits, builds, r.Timeout.String()
	m.Status, m.Emulated = matrix.StatusRunning, strings.Join(r.Exec, " ")
	m.Alternating, _ = r.Plan.DuetNotes(r.processors()) // this machine's: a resume elsewhere says its own
	m.Planned, m.Extra = matrix.PlannedSamples(r.Plan, m.Cells)
	m.Dir = filepath.ToSlash(r.Dir) // where it is written now (a folder moved, then resumed, is there)
	first := r.Plan.Variants[0]
	if m.Harness, err = calibrateHost(ctx, r.Exec, hosts[r.Plan.RoundHostBuild(first, 0)], matrix.HostVariant(first), r.Plan, r.Env); err != nil {
		return err
	}

	sw, file, err := resultsdir.OpenSamples(r.Dir, r.Resume)
	if err != nil {
		return err
	}
	started = true
	all, findings := resultsdir.Screen(&r.Plan, []string{m.Run}, file.Path, file.Samples, file.Lines)
	r.warn(append(slices.Clone(file.Bad), findings...))
	// From here every end is recorded: in run.json, or when that cannot be written, in the lock file. A
	// new run whose first run.json cannot be written has recorded nothing, and leaves nothing.
	recording := r.Resume
	defer func() {
		if !recording {
			return
		}
		saved, ferr := r.finish(&m, now, all, err)
		if saved {
			unrecorded = nil
		} else {
			own = &m.Attempts[len(m.Attempts)-1]
		}
		err = errors.Join(err, sw.Close(), ferr)
	}()
	// The run's counts come from what is on disk, so a run.json left "running, 0 samples" by a killed
	// run says the truth from here on; the earlier attempts the lock kept go into run.json first.
	m.Samples, m.Failed, m.Superseded = resultsdir.CountKept(all, findings)
	if err := resultsdir.WriteManifest(m, r.Dir); err != nil {
		if !recording {
			sw.Close()
			os.Remove(file.Path)
			started = false
		}
		return err
	}
	recording, unrecorded = true, nil
	recorded := map[matrix.SampleKey]matrix.Sample{}
	for _, s := range all {
		recorded[matrix.KeyOf(s)] = s
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
		policy = matrix.NewPolicy(r.Plan, nil)
	}
	m.Stopping = policy.Rule()
	cells := r.progressOf(m.Cells, all)
	// take runs job j unless its sample is recorded; with RetryFailed, a recorded failed sample is taken
	// again as its next attempt, once per invocation.
	retried := map[matrix.SampleKey]bool{}
	// pending says whether job j is still to take.
	pending := func(j matrix.Job) bool {
		k := matrix.SampleKey{Cell: j.Cell, Round: j.Round, Variant: j.Variant}
		prev, ok := recorded[k]
		return !ok || (!prev.OK && r.RetryFailed && !retried[k])
	}
	// keep records a sample taken.
	keep := func(c *matrix.CellProgress, j matrix.Job, s matrix.Sample) error {
		k := matrix.SampleKey{Cell: j.Cell, Round: j.Round, Variant: j.Variant}
		prev, ok := recorded[k]
		s.Run, s.Build, s.Layout = m.Run, builds[r.Plan.RoundHostBuild(j.Variant, j.Round)], r.Plan.RoundLayout(j.Variant, j.Round)
		if ok {
			s.Attempt, retried[k] = prev.Attempt+1, true
		}
		if err := sw.Append(s); err != nil {
			return fmt.Errorf("%w: %w", errRecording, err)
		}
		all = append(all, s)
		recorded[k] = s
		if ok { // the policy sees the retry, not the attempt it supersedes
			c.Samples = slices.DeleteFunc(c.Samples, func(x matrix.Sample) bool { return matrix.KeyOf(x) == k && x.Attempt == prev.Attempt })
		}
		c.Samples = append(c.Samples, s)
		prog.sample(s)
		return nil
	}
	take := func(c *matrix.CellProgress, j matrix.Job) error {
		if !pending(j) {
			return nil
		}
		s, err := runHost(ctx, r.Exec, hosts[r.Plan.RoundHostBuild(j.Variant, j.Round)], r.Plan, j, r.Env, r.Timeout)
		if err != nil {
			return err
		}
		if r.Plan.Pairing != "" {
			s.Pairing = matrix.Alternating
		}
		return keep(c, j, s)
	}
	// takeDuet takes a round's two jobs at once (runDuet).
	takeDuet := func(c *matrix.CellProgress, jobs [2]matrix.Job) error {
		paths := [2]string{hosts[r.Plan.RoundHostBuild(jobs[0].Variant, jobs[0].Round)], hosts[r.Plan.RoundHostBuild(jobs[1].Variant, jobs[1].Round)]}
		ss, err := runDuet(ctx, r.Exec, paths, r.Plan, jobs, r.Env, r.Timeout, duetProcessors(r.Plan, jobs[:]))
		if err != nil {
			return err
		}
		for i, j := range jobs {
			if err := keep(c, j, ss[i]); err != nil {
				return err
			}
		}
		return nil
	}
	// checkpoint rewrites run.json with the counts and the cells' spans so far, after every round: a run
	// killed by kill -9 cannot close it, and must not leave "running, 0 samples" over samples on disk.
	checkpoint := func() error {
		m.Samples, m.Failed = len(recorded), 0
		for _, s := range recorded {
			if !s.OK {
				m.Failed++
			}
		}
		m.Cells = cellRuns(cells)
		m.Planned, m.Extra = matrix.PlannedSamples(r.Plan, m.Cells)
		prog.total = max(prog.total, m.Planned)
		return resultsdir.WriteManifest(m, r.Dir)
	}
	// pass takes rounds from(c)..to(c)-1 of the cells, interleaved: round from+k of every cell before
	// any cell's round from+k+1, the cells of each round in the run's order (Interleave), each cell's
	// round in its variant order; want picks the round's jobs.
	pass := func(open []*matrix.CellProgress, from, to func(*matrix.CellProgress) int, want func(*matrix.CellProgress, matrix.Job) bool) error {
		for k := 0; ; k++ {
			var now []*matrix.CellProgress
			for _, c := range open {
				if from(c)+k < to(c) {
					now = append(now, c)
				}
			}
			if len(now) == 0 {
				return nil
			}
			for _, c := range m.Interleave.Sweep(now, len(cells), func(c *matrix.CellProgress) int { return from(c) + k }) {
				round := from(c) + k
				jobs := slices.DeleteFunc(r.Plan.JobsBetween(c.Index, c.Cell, round, round+1, nil), func(j matrix.Job) bool { return !want(c, j) })
				if duetFits(r.Plan, jobs, r.processors()) && pending(jobs[0]) && pending(jobs[1]) {
					if err := takeDuet(c, [2]matrix.Job(jobs)); err != nil {
						return err
					}
					jobs = nil
				}
				for _, j := range jobs {
					if err := take(c, j); err != nil {
						return err
					}
				}
				if err := matrix.CheckCell(c.Cell, all); err != nil {
					return err
				}
			}
			if err := checkpoint(); err != nil {
				return err
			}
		}
	}
	// First the rounds that cells have taken already, closed cells too: a sample missing there (a line
	// lost to garbage, or renamed) is taken, and with RetryFailed a failed one again. The loop goes on
	// from there.
	if err := pass(cells, func(*matrix.CellProgress) int { return 0 }, func(c *matrix.CellProgress) int { return c.Rounds }, r.Plan.Takes); err != nil {
		return err
	}
	control := matrix.ControlOf(r.Plan.Variants)
	for {
		var open []*matrix.CellProgress
		to := map[int]int{} // cell index -> rounds after this batch
		for _, c := range cells {
			if c.ClosedBy != "" {
				continue
			}
			t := min(c.Rounds+policy.Batch(c), r.Plan.RoundCap())
			if t <= c.Rounds { // the guard: no policy keeps a cell past the plan's most rounds
				c.ClosedBy = matrix.ClosedCap
				continue
			}
			open, to[c.Index] = append(open, c), t
			c.Schedule(r.Plan.Variants, t)
		}
		if len(open) > 0 { // the batches are planned samples from here: run.json says so before they run
			if err := checkpoint(); err != nil {
				return err
			}
		}
		running := func(c *matrix.CellProgress, j matrix.Job) bool { return j.Variant == control || c.Runs(j.Variant) }
		if err := pass(open, func(c *matrix.CellProgress) int { return c.Rounds }, func(c *matrix.CellProgress) int { return to[c.Index] }, running); err != nil {
			return err
		}
		for _, c := range open {
			c.Rounds = to[c.Index]
		}
		policy.Decide(cells)
		if err := checkpoint(); err != nil {
			return err
		}
		if len(open) == 0 {
			return nil
		}
	}
}

// hostsOf is the binaries of the given host builds (matrix.Plan.HostBuilds), of hosts.
func hostsOf(builds []string, hosts map[string]string) map[string]string {
	out := map[string]string{}
	for _, hb := range builds {
		out[hb] = hosts[hb]
	}
	return out
}

// candidateOf is the first of the plan's candidates that runs host build hb in some round, "" when none
// does: what a host's refusal names.
func candidateOf(p matrix.Plan, hb string) string {
	rounds := max(1, len(p.Layouts))
	for _, v := range p.Variants {
		for r := range rounds {
			if p.RoundHostBuild(v, r) == hb {
				return v
			}
		}
	}
	return ""
}

// progressOf is every cell's progress: its samples among all, and from a resumed run's manifest its
// rounds at the last decision and why it closed (a run without them starts every cell afresh, skipping
// recorded samples, as a fixed run always did).
func (r *Runner) progressOf(runs []matrix.CellRun, all []matrix.Sample) []*matrix.CellProgress {
	var cells []*matrix.CellProgress
	for i, cell := range r.Plan.Cells() {
		c := &matrix.CellProgress{Index: i, Cell: cell}
		for _, s := range all {
			if s.Cell == cell {
				c.Samples = append(c.Samples, s)
			}
		}
		if i < len(runs) && runs[i].Cell == cell {
			x := runs[i]
			c.Rounds, c.Running, c.Base, c.ClosedBy, c.Unstable, c.Classes, c.Batches = x.Rounds, x.Running, x.Base, x.ClosedBy, x.Unstable, x.Classes, x.Batches
		}
		cells = append(cells, c)
	}
	return cells
}

func cellRuns(cells []*matrix.CellProgress) []matrix.CellRun {
	out := make([]matrix.CellRun, len(cells))
	for i, c := range cells {
		start, end := matrix.Span(c.Samples)
		out[i] = matrix.CellRun{Cell: c.Cell, Rounds: c.Rounds, Running: c.Running, Base: c.Base, ClosedBy: c.ClosedBy, Unstable: c.Unstable, Classes: c.Classes,
			Batches: slices.Clone(c.Batches), Start: start, End: end}
	}
	return out
}

// warn names the results file's lines that are left out, on the progress stream.
func (r *Runner) warn(findings []resultsdir.Finding) {
	if r.Progress == nil || len(findings) == 0 {
		return
	}
	fmt.Fprintf(r.Progress, "resume: %s of %s left out (%s):\n", resultsdir.Lines(len(findings)), resultsdir.SamplesFile, resultsdir.CountFindings(findings))
	for i, f := range findings {
		if i == resultsdir.MaxListed {
			fmt.Fprintf(r.Progress, "  and %d more\n", len(findings)-resultsdir.MaxListed)
			break
		}
		fmt.Fprintf(r.Progress, "  %s\n", f)
	}
}

// finish writes bench.txt from the counted samples and closes the manifest with the run's outcome, and
// this invocation's attempt. saved is false when run.json could not be written (a full disk): the
// caller leaves the attempt in the lock file instead.
func (r *Runner) finish(m *matrix.Manifest, start time.Time, all []matrix.Sample, runErr error) (saved bool, err error) {
	m.End = time.Now().UTC()
	kept, findings := resultsdir.Screen(&r.Plan, []string{m.Run}, resultsdir.SamplesFile, all, nil)
	var retried int // all was screened at the start: what supersedes now is this invocation's retries
	m.Samples, m.Failed, retried = resultsdir.CountKept(kept, findings)
	m.Superseded += retried
	m.Recount(kept)
	// bench.txt first: a run whose bench.txt cannot be written is not complete, whatever its samples.
	benchErr := resultsdir.WriteFileAtomic(filepath.Join(r.Dir, resultsdir.BenchFile), func(f *os.File) error { return resultsdir.WriteBench(f, kept) })
	m.Status, m.Error = endState(errors.Join(runErr, benchErr))
	m.Attempts = append(m.Attempts, matrix.Attempt{Start: start, End: m.End, Status: m.Status, Error: m.Error})
	writeErr := resultsdir.WriteManifest(*m, r.Dir)
	if last := &m.Attempts[len(m.Attempts)-1]; writeErr != nil && last.Status == matrix.StatusComplete {
		last.Status, last.Error = endState(writeErr) // the end the lock file keeps: not a complete run.json
	}
	return writeErr == nil, errors.Join(benchErr, writeErr)
}

// endState is the status and error run.json records for an invocation that ended with err.
func endState(err error) (status, msg string) {
	var mismatch *matrix.MismatchError
	switch {
	case err == nil:
		return matrix.StatusComplete, ""
	case errors.Is(err, errInterrupted):
		return matrix.StatusInterrupted, err.Error()
	case errors.As(err, &mismatch):
		return matrix.StatusMismatch, err.Error()
	case diskFull(err):
		return matrix.StatusDiskFull, "disk full: " + err.Error()
	default:
		return matrix.StatusError, err.Error()
	}
}
