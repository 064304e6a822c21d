package report

import (
	"image/color"
	"math"
	"slices"

	"github.com/deflatelab/deflatelab/matrix/stats"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// minHalfSpan is the least half-width of a ratio axis (ln 1.2: at least -17% to +20% shown), so that
// a chart of small changes does not magnify noise.
var minHalfSpan = math.Log(1.2)

// The tradeoff chart's tick gaps: its x axis (warm) is long and its labels wide, its y axis (cold) short.
const (
	tradeoffXTickGap = 0.2
	tradeoffYTickGap = 0.12
)

// logErr returns a delta's log-ratio estimate and its selection-adjusted interval (the one the tables
// print) as error bar lengths (none when there is no interval).
func logErr(d *stats.Delta) (float64, errBar) {
	if d.Log.N == 0 {
		return 0, errBar{}
	}
	if d.Thin() || d.Adjusted.Thin() {
		return d.Log.Estimate, errBar{}
	}
	return d.Log.Estimate, errBar{Low: d.Log.Estimate - d.Adjusted.Lo, High: d.Adjusted.Hi - d.Log.Estimate}
}

// candidateIndex gives every candidate of the report a stable colour and mark, by name order.
func candidateIndex(m *model) map[string]int {
	idx := map[string]int{}
	for _, p := range m.Platforms() {
		for _, g := range m.Groups(p) {
			for _, c := range g.Candidates(m.Analysis.Control) {
				if _, ok := idx[c]; !ok {
					idx[c] = len(idx)
				}
			}
		}
	}
	return idx
}

// tradeoffCharts draws one tradeoff chart per platform: small multiples, one panel per candidate and
// backend (a row per candidate, a column per backend), all on the same scales. One candidate's cells per
// panel keep its points apart: in one panel per backend the candidates' near-zero cells hid each other.
func tradeoffCharts(m *model) ([]chart, error) {
	var out []chart
	for _, p := range m.Platforms() {
		var frames []*frame
		legend := newFrame("", "", "")
		hollow := false
		groups := m.Groups(p)
		var cands []string
		seen := map[string]bool{}
		for _, g := range groups {
			for _, cand := range g.Candidates(m.Analysis.Control) {
				if !seen[cand] {
					seen[cand] = true
					cands = append(cands, cand)
				}
			}
		}
		dops := m.dops(p)
		for _, cand := range cands {
			for _, g := range groups {
				f, h, err := tradeoffPanel(m, g, cand, dops)
				if err != nil {
					return nil, err
				}
				frames = append(frames, f)
				hollow = hollow || h
			}
		}
		if len(cands) == 0 { // control only: an empty panel per backend says so
			for _, g := range groups {
				f, _, err := tradeoffPanel(m, g, "", dops)
				if err != nil {
					return nil, err
				}
				f.p.Title.Text = "backend " + g.Backend + " (no candidate)"
				frames = append(frames, f)
			}
		}
		for i, wl := range m.workloads() {
			legend.legendSwatch(wl, workloadColour(i))
		}
		for k, d := range dops {
			legend.legendEntry("DOP "+m.dopLabel(p, d), gray, shapeGlyph{k % shapes, true})
		}
		legend.legendEntry("faster or slower in both phases", gray, shapeGlyph{circleShape, true})
		if hollow {
			legend.legendEntry("not decided in a phase", gray, shapeGlyph{circleShape, false})
		}
		if err := shareScales(frames); err != nil {
			return nil, err
		}
		c, err := drawPanels("tradeoff-"+slug(p)+".svg", "Tradeoff, "+p, tradeoffCaption,
			"Tradeoff on "+p+": cold vs warm change, per candidate and backend", frames, legend)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

const tradeoffCaption = "One panel per candidate and backend, all on the same scales; each point is one cell: its colour " +
	"the workload, its mark the DOP (the legend), so that no label can hide another; the Hodges-Lehmann change of " +
	"cold (x) against warm (y) time per operation, with the selection-adjusted intervals of the tables (no bar: no " +
	"interval). Both axes are logarithmic, ticked at even steps, so halving and doubling sit at equal distances from " +
	"the dashed no-change lines. Lower left is better in both phases; filled: faster or slower in both phases, " +
	"hollow: not decided in at least one. The tables give every cell's figures."

// workloadColour is the colour of the i-th workload of a report in the charts that colour cells by
// workload (blue, orange, reddish purple: apart from the phases' blue and vermillion of the summary chart
// where they could be confused).
func workloadColour(i int) color.RGBA {
	return []color.RGBA{palette[0], palette[4], palette[3], palette[2], palette[5], palette[1]}[i%len(palette)]
}

// shareScales gives every panel the union of their axis ranges, so that panels compare by position,
// widened to the ticks outside it (ratioTicks.span) so that every axis end carries a label, and draws
// each panel's no-change lines across the whole of it.
func shareScales(frames []*frame) error {
	if len(frames) == 0 {
		return nil
	}
	x0, x1, y0, y1 := frames[0].p.X.Min, frames[0].p.X.Max, frames[0].p.Y.Min, frames[0].p.Y.Max
	for _, f := range frames[1:] {
		x0, x1 = math.Min(x0, f.p.X.Min), math.Max(x1, f.p.X.Max)
		y0, y1 = math.Min(y0, f.p.Y.Min), math.Max(y1, f.p.Y.Max)
	}
	xt, x0, x1 := ratioTicks{gap: tradeoffXTickGap}.span(x0, x1)
	yt, y0, y1 := ratioTicks{gap: tradeoffYTickGap}.span(y0, y1)
	for _, f := range frames {
		f.p.X.Tick.Marker, f.p.Y.Tick.Marker = xt, yt
		f.p.X.Min, f.p.X.Max, f.p.Y.Min, f.p.Y.Max = x0, x1, y0, y1
		if err := zeroLine(f.p, true); err != nil {
			return err
		}
		if err := zeroLine(f.p, false); err != nil {
			return err
		}
	}
	return nil
}

// tradeoffPanel plots, for one platform, backend and candidate, the candidate's warm change against its
// cold change, one point per workload and DOP - the workload its colour, the DOP its mark (dops: the
// platform's DOPs, in mark order) - both axes log ratios labelled in percent. hollow reports whether any
// point is not decided in a phase.
func tradeoffPanel(m *model, g group, cand string, dops []int) (f *frame, hollow bool, err error) {
	f = newFrame(cand+", backend "+g.Backend, "cold change (log scale)", "warm change (log scale)")
	for _, sty := range []*font.Font{&f.p.X.Label.TextStyle.Font, &f.p.Y.Label.TextStyle.Font, &f.p.Title.TextStyle.Font} {
		sty.Size = vg.Points(10)
	}
	f.p.X.Tick.Label.Font.Size, f.p.Y.Tick.Label.Font.Size = vg.Points(8), vg.Points(8) // a small panel's ticks
	var xs, ys []float64
	keys, cells := g.Rows()
	if !slices.Contains(g.Candidates(m.Analysis.Control), cand) {
		f.p.Title.Text += " (not measured)"
	}
	workloads := m.workloads()
	for _, k := range keys {
		cold, warm := cells[k]["cold"], cells[k]["warm"]
		if cold == nil || warm == nil {
			continue
		}
		cd, wd := cold.Delta(cand, stats.Elapsed.Name), warm.Delta(cand, stats.Elapsed.Name)
		if cd == nil || wd == nil || cd.Log.N == 0 || wd.Log.N == 0 {
			continue
		}
		x, xe := logErr(cd)
		y, ye := logErr(wd)
		decided := cd.Class().Decided() && wd.Class().Decided()
		hollow = hollow || !decided
		var pts points
		pts.add(x, y, xe, ye, "")
		xs, ys = append(xs, x-xe.Low, x+xe.High), append(ys, y-ye.Low, y+ye.High)
		shape := shapeGlyph{max(0, slices.Index(dops, k.DOP)) % shapes, decided}
		if err := f.addPoints(&pts, workloadColour(max(0, slices.Index(workloads, k.Workload))), shape, "", true, true); err != nil {
			return nil, false, err
		}
	}
	if len(xs) == 0 {
		f.p.Title.Text += " (no cell with both phases paired)"
	}
	// shareScales widens these to ticks, with the other panels', and draws the no-change lines.
	f.p.X.Min, f.p.X.Max = logRange(xs, minHalfSpan)
	f.p.Y.Min, f.p.Y.Max = logRange(ys, minHalfSpan)
	return f, hollow, nil
}
