package report

import (
	"fmt"
	"math"

	"github.com/deflatelab/deflatelab/matrix/stats"
	"gonum.org/v1/plot/vg/draw"
)

// summaryCharts draws one summary chart per platform.
func summaryCharts(m *model) ([]chart, error) {
	var out []chart
	idx := candidateIndex(m)
	for _, p := range m.Platforms() {
		c, err := summaryChart(m, p, idx)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// summaryChart plots, for one platform, every cell's change on one log-ratio axis, one row per
// candidate, backend and phase: each point one workload/DOP with its interval, filled when significant
// and hollow when "~". Nothing is pooled: the spread of a row is the spread of its cells.
func summaryChart(m *model, platform string, idx map[string]int) (chart, error) {
	f := newFrame("Every cell on "+platform+": change in elapsed time vs control", "change vs control (log scale)", "")
	f.p.X.Tick.Marker = ratioTicks{}
	var names []string
	var xs []float64
	anyHollow := false
	seen := map[string]bool{}
	for _, r := range m.Verdicts {
		if r.Platform != platform {
			continue
		}
		for _, ph := range []struct {
			name string
			v    *stats.Verdict
		}{{"warm", r.Warm}, {"cold", r.Cold}} {
			if ph.v == nil {
				continue
			}
			row := float64(len(names))
			names = append(names, fmt.Sprintf("%s, %s, %s", r.Candidate, r.Backend, ph.name))
			var filled, hollow points
			n := len(ph.v.Outcomes)
			for i, o := range ph.v.Outcomes {
				if o.Delta.Log.N == 0 {
					continue
				}
				x, xe := logErr(o.Delta)
				jitter := 0.0
				if n > 1 {
					jitter = (float64(i)/float64(n-1) - 0.5) * 0.5 // cells spread over half a row
				}
				pts := &hollow
				if o.Direction != 0 {
					pts = &filled
				} else {
					anyHollow = true
				}
				pts.add(x, row+jitter, xe, errBar{}, "")
				xs = append(xs, x-xe.Low, x+xe.High)
			}
			i := idx[r.Candidate]
			col, mk := palette[i%len(palette)], marks[i%len(marks)]
			if err := f.addPoints(&filled, col, mk.filled, "", true, false); err != nil {
				return chart{}, err
			}
			if err := f.addPoints(&hollow, col, mk.hollow, "", true, false); err != nil {
				return chart{}, err
			}
			if !seen[r.Candidate] {
				seen[r.Candidate] = true
				f.legendEntry(r.Candidate, col, mk.filled)
			}
		}
	}
	if anyHollow {
		f.legendEntry("hollow: ~", gray, draw.RingGlyph{})
	}
	if len(names) > 0 {
		f.p.NominalY(names...)
	}
	f.p.X.Min, f.p.X.Max = logRange(xs, minHalfSpan)
	f.p.Y.Min, f.p.Y.Max = -0.6, math.Max(0.6, float64(len(names))-0.4)
	if err := zeroLine(f.p, true); err != nil {
		return chart{}, err
	}
	return f.draw("summary-"+slug(platform)+".svg", "Every cell, "+platform,
		"One row per candidate, backend and phase; each point is one workload/DOP cell: its Hodges-Lehmann change "+
			"in elapsed time against control with its 95% interval, on a logarithmic axis labelled in percent. Filled: "+
			"significant after the correction; hollow: \"~\". No figure is pooled across cells.")
}
