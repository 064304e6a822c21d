package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"syscall"

	"github.com/deflatelab/deflatelab/internal/lifeline"
	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/giveback"
	"github.com/deflatelab/deflatelab/matrix/procstat"
	"github.com/deflatelab/deflatelab/nativemem"
)

// DefaultRepeats is the fresh processes per point: the median of three outvotes one process that a
// neighbour's load or the Go runtime disturbed.
const DefaultRepeats = 3

// MaxRepeats bounds the processes per point.
const MaxRepeats = 99

// Options are what `lab thresholds` and the thresholds target ask of Run. A nil list or a zero number
// is the default. Probe is the command that runs one point: the spec's text form is appended as its last
// argument, and it must print Serve's JSON (cmd/lab's is `lab thresholds -probe`).
type Options struct {
	Backends []string           // default: every backend this build provides (nativemem.Available)
	Sizes    []int              // default: giveback.DefaultSizes
	Patterns []giveback.Pattern // default: giveback.DefaultPatterns
	Rounds   int                // per process, at least (giveback.RoundsFor); default giveback.DefaultRounds
	Repeats  int                // processes per point; default DefaultRepeats
	Probe    []string
	Progress io.Writer // a line per backend and pattern; nil: none
}

// withDefaults fills the defaults in and checks the options, naming each by its lab thresholds flag.
func (o Options) withDefaults() (Options, error) {
	if o.Backends == nil {
		o.Backends = nativemem.Available()
	}
	if o.Sizes == nil {
		o.Sizes = giveback.DefaultSizes()
	}
	if o.Patterns == nil {
		o.Patterns = giveback.DefaultPatterns()
	}
	if o.Rounds == 0 {
		o.Rounds = giveback.DefaultRounds
	}
	if o.Repeats == 0 {
		o.Repeats = DefaultRepeats
	}
	avail := nativemem.Available()
	switch {
	case len(o.Backends) == 0:
		return o, matrix.Invalidf("-backends: empty; allowed here: %s", strings.Join(avail, ", "))
	case len(o.Sizes) == 0:
		return o, matrix.Invalidf("-sizes: empty; allowed: sizes of 1..%d bytes", giveback.MaxSize)
	case len(o.Patterns) == 0:
		return o, matrix.Invalidf("-patterns: empty; allowed: same, window/N, batch/N")
	case o.Rounds < giveback.MinRounds || o.Rounds > giveback.MaxRounds:
		return o, matrix.Invalidf("-rounds %d: allowed: %d..%d", o.Rounds, giveback.MinRounds, giveback.MaxRounds)
	case o.Repeats < 1 || o.Repeats > MaxRepeats:
		return o, matrix.Invalidf("-repeats %d: allowed: 1..%d", o.Repeats, MaxRepeats)
	case len(o.Probe) == 0:
		return o, matrix.Invalidf("probe: no probe command (Options.Probe)")
	}
	for _, b := range o.Backends {
		if !slices.Contains(avail, b) {
			return o, matrix.Invalidf("-backends: %q is not in this build (%s/%s); allowed here: %s", b, runtime.GOOS, runtime.GOARCH, strings.Join(avail, ", "))
		}
	}
	for _, s := range o.Sizes {
		if s < 1 || s > giveback.MaxSize {
			return o, matrix.Invalidf("-sizes: %d out of range; allowed: 1..%d bytes", s, giveback.MaxSize)
		}
	}
	for _, p := range o.Patterns {
		if err := p.Validate(); err != nil {
			return o, matrix.Invalidf("-patterns: %v", err)
		}
	}
	o.Sizes = slices.Compact(slices.Sorted(slices.Values(o.Sizes)))
	return o, nil
}

// Run measures every (backend, pattern, size) point in o.Repeats fresh processes each and returns the
// result. The repeats are interleaved - every point once, then every point again - so that a slow
// stretch of the machine falls on one process of many points, not on every process of one.
func Run(ctx context.Context, o Options) (giveback.Result, error) {
	o, err := o.withDefaults()
	if err != nil {
		return giveback.Result{}, err
	}
	var specs []giveback.Spec
	for _, b := range o.Backends {
		for _, p := range o.Patterns {
			for _, s := range o.Sizes {
				specs = append(specs, giveback.Spec{Backend: b, Size: s, Pattern: p, Rounds: giveback.RoundsFor(s, p, o.Rounds)})
			}
		}
	}
	traces := make([][]giveback.Trace, len(specs))
	for rep := range o.Repeats {
		if o.Progress != nil {
			fmt.Fprintf(o.Progress, "thresholds: repeat %d of %d: %d points\n", rep+1, o.Repeats, len(specs))
		}
		for i, s := range specs {
			t, err := runProbe(ctx, o.Probe, s)
			if err != nil {
				return giveback.Result{}, err
			}
			traces[i] = append(traces[i], t)
		}
	}
	r := giveback.Result{
		Platform: runtime.GOOS + "/" + runtime.GOARCH,
		OS:       procstat.OSVersion(), CPU: procstat.CPUModel(), Wine: procstat.WineVersion(), Go: runtime.Version(),
		Rounds: o.Rounds, Repeats: o.Repeats, Marks: giveback.Marks,
	}
	for _, name := range o.Backends {
		be := giveback.Backend{Name: name}
		for i, s := range specs {
			if s.Backend != name {
				continue
			}
			p, err := giveback.Summarize(traces[i])
			if err != nil {
				return giveback.Result{}, err
			}
			be.Points = append(be.Points, p)
			be.About = traces[i][0].About
			r.PageSize = traces[i][0].PageSize
		}
		be.Thresholds = giveback.Thresholds(be.Points)
		r.Backends = append(r.Backends, be)
	}
	return r, nil
}

// runProbe runs one probe process for s and reads its trace; a process that fails is an error with its
// standard error.
func runProbe(ctx context.Context, probe []string, s giveback.Spec) (giveback.Trace, error) {
	cmd := exec.CommandContext(ctx, probe[0], append(slices.Clone(probe[1:]), s.String())...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := lifeline.Start(cmd, syscall.SIGKILL); err != nil {
		return giveback.Trace{}, fmt.Errorf("thresholds: starting the probe for %s: %w", s, err)
	}
	if err := cmd.Wait(); err != nil {
		if ctx.Err() != nil {
			return giveback.Trace{}, ctx.Err()
		}
		return giveback.Trace{}, fmt.Errorf("thresholds: probe %s: %w: %s", s, err, strings.TrimSpace(stderr.String()))
	}
	var t giveback.Trace
	if err := json.Unmarshal(stdout.Bytes(), &t); err != nil {
		return giveback.Trace{}, fmt.Errorf("thresholds: probe %s printed %q: %w", s, firstLine(stdout.String()), err)
	}
	if t.Spec != s {
		return giveback.Trace{}, fmt.Errorf("thresholds: probe %s answered for %s", s, t.Spec)
	}
	if err := t.Validate(); err != nil {
		return giveback.Trace{}, fmt.Errorf("thresholds: %w", err)
	}
	return t, nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
