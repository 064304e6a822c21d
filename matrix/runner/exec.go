package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// describeTimeout bounds a host's -describe: the first run under wine boots the prefix's services.
const describeTimeout = time.Minute

// waitDelay is how long a host's pipes may stay open after it exits (or is killed) before the runner
// stops reading them: children of the host (or of its emulator) can hold them open indefinitely.
var waitDelay = time.Second

// hostCommand is the command that runs a host binary with args: the binary itself, or, with an
// emulator (lab bench -exec), emulator[0] with emulator[1:], the binary and args, as go test -exec does.
// env is added to the runner's environment.
func hostCommand(ctx context.Context, emulator []string, path string, args, env []string) *exec.Cmd {
	argv := append(append(slices.Clone(emulator), path), args...)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	if len(env) > 0 {
		cmd.Env = append(os.Environ(), env...)
	}
	cmd.WaitDelay = waitDelay
	return cmd
}

// stderrTailBytes is how much of a failed host's stderr a sample keeps: enough for a panic's first frames.
const stderrTailBytes = 4 << 10

// errInterrupted marks a sample cut short by the run's own cancellation: it is not recorded, so that
// -resume takes it again.
var errInterrupted = errors.New("matrix: interrupted")

// errRecording marks a run stopped because a sample could not be written (a full disk, most often):
// the samples before it are on disk, so -resume can continue.
var errRecording = errors.New("matrix: recording a sample")

// runHost runs one job's host process and turns whatever happens into a Sample. Only the run's own
// cancellation is an error; a host that fails, crashes, hangs past timeout or prints garbage is a failed
// Sample with its exit status and the tail of its stderr.
//
// emulator, when not empty, is the command the host runs under (see hostCommand); the sample records it.
func runHost(ctx context.Context, emulator []string, path string, plan matrix.Plan, j matrix.Job, env []string, timeout time.Duration) (matrix.Sample, error) {
	h := newHostRun(ctx, emulator, path, plan, j, env, timeout, nil)
	defer h.cancel()
	h.begin()
	h.wait()
	return h.sample(ctx, plan, j, timeout)
}

// hostRun is one host process of a sample, from its command to its judged Sample: runHost runs one
// alone, runDuet two at once.
type hostRun struct {
	s      matrix.Sample
	cmd    *exec.Cmd
	stdout bytes.Buffer
	stderr *tailBuffer
	start  time.Time
	hctx   context.Context
	cancel context.CancelFunc
	err    error // of starting it, then of waiting for it
}

// newHostRun prepares job j's host with the plan's flags and extra ones after them.
func newHostRun(ctx context.Context, emulator []string, path string, plan matrix.Plan, j matrix.Job, env []string, timeout time.Duration, extra []string) *hostRun {
	h := &hostRun{s: matrix.Sample{Cell: j.Cell, Variant: j.Variant, Round: j.Round, Position: j.Position, Emulated: strings.Join(emulator, " ")},
		stderr: &tailBuffer{max: stderrTailBytes}}
	h.hctx, h.cancel = context.WithTimeout(ctx, timeout)
	h.cmd = hostCommand(h.hctx, emulator, path, append(hostArgs(plan, j), extra...), env)
	h.cmd.Stdout, h.cmd.Stderr = &h.stdout, h.stderr
	return h
}

// begin starts the process; its wall time counts from here.
func (h *hostRun) begin() {
	h.start = time.Now()
	h.s.Start = h.start.UTC()
	h.err = startHost(h.cmd)
}

// wait waits for a started process to end.
func (h *hostRun) wait() {
	if h.err == nil {
		h.err = h.cmd.Wait()
	}
	h.s.WallNs = time.Since(h.start).Nanoseconds()
}

// sample judges the ended process: the run's cancellation is errInterrupted, anything else a Sample.
func (h *hostRun) sample(ctx context.Context, plan matrix.Plan, j matrix.Job, timeout time.Duration) (matrix.Sample, error) {
	s, err := h.s, h.err
	if ctx.Err() != nil {
		return s, errInterrupted
	}
	s.StderrTail = h.stderr.String()
	if errors.Is(err, exec.ErrWaitDelay) {
		// The host exited with status 0, but something it started still holds its stdout open: under
		// wine, the server and the prefix's services when the host was the first wine program (which
		// emulate.Wine.StartServer prevents). Everything the host wrote before it exited was read
		// during waitDelay, so the output is complete: judge it like any other.
		err = nil
	}
	if err != nil {
		s.ExitStatus = -1
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			s.ExitStatus = ee.ExitCode()
		}
		s.Error = err.Error()
		if h.hctx.Err() == context.DeadlineExceeded {
			s.Error = fmt.Sprintf("timed out after %v (%v)", timeout, err)
		}
		return s, nil
	}
	r, err := parseResult(h.stdout.Bytes(), plan, j)
	if err != nil {
		s.Error = err.Error()
		return s, nil
	}
	s.OK, s.Result, s.StderrTail = true, r, ""
	return s, nil
}

// parseResult checks that a host printed exactly one JSON result line, for the sample it was asked for.
func parseResult(out []byte, plan matrix.Plan, j matrix.Job) (*hostresult.Result, error) {
	out = bytes.TrimSpace(out)
	if len(out) == 0 {
		return nil, errors.New("host printed no result")
	}
	if bytes.IndexByte(out, '\n') >= 0 {
		return nil, fmt.Errorf("host printed %d lines; want exactly one JSON result", bytes.Count(out, []byte("\n"))+1)
	}
	var r hostresult.Result
	if err := json.Unmarshal(out, &r); err != nil {
		return nil, fmt.Errorf("host result does not parse: %v", err)
	}
	ops, warmup := plan.Ops(j.Cell.Phase)
	variant, capacity, _ := matrix.ParseCandidate(j.Variant)
	if capacity > 0 && r.PoolCapacity != capacity {
		return nil, fmt.Errorf("host measured pool capacity %d, asked for %d", r.PoolCapacity, capacity)
	}
	got := fmt.Sprint(r.Variant, r.Workload, r.DOP, r.Phase, r.Backend, r.Ops, r.Warmup)
	want := fmt.Sprint(variant, j.Cell.Workload, j.Cell.DOP, j.Cell.Phase, j.Cell.Backend, ops, warmup)
	if got != want {
		return nil, fmt.Errorf("host measured [%s], asked for [%s] (variant workload dop phase backend ops warmup)", got, want)
	}
	if got := r.Env.Platform(); plan.Platform != "" && got != plan.Platform {
		return nil, fmt.Errorf("host reports platform %s, but the run is on %s", got, plan.Platform)
	}
	if r.Ops <= 0 || r.ElapsedNs <= 0 {
		return nil, fmt.Errorf("host result has ops %d and elapsed %d ns; both must be positive", r.Ops, r.ElapsedNs)
	}
	return &r, nil
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	max int
	buf []byte
	cut bool
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
		t.cut = true
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	if t.cut {
		return "..." + string(t.buf)
	}
	return string(t.buf)
}

// describeHost asks a host binary what it can run (cmd/host -describe).
func describeHost(ctx context.Context, emulator []string, path string, env []string) (hostresult.Description, error) {
	var d hostresult.Description
	ctx, cancel := context.WithTimeout(ctx, describeTimeout)
	defer cancel()
	out, err := hostOutput(ctx, emulator, path, []string{"-describe"}, env)
	if errors.Is(err, errInterrupted) {
		return d, err
	}
	if err != nil {
		return d, fmt.Errorf("matrix: %s -describe: %w", path, err)
	}
	if err := json.Unmarshal(out, &d); err != nil {
		return d, fmt.Errorf("matrix: %s -describe printed %q: %v", path, out, err)
	}
	return d, nil
}

// hostOutput runs a host binary (under the emulator, if any) for a one-shot query and returns its
// standard output; a failure carries its standard error. A host that exited 0 while a child of the
// emulator held its pipes open has still said everything (see runHost), so that is no failure.
func hostOutput(ctx context.Context, emulator []string, path string, args, env []string) ([]byte, error) {
	cmd := hostCommand(ctx, emulator, path, args, env)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := startHost(cmd)
	if err == nil {
		err = cmd.Wait()
	}
	switch {
	case err == nil || errors.Is(err, exec.ErrWaitDelay):
		return stdout.Bytes(), nil
	case errors.Is(ctx.Err(), context.Canceled): // the run's own cancellation, not the query's timeout
		return nil, errInterrupted
	}
	if msg := bytes.TrimSpace(stderr.Bytes()); len(msg) > 0 {
		return nil, fmt.Errorf("%v: %s", err, msg)
	}
	return nil, err
}
