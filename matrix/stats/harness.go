package stats

import (
	"math"

	"github.com/deflatelab/deflatelab/matrix"
	"github.com/deflatelab/deflatelab/matrix/hostresult"
)

// HarnessWarnShare is the share of the fastest operation above which the harness's own cost per operation
// is a first-page warning: docs/METHOD.md ("Harness overhead") keeps it below 1% on a quiet machine, and
// a busy one read 3-24% (issue 27).
const HarnessWarnShare = 0.01

// FastestOp is the lowest median warm time per operation at DOP 1 of an analysis: the operation the
// harness's cost is set against.
type FastestOp struct {
	NsPerOp float64 // +Inf when the analysis has no warm DOP-1 cell
	Variant string
	Cell    matrix.Cell
}

// Fastest finds the lowest median warm ns/op at DOP 1.
func (a *Analysis) Fastest() FastestOp {
	f := FastestOp{NsPerOp: math.Inf(1)}
	for _, c := range a.Cells {
		if c.Phase != hostresult.Warm || c.DOP != 1 {
			continue
		}
		for _, v := range c.Variants {
			if e := v.Metrics[ElapsedPerOp.Name]; !e.Empty() && e.Center < f.NsPerOp {
				f = FastestOp{NsPerOp: e.Center, Variant: v.Name, Cell: c.Cell}
			}
		}
	}
	return f
}

// HarnessOverhead is one run's recorded harness cost (run.json's harness, measured at the run's start)
// against the analysis' fastest operation. Share is NaN when there is no fastest operation.
type HarnessOverhead struct {
	Run     string
	NsPerOp float64
	Fastest FastestOp
	Share   float64
	Warn    bool // Share > HarnessWarnShare
}

// HarnessOverheads lists the harness cost of every manifest that recorded one.
func (a *Analysis) HarnessOverheads(manifests []*matrix.Manifest) []HarnessOverhead {
	f := a.Fastest()
	var out []HarnessOverhead
	for _, m := range manifests {
		if m == nil || m.Harness == nil {
			continue
		}
		h := HarnessOverhead{Run: m.Run, NsPerOp: m.Harness.NsPerOp, Fastest: f, Share: math.NaN()}
		if !math.IsInf(f.NsPerOp, 0) && f.NsPerOp > 0 {
			h.Share = h.NsPerOp / f.NsPerOp
			h.Warn = h.Share > HarnessWarnShare
		}
		out = append(out, h)
	}
	return out
}
