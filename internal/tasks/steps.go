package tasks

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/deflatelab/deflatelab/matrix/runner"
)

// liveTick is how often a step's live line redraws its elapsed time.
const liveTick = time.Second

// stepper prints the matrix target's progress: one line per finished step with its time,
// "matrix: validate     41.2s", and, on a terminal, one live line while a step runs
// ("matrix: validate ... 12s") that every other write first clears.
type stepper struct {
	mu      sync.Mutex
	w       io.Writer // the terminal or log
	live    bool      // w is a terminal
	showing bool      // the live line is on screen
	// ctx, when not nil, is the target's: a step that fails once it is cancelled (Ctrl-C, SIGTERM) was
	// interrupted, and says so instead of FAILED.
	ctx context.Context
}

// interrupted reports whether the target was stopped (its context cancelled).
func (p *stepper) interrupted() bool { return p.ctx != nil && p.ctx.Err() != nil }

// settle waits, for a step that failed because its child process was killed by a signal, up to a second
// for the target's context to be cancelled: a SIGTERM to the process group reaches the step's go test
// as soon as the target, whose cancellation may come a moment later.
func (p *stepper) settle(err error) {
	var ee *exec.ExitError
	if p.ctx == nil || !errors.As(err, &ee) || ee.Exited() {
		return
	}
	select {
	case <-p.ctx.Done():
	case <-time.After(time.Second):
	}
}

// Write passes p through, clearing the live line first, so that a failing step's output is never
// drawn over.
func (p *stepper) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	return p.w.Write(b)
}

func (p *stepper) clear() {
	if p.showing {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.showing = false
	}
}

// run runs one step, with a live line unless ticking is false (the bench draws its own), and prints
// its line: name, time, the detail f returns, and FAILED when it failed - or "interrupted" when the
// target was stopped, whose error then says that rather than how the step's command died.
func (p *stepper) run(name string, ticking bool, f func() (detail string, err error)) error {
	start := time.Now()
	done := make(chan struct{})
	var wg sync.WaitGroup
	if p.live && ticking {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.NewTicker(liveTick)
			defer t.Stop()
			for {
				p.mu.Lock()
				p.clear()
				fmt.Fprintf(p.w, "matrix: %s ... %v", name, time.Since(start).Round(time.Second))
				p.showing = true
				p.mu.Unlock()
				select {
				case <-done:
					return
				case <-t.C:
				}
			}
		}()
	}
	detail, err := f()
	close(done)
	wg.Wait()
	line := fmt.Sprintf("matrix: %-24s %6.1fs", name, time.Since(start).Seconds())
	if detail != "" {
		line += "  " + detail
	}
	if err != nil {
		p.settle(err)
	}
	switch {
	case err != nil && p.interrupted():
		line += "  interrupted"
		var resumable *runner.ResumableError
		if errors.As(err, &resumable) { // the bench's samples so far are kept: say how to go on, as lab bench does
			err = fmt.Errorf("%s interrupted: %w; the samples so far are kept, %s", strings.SplitN(name, ",", 2)[0], context.Cause(p.ctx), resumable.Continue())
		} else {
			err = fmt.Errorf("%s interrupted: %w", strings.SplitN(name, ",", 2)[0], context.Cause(p.ctx))
		}
	case err != nil:
		line += "  FAILED"
	}
	p.mu.Lock()
	p.clear()
	fmt.Fprintln(p.w, line)
	p.mu.Unlock()
	return err
}
