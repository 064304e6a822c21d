package runner

import (
	"bytes"
	"context"
	"io"
	"slices"
	"sync"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/affinity"
	"github.com/deflatelab/deflatelab/matrix/host"
)

// duetFits reports whether a cell's round of jobs runs as a duet on a machine of processors: the plan
// asks for it, the round is one pair, and both halves get DOP processors of their own.
func duetFits(p matrix.Plan, jobs []matrix.Job, processors int) bool {
	return p.Pairing == matrix.Duet && len(jobs) == 2 && 2*jobs[0].Cell.DOP <= processors
}

// duetProcessors is the processors each job of a duet runs on: the first plan variant of the two on
// processors 0..DOP-1 and the other on DOP..2DOP-1 in rounds 0 and 3 of every four, swapped in rounds 1
// and 2 (ABBA: a drift over the run, or a faster half of the machine, falls on both variants alike).
func duetProcessors(p matrix.Plan, jobs []matrix.Job) [2][]int {
	dop := jobs[0].Cell.DOP
	low, high := make([]int, dop), make([]int, dop)
	for i := range dop {
		low[i], high[i] = i, dop+i
	}
	first := slices.Index(p.Variants, jobs[0].Variant) < slices.Index(p.Variants, jobs[1].Variant)
	if r := jobs[0].Round % 4; r == 1 || r == 2 {
		first = !first
	}
	if first {
		return [2][]int{low, high}
	}
	return [2][]int{high, low}
}

// runDuet runs two jobs of one round at the same time, each pinned to its processors and held at a
// barrier just before its measured region (host -barrier) until both have reached it, or one has ended,
// or the timeout came; then both are released. Each is judged as runHost judges one; each sample names
// its partner and its processors.
func runDuet(ctx context.Context, emulator []string, paths [2]string, plan matrix.Plan, jobs [2]matrix.Job, env []string, timeout time.Duration, cpus [2][]int) ([2]matrix.Sample, error) {
	var hs [2]*hostRun
	var releases [2]io.WriteCloser
	ready := make(chan int, 2)
	for i, j := range jobs {
		h := newHostRun(ctx, emulator, paths[i], plan, j, env, timeout, []string{"-cpus", affinity.Format(cpus[i]), "-barrier"})
		defer h.cancel()
		h.cmd.Stderr = &readyWatch{w: h.stderr, line: []byte(host.ReadyLine), ready: func() { ready <- i }}
		w, err := h.cmd.StdinPipe()
		if err != nil {
			return [2]matrix.Sample{}, err
		}
		hs[i], releases[i] = h, w
	}
	exited := make(chan int, 2)
	var wg sync.WaitGroup
	for i, h := range hs {
		h.begin()
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.wait()
			exited <- i
		}()
	}
	waiting := 2
	for waiting > 0 {
		select {
		case <-ready:
			waiting--
		case <-exited: // one ended before its barrier (a failure): release the other
			waiting = 0
		case <-time.After(timeout):
			waiting = 0
		case <-ctx.Done():
			waiting = 0
		}
	}
	for _, w := range releases {
		w.Write([]byte{1})
		w.Close()
	}
	wg.Wait()
	var out [2]matrix.Sample
	for i, h := range hs {
		s, err := h.sample(ctx, plan, jobs[i], timeout)
		if err != nil {
			return out, err
		}
		s.Pairing, s.Partner, s.Processors = matrix.Duet, jobs[1-i].Variant, affinity.Format(cpus[i])
		out[i] = s
	}
	return out, nil
}

// readyWatch passes a host's stderr on to w and calls ready once, when it has seen line.
type readyWatch struct {
	w     io.Writer
	line  []byte
	ready func()
	seen  []byte // what came so far, up to the line
	done  bool
}

func (r *readyWatch) Write(p []byte) (int, error) {
	if !r.done {
		r.seen = append(r.seen, p...)
		if bytes.Contains(r.seen, r.line) {
			r.done, r.seen = true, nil
			r.ready()
		} else if len(r.seen) > 4*len(r.line) {
			r.seen = r.seen[len(r.seen)-len(r.line):]
		}
	}
	return r.w.Write(p)
}
