package runner

import (
	"fmt"
	"io"
	"time"

	"github.com/deflatelab/deflatelab/matrix"
)

// progress reports samples as they finish: a live single-line bar on a terminal, one plain line per
// sample otherwise (CI logs).
type progress struct {
	w       io.Writer
	live    bool
	total   int       // samples in the plan
	done    int       // recorded, including those a resume found
	taken   int       // taken by this invocation
	started time.Time // of this invocation
}

func newProgress(w io.Writer, live bool, total, done int) *progress {
	return &progress{w: w, live: live, total: total, done: done, started: time.Now()}
}

// eta extrapolates this invocation's mean time per sample over the samples left.
func (p *progress) eta() time.Duration {
	if p.taken == 0 {
		return 0
	}
	per := time.Since(p.started) / time.Duration(p.taken)
	return (per * time.Duration(p.total-p.done)).Round(time.Second)
}

func (p *progress) sample(s matrix.Sample) {
	p.done++
	p.taken++
	p.total = max(p.total, p.done) // re-sampling's extra rounds go past the plan's count
	status := "ok"
	if !s.OK {
		status = "FAILED: " + s.Error
	}
	if p.live {
		fmt.Fprintf(p.w, "\r\x1b[K%s  %d/%d samples  ETA %v  (last: %s %s)", s.Cell, p.done, p.total, p.eta(), s.Variant, status)
		return
	}
	ms := float64(s.WallNs) / 1e6
	if s.OK {
		ms = float64(s.Result.ElapsedNs) / 1e6
	}
	fmt.Fprintf(p.w, "[%d/%d] %s round=%d variant=%s %.1fms %s\n", p.done, p.total, s.Cell, s.Round, s.Variant, ms, status)
}

// finish erases the bar: the summary line that follows it says what it said, so that a run on a
// terminal leaves one line, not two.
func (p *progress) finish() {
	if p.live && p.taken > 0 {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
