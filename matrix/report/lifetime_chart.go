package report

import (
	"fmt"
	"image/color"
	"math"

	"github.com/deflatelab/deflatelab/matrix/lifetime"
	"github.com/deflatelab/deflatelab/matrix/stats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// bandAlpha is the opacity of a ratio's interval band: light enough that overlapping bands of two
// candidates stay readable.
const bandAlpha = 0x30

// lifetimeTickGap keeps a panel's ratio labels an eighth of its height apart: a panel is half a chart wide.
const lifetimeTickGap = 0.12

// lifetimeCharts draws one chart per platform and decision DOP: one panel per backend and workload,
// each candidate's lifetime cost ratio against N with its band and its break-even marked.
func lifetimeCharts(m *model) ([]chart, error) {
	v := m.Life
	if v == nil || len(v.cells) == 0 {
		return nil, nil
	}
	idx := candidateIndex(m)
	type key struct {
		platform string
		dop      int
	}
	var keys []key
	byKey := map[key][]*stats.Lifetime{}
	for _, l := range v.decisionCells() {
		k := key{l.Platform, l.DOP}
		if byKey[k] == nil {
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], l)
	}
	var out []chart
	for _, k := range keys {
		c, err := lifetimeChart(k.platform, k.dop, byKey[k], idx)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// lifetimeChart draws one platform's and DOP's cells, one panel each, their y axes made equally wide.
func lifetimeChart(platform string, dop int, cells []*stats.Lifetime, idx map[string]int) (chart, error) {
	var frames []*frame
	legend := newFrame("", "", "")
	seen := map[string]bool{}
	for _, l := range cells {
		f, err := lifetimePanel(l, idx)
		if err != nil {
			return chart{}, err
		}
		frames = append(frames, f)
		for _, c := range lifeCandidates(l) {
			if !seen[c] {
				seen[c] = true
				i := idx[c]
				legend.legendEntry(c, palette[i%len(palette)], marks[i%len(marks)].filled)
			}
		}
	}
	alignYAxes(frames)
	return drawPanels(fmt.Sprintf("lifetime-%s-dop%d.svg", slug(platform), dop), fmt.Sprintf("Lifetime cost, %s, DOP %d", platform, dop),
		lifetimeCaption, fmt.Sprintf("Lifetime cost vs control on %s, DOP %d, per backend and workload", platform, dop), frames, legend)
}

const lifetimeCaption = "One panel per backend and workload; each line is one candidate's expected total time over a process's first N " +
	"operations divided by control's (log axes: halving and doubling sit at equal distances from the dashed no-change " +
	"line), with its paired sign-flip band at the lifetime page's selection-adjusted level; the y axis is ticked at even steps. " +
	"Solid where the cold samples measured the operations, dashed where the cost grows at the warm level (extrapolated). " +
	"A mark on the no-change line is a break-even: from that N on the long-run winner stays the cheaper; the line under " +
	"each panel gives each candidate's break-even N beside its mark."

// lifetimePanel plots one cell's candidates.
func lifetimePanel(l *stats.Lifetime, idx map[string]int) (*frame, error) {
	f := newFrame(fmt.Sprintf("%s, %s", l.Backend, l.Workload), "N, operations per process", "vs control")
	p := f.p
	p.X.Tick.Marker = lifetimeTicks{}
	var ys []float64
	for _, name := range lifeCandidates(l) {
		c := l.Comparisons[name]
		i := idx[name]
		col := palette[i%len(palette)]
		var line, ext, band, upper plotter.XYs
		for _, r := range c.Ratios {
			xy := plotter.XY{X: lifeX(r.N), Y: math.Log(r.Estimate)}
			if r.N <= c.Measured {
				line = append(line, xy)
			}
			if r.N >= c.Measured || len(ext) > 0 {
				ext = append(ext, xy)
			}
			ys = append(ys, xy.Y)
			if !math.IsNaN(r.Lo) {
				band = append(band, plotter.XY{X: lifeX(r.N), Y: math.Log(r.Lo)})
				upper = append(upper, plotter.XY{X: lifeX(r.N), Y: math.Log(r.Hi)})
				ys = append(ys, math.Log(r.Lo), math.Log(r.Hi))
			}
		}
		if len(band) > 1 {
			for j := len(upper) - 1; j >= 0; j-- {
				band = append(band, upper[j])
			}
			poly, err := plotter.NewPolygon(band)
			if err != nil {
				return nil, err
			}
			poly.Color = color.RGBA{col.R, col.G, col.B, bandAlpha}
			poly.LineStyle.Width = 0
			p.Add(poly)
		}
		for _, part := range []struct {
			xys    plotter.XYs
			dashed bool
		}{{line, false}, {ext, true}} {
			if len(part.xys) < 2 {
				continue
			}
			ln, err := plotter.NewLine(part.xys)
			if err != nil {
				return nil, err
			}
			ln.LineStyle.Color, ln.LineStyle.Width = col, vg.Points(1.5)
			if part.dashed {
				ln.LineStyle.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
			}
			p.Add(ln)
		}
		if be := c.BreakEven; be.Decided && !be.NoCrossing {
			var pts points
			pts.add(lifeX(be.N), 0, errBar{}, errBar{}, "")
			if err := f.addPoints(&pts, col, marks[i%len(marks)].filled, "", false, false); err != nil {
				return nil, err
			}
			f.footer = append(f.footer, footerItem{Col: col, Shape: marks[i%len(marks)].filled, Text: num(float64(be.N))})
		}
	}
	if len(f.footer) > 0 {
		f.footerLead = "break-even N:"
	}
	p.X.Min, p.X.Max = lifeX(1), lifeX(lifetime.MaxN)
	p.Y.Tick.Marker, p.Y.Min, p.Y.Max = ratioTicks{gap: lifetimeTickGap}.span(logRange(ys, minHalfSpan))
	if err := zeroLine(p, false); err != nil {
		return nil, err
	}
	return f, nil
}

// lifeX is where a lifetime of n operations sits on a panel's x axis: log10 n on a linear axis. (A log
// scale would draw the same, but gonum pads a log axis for its label as if the label stood over the
// arithmetic middle of its range, 500,000 of 1 to 1M, near the right end: a blank strip a third of the
// panel wide.)
func lifeX(n int) float64 { return math.Log10(float64(n)) }

// lifetimeTicks label a lifetime axis (lifeX) at the powers of ten, as the tables do (1, 100, 10k, 1M),
// every other one labelled so that the labels of a small panel do not touch.
type lifetimeTicks struct{}

func (lifetimeTicks) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	for k, n := 0, 1; n <= lifetime.MaxN; k, n = k+1, n*10 {
		if x := lifeX(n); x < lo-1e-9 || x > hi+1e-9 {
			continue
		}
		label := ""
		if k%2 == 0 {
			label = nLabel(n)
		}
		out = append(out, plot.Tick{Value: lifeX(n), Label: label})
	}
	return out
}
