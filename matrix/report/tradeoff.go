package report

import (
	"math"
	"strings"

	"github.com/deflatelab/deflatelab/matrix/stats"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// minHalfSpan is the least half-width of a ratio axis (ln 1.2: at least -17% to +20% shown), so that
// a chart of small changes does not magnify noise.
var minHalfSpan = math.Log(1.2)

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

// tradeoffCharts draws one tradeoff chart per platform: small multiples, one panel per backend.
func tradeoffCharts(m *model) ([]chart, error) {
	var out []chart
	idx := candidateIndex(m)
	for _, p := range m.Platforms() {
		var frames []*frame
		legend := newFrame("", "", "")
		hollow := false
		seen := map[string]bool{}
		for _, g := range m.Groups(p) {
			f, h, err := tradeoffPanel(m, g, idx)
			if err != nil {
				return nil, err
			}
			frames = append(frames, f)
			hollow = hollow || h
			for _, cand := range g.Candidates(m.Analysis.Control) {
				if !seen[cand] {
					seen[cand] = true
					i := idx[cand]
					legend.legendEntry(cand, palette[i%len(palette)], marks[i%len(marks)].filled)
				}
			}
		}
		if hollow {
			legend.legendEntry("hollow: undecided", gray, shapeGlyph{circleShape, false})
		}
		shareScales(frames)
		c, err := drawPanels("tradeoff-"+slug(p)+".svg", "Tradeoff, "+p, tradeoffCaption, "Tradeoff on "+p+": cold vs warm change, per backend", frames, legend)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

const tradeoffCaption = "One panel per backend, both on the same scales; each point is one candidate in one workload/DOP, " +
	"labelled with the candidate's short name (p8: pooled/8, split: splitalloc) and the cell: the Hodges-Lehmann change " +
	"of cold (x) against warm (y) time per operation, with the selection-adjusted intervals of the tables (no bar: no " +
	"interval). Both axes are logarithmic, so halving and doubling sit at equal distances from the dashed no-change " +
	"lines. Lower left is better in both phases; filled: faster or slower in both phases, hollow: not decided in at " +
	"least one. Points near the origin crowd: a label that would overlap another is left out, and the tables name every cell."

// shortName is a candidate's label prefix in a crowded chart: "p8" for pooled/8, "split" for splitalloc.
func shortName(cand string) string {
	switch {
	case strings.HasPrefix(cand, "pooled/"):
		return "p" + strings.TrimPrefix(cand, "pooled/")
	case cand == "splitalloc":
		return "split"
	}
	return cand
}

// shareScales gives every panel the union of their axis ranges, so that panels compare by position.
func shareScales(frames []*frame) {
	if len(frames) < 2 {
		return
	}
	x0, x1, y0, y1 := frames[0].p.X.Min, frames[0].p.X.Max, frames[0].p.Y.Min, frames[0].p.Y.Max
	for _, f := range frames[1:] {
		x0, x1 = math.Min(x0, f.p.X.Min), math.Max(x1, f.p.X.Max)
		y0, y1 = math.Min(y0, f.p.Y.Min), math.Max(y1, f.p.Y.Max)
	}
	for _, f := range frames {
		f.p.X.Min, f.p.X.Max, f.p.Y.Min, f.p.Y.Max = x0, x1, y0, y1
	}
}

// tradeoffPanel plots, for one platform and backend, each candidate's warm change against its cold
// change, one point per workload and DOP, both axes log ratios labelled in percent. hollow reports whether
// any point is "~" in a phase.
func tradeoffPanel(m *model, g group, idx map[string]int) (f *frame, hollow bool, err error) {
	f = newFrame("backend "+g.Backend, "cold change (log scale)", "warm change (log scale)")
	f.p.X.Tick.Marker, f.p.Y.Tick.Marker = ratioTicks{gap: 0.22}, ratioTicks{gap: 0.12}
	for _, sty := range []*font.Font{&f.p.X.Label.TextStyle.Font, &f.p.Y.Label.TextStyle.Font, &f.p.Title.TextStyle.Font} {
		sty.Size = vg.Points(10)
	}
	var xs, ys []float64
	keys, cells := g.Rows()
	for _, cand := range g.Candidates(m.Analysis.Control) {
		var filled, open points
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
			pts := &open
			if cd.Class().Decided() && wd.Class().Decided() {
				pts = &filled
			} else {
				hollow = true
			}
			pts.add(x, y, xe, ye, shortName(cand)+" "+m.cellLabel(g.Platform, k.Workload, k.DOP))
			xs, ys = append(xs, x-xe.Low, x+xe.High), append(ys, y-ye.Low, y+ye.High)
		}
		i := idx[cand]
		col, mk := palette[i%len(palette)], marks[i%len(marks)]
		if err := f.addPoints(&filled, col, mk.filled, "", true, true); err != nil {
			return nil, false, err
		}
		if err := f.addPoints(&open, col, mk.hollow, "", true, true); err != nil {
			return nil, false, err
		}
	}
	if len(xs) == 0 {
		f.p.Title.Text += " (no cell with both phases paired)"
	}
	f.p.X.Min, f.p.X.Max = logRange(xs, minHalfSpan)
	f.p.Y.Min, f.p.Y.Max = logRange(ys, minHalfSpan)
	if err := zeroLine(f.p, true); err != nil {
		return nil, false, err
	}
	if err := zeroLine(f.p, false); err != nil {
		return nil, false, err
	}
	return f, hollow, nil
}
