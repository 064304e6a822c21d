package report

import (
	"image/color"
	"slices"
	"strings"

	"fmt"
	"gonum.org/v1/plot/vg"
	"math"

	"github.com/deflatelab/deflatelab/matrix/stats"
)

// summaryCharts draws one summary chart per platform.
func summaryCharts(m *model) ([]chart, error) {
	var out []chart
	idx := candidateIndex(m)
	for _, p := range m.Platforms() {
		if !m.hasCandidates(p) {
			continue // control alone: no change to chart
		}
		c, err := summaryChart(m, p, idx)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// summaryPhases are the summary chart's two series: the phase is the colour, warm above cold in a row.
var summaryPhases = []struct {
	Name   string
	Col    color.RGBA
	Offset float64
}{{"warm", palette[0], 0.2}, {"cold", palette[1], -0.2}}

// summaryChart plots, for one platform, every cell's change on one log-ratio axis: one row per candidate,
// backend and workload, warm (blue) above cold (vermillion), each DOP its own mark, filled when the cell is
// faster or slower and hollow otherwise (inconclusive, equivalent or unstable). Every point is one cell,
// identified by its row, colour and mark; nothing is pooled.
func summaryChart(m *model, platform string, _ map[string]int) (chart, error) {
	f := newFrame("Every cell, "+platform+": change in elapsed time vs control", "change vs control (log scale)", "")
	var dops []int
	for _, c := range m.Analysis.Cells {
		if c.Platform == platform && !slices.Contains(dops, c.DOP) {
			dops = append(dops, c.DOP)
		}
	}
	slices.Sort(dops)
	var names []string
	var xs []float64
	anyHollow := false
	for _, r := range m.Verdicts {
		if r.Platform != platform {
			continue
		}
		warm, cold := byWorkload(r.Warm), byWorkload(r.Cold)
		for _, wl := range m.workloads() {
			row := float64(len(names))
			names = append(names, fmt.Sprintf("%s, %s, %s", r.Candidate, r.Backend, wl))
			for pi, v := range []*stats.Verdict{warm[wl], cold[wl]} {
				if v == nil {
					continue
				}
				ph := summaryPhases[pi]
				for _, o := range v.Outcomes {
					if o.Delta.Log.N == 0 {
						continue
					}
					k := slices.Index(dops, o.DOP)
					y := row + ph.Offset + (float64(k)-float64(len(dops)-1)/2)*0.06
					x, xe := logErr(o.Delta)
					var pts points
					pts.add(x, y, xe, errBar{}, "")
					xs = append(xs, x-xe.Low, x+xe.High)
					filled := o.Class.Decided()
					anyHollow = anyHollow || !filled
					if err := f.addPoints(&pts, ph.Col, shapeGlyph{k % shapes, filled}, "", true, false); err != nil {
						return chart{}, err
					}
				}
			}
		}
	}
	for _, ph := range summaryPhases {
		f.legendEntry(ph.Name, ph.Col, shapeGlyph{squareShape, true})
	}
	for k, d := range dops {
		label := fmt.Sprintf("DOP %d", d)
		if m.oversubscribed(platform, d) {
			label += throughputMark
		}
		f.legendEntry(label, gray, shapeGlyph{k % shapes, true})
	}
	if anyHollow {
		f.legendEntry("hollow: undecided", gray, shapeGlyph{circleShape, false})
	}
	if len(names) > 0 {
		f.p.NominalY(names...)
	}
	f.p.X.Tick.Marker, f.p.X.Min, f.p.X.Max = ratioTicks{}.span(logRange(xs, minHalfSpan))
	f.p.Y.Min, f.p.Y.Max = -0.6, math.Max(0.6, float64(len(names))-0.4)
	if err := zeroLine(f.p, true); err != nil {
		return chart{}, err
	}
	h := max(3*vg.Inch, vg.Length(len(names))*summaryRowH+summaryExtraH)
	return f.drawSized("summary-"+slug(platform)+".svg", "Every cell, "+platform,
		fmt.Sprintf("One row per candidate, backend and workload; in each row warm (blue) above cold (vermillion), one mark "+
			"per DOP (%s). Each point is one cell's Hodges-Lehmann change in elapsed time against control, its bar the "+
			"selection-adjusted interval of the tables (family *elapsed time*); filled: faster or slower, hollow: "+
			"not decided (inconclusive, equivalent or unstable). Log axis labelled in percent; nothing is pooled across cells.", dopsText(dops)),
		summaryW, h)
}

// Summary chart geometry: the height of a row (two phases of marks) and the room for axes and title.
const (
	summaryRowH   = 14 // points
	summaryExtraH = 70 // points
	summaryW      = 9 * vg.Inch
)

func dopsText(dops []int) string {
	var s []string
	for k, d := range dops {
		s = append(s, fmt.Sprintf("%s %d", []string{"circle", "square", "triangle", "diamond"}[k%shapes], d))
	}
	return strings.Join(s, ", ")
}
