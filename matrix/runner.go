package matrix

import (
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
		return nil, err
	}
	if r.Timeout <= 0 {
		return nil, fmt.Errorf("matrix: timeout %v must be positive", r.Timeout)
	}
	commits = map[string]string{}
	var backends []string
	var def string
	for _, v := range r.Plan.Variants {
		path := r.Hosts[hostVariant(v)]
		if path == "" {
			return nil, fmt.Errorf("matrix: no host binary given for variant %q", v)
		}
		if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
			return nil, fmt.Errorf("matrix: missing host binary %s for variant %q; build the hosts first (hostbin.Build, e.g. the magefile's build target)", path, v)
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
			return nil, fmt.Errorf("matrix: unknown backend %q; the hosts have %v (or %q for %s, or %q alone for all of them)", planned[i], backends, DefaultBackend, def, AllBackends)
		}
		if slices.Contains(resolved[:i], b) {
			return nil, fmt.Errorf("matrix: backend %q given twice (%q stands for %s)", b, DefaultBackend, def)
		}
		resolved[i] = b
	}
	r.Plan.Backends = resolved
	return commits, nil
}

// Run prepares, then takes every sample of the plan that is not recorded yet. It returns an error when
// the run was interrupted (ctx), when a cell's variants disagree on output (*MismatchError, after that
// cell's samples are all written), or when the results cannot be written. Failed samples are not errors:
// they are recorded and the run goes on. Whatever happens, bench.txt and run.json describe what was
// recorded.
func (r *Runner) Run(ctx context.Context) (err error) {
	commits, err := r.Prepare(ctx)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(r.Dir, 0o755); err != nil {
		return err
	}
	now := time.Now().UTC()
	m := Manifest{
		Run:   now.Format("20060102T150405Z") + "-" + strings.ReplaceAll(r.Plan.Platform, "/", "-"),
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

	sw, all, err := openSamples(r.Dir, r.Resume)
	if err != nil {
		return err
	}
	if err := m.write(r.Dir); err != nil {
		sw.Close()
		return err
	}
	defer func() {
		err = errors.Join(err, sw.Close(), r.finish(&m, all, err))
	}()

	recorded := map[sampleKey]bool{}
	for _, s := range all {
		recorded[keyOf(s)] = true
	}
	prog := newProgress(io.Discard, false, m.Planned, len(recorded))
	if r.Progress != nil {
		prog = newProgress(r.Progress, r.Live, m.Planned, len(recorded))
	}
	defer prog.finish()
	policy := r.Policy
	if policy == nil {
		policy = NewPolicy(r.Plan, nil)
	}
	m.Stopping = policy.Rule()
	cells := r.progressOf(m.Cells, all)
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
			for _, j := range r.Plan.jobs(c.Index, c.Cell, c.Rounds, to) {
				if recorded[sampleKey{j.Cell, j.Round, j.Variant}] {
					continue
				}
				s, err := runHost(ctx, r.Exec, r.Hosts[hostVariant(j.Variant)], r.Plan, j, r.Env, r.Timeout)
				if err != nil {
					return err
				}
				s.Run = m.Run
				if err := sw.append(s); err != nil {
					return fmt.Errorf("%w: %w", errRecording, err)
				}
				all = append(all, s)
				c.Samples = append(c.Samples, s)
				prog.sample(s)
			}
			c.Rounds, ran = to, true
			if err := checkCell(c.Cell, all); err != nil {
				return err
			}
		}
		policy.Decide(cells)
		m.Cells = cellRuns(cells)
		if err := m.write(r.Dir); err != nil {
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
			c.Rounds, c.Base, c.ClosedBy, c.Unstable, c.Classes = runs[i].Rounds, runs[i].Base, runs[i].ClosedBy, runs[i].Unstable, runs[i].Classes
		}
		cells = append(cells, c)
	}
	return cells
}

func cellRuns(cells []*CellProgress) []CellRun {
	out := make([]CellRun, len(cells))
	for i, c := range cells {
		out[i] = CellRun{Cell: c.Cell, Rounds: c.Rounds, Base: c.Base, ClosedBy: c.ClosedBy, Unstable: c.Unstable, Classes: c.Classes}
	}
	return out
}

// finish writes bench.txt from every recorded sample and closes the manifest with the run's outcome.
func (r *Runner) finish(m *Manifest, all []Sample, runErr error) error {
	m.End = time.Now().UTC()
	m.Samples, m.Failed = len(all), 0
	for _, s := range all {
		if !s.OK {
			m.Failed++
		}
	}
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
	benchErr := writeFileAtomic(filepath.Join(r.Dir, BenchFile), func(f *os.File) error { return WriteBench(f, all) })
	return errors.Join(benchErr, m.write(r.Dir))
}
