package runner

import (
	"bytes"
	"strings"
	"testing"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// On a terminal the bar is one line, redrawn per sample and erased at the end (the summary line
// follows); elsewhere each sample is a line of its own.
func TestProgress(t *testing.T) {
	s := matrix.Sample{Cell: matrix.Cell{Workload: "fixed", DOP: 1, Phase: "cold", Backend: "pages"}, Variant: "control", OK: true, Result: &hostresult.Result{ElapsedNs: 1e6}}
	var live, lines bytes.Buffer
	for _, tt := range []struct {
		buf  *bytes.Buffer
		live bool
	}{{&live, true}, {&lines, false}} {
		p := newProgress(tt.buf, tt.live, 3, 0)
		for range 3 {
			p.sample(s)
		}
		p.finish()
	}
	if strings.Contains(live.String(), "\n") || !strings.HasSuffix(live.String(), "3/3 samples  ETA 0s  (last: control ok)\r\x1b[K") {
		t.Errorf("live bar output %q: want redraws on one line, erased at the end", live.String())
	}
	if n := strings.Count(lines.String(), "\n"); n != 3 {
		t.Errorf("plain progress wrote %d lines, want 3:\n%s", n, lines.String())
	}
}
